# game.mk -- Spring Challenge 2021: referee, tests, smoke arena and bench.
#
#   build/spring2021-referee   replay / replay-all / match (see referee.c)
#   test-spring2021            rules and AI unit tests (sanitizers), replay of
#                              every official trace in
#                              ../shared/specs/spring2021-traces, and the bot's
#                              protocol test (tests/spring2021/test_protocol.py)
#                              and the referee's match mode (test_match.py)
#   smoke-spring2021           a two-game arena run, dist vs greedy
#                              (tests/spring2021/smoke.py, relaxed limits)
#   bench-spring2021           simulator and bot speed lines

S21_DIR    := games/spring2021
S21_RULES  := $(S21_DIR)/rules.c modules/javarand.c
S21_TRACES := ../shared/specs/spring2021-traces

TOOLS += build/spring2021-referee build/spring2021-bench
GAME_TESTS += test-spring2021
GAME_SMOKES += smoke-spring2021
GAME_BENCHES += bench-spring2021

build/spring2021-referee: $(call obj,$(S21_DIR)/referee.c $(S21_RULES) modules/deadline.c modules/proc.c modules/judge.c)
	$(LINK)

build/asan-bin/spring2021-referee: $(call asanobj,$(S21_DIR)/referee.c $(S21_RULES) modules/deadline.c modules/proc.c modules/judge.c)
	$(ASAN_LINK)

build/spring2021-bench: $(call obj,$(S21_DIR)/bench.c $(S21_DIR)/ai.c $(S21_RULES) modules/deadline.c modules/rng.c)
	$(LINK)

build/tests/spring2021/test_rules: $(call asanobj,tests/spring2021/test_rules.c $(S21_RULES))
	$(ASAN_LINK)

build/tests/spring2021/test_ai: $(call asanobj,tests/spring2021/test_ai.c $(S21_DIR)/ai.c $(S21_RULES) modules/deadline.c modules/rng.c)
	$(ASAN_LINK)

test-spring2021: build/tests/spring2021/test_rules build/tests/spring2021/test_ai build/asan-bin/spring2021-referee build/spring2021 build/spring2021-random
	build/tests/spring2021/test_rules
	build/tests/spring2021/test_ai
	build/asan-bin/spring2021-referee replay-all $(S21_TRACES)
	$(PYTHON) tests/spring2021/test_protocol.py build/spring2021 $(S21_TRACES)
	$(PYTHON) tests/spring2021/test_match.py build/asan-bin/spring2021-referee build/spring2021-random build/tmp-spring2021 build/spring2021

smoke-spring2021: build/spring2021 build/spring2021-greedy build/spring2021-referee
	$(PYTHON) tests/spring2021/smoke.py

bench-spring2021: build/spring2021-bench
	build/spring2021-bench
