# game.mk -- Spring Challenge 2021: referee, tests, smoke arena and bench.
#
#   build/spring2021-referee   replay / replay-all / match (see referee.c)
#   test-spring2021            rules and AI unit tests (sanitizers), replay of
#                              every official trace in tests/data/spring2021,
#                              the bot's protocol test
#                              (tests/spring2021/test_protocol.py) and the
#                              referee's match mode (test_match.py)
#   smoke-spring2021           a two-game arena run, dist vs greedy
#                              (tests/spring2021/smoke.py, relaxed limits)
#   bench-spring2021           simulator and bot speed lines, from the -O2
#                              tool build and from the judge's build of the
#                              same file (merged, no -O, the bot's pragmas)

S21_DIR    := games/spring2021
S21_TRACES := tests/data/spring2021

TOOLS      += build/spring2021-referee build/spring2021-bench build/spring2021-bench-judge
LINKS      += build/spring2021-referee:$(S21_DIR)/referee.c \
              build/spring2021-bench:$(S21_DIR)/bench.c
ASAN_LINKS += build/asan-bin/spring2021-referee:$(S21_DIR)/referee.c
GAME_TESTS += test-spring2021
GAME_SMOKES += smoke-spring2021
GAME_BENCHES += bench-spring2021

# (a suite's own program, its first word, is built by $(SUITES); the
# prerequisites are the programs the suites take as arguments)
test-spring2021: build/asan-bin/spring2021-referee build/spring2021 build/spring2021-random
	$(SUITES) build/tests/spring2021/test_rules \
	  build/tests/spring2021/test_ai \
	  'build/asan-bin/spring2021-referee replay-all $(S21_TRACES)' \
	  '$(PYTHON) tests/spring2021/test_protocol.py build/spring2021 $(S21_TRACES)' \
	  '$(PYTHON) tests/spring2021/test_match.py build/asan-bin/spring2021-referee build/spring2021-random build/tmp-spring2021 build/spring2021'

smoke-spring2021: build/spring2021 build/spring2021-greedy build/spring2021-referee build/cpuclock.so
	$(SUITES) '$(PYTHON) tests/spring2021/smoke.py'

# bench.c merged and compiled as CodinGame compiles dist/spring2021.c
build/spring2021-bench-judge.c: $(S21_DIR)/bench.c merge.py
	@mkdir -p build
	$(PYTHON) merge.py build spring2021 --entry $< --out $@ --no-limit

build/spring2021-bench-judge: build/spring2021-bench-judge.c
	$(CC) $(CG_CFLAGS) $< -o $@ $(CG_LIBS)

bench-spring2021: build/spring2021-bench build/spring2021-bench-judge
	build/spring2021-bench
	build/spring2021-bench-judge spring2021-judge
