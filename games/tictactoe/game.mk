# games/tictactoe/game.mk -- tic-tac-toe, the template game: its tools and
# tests (the top-level Makefile already builds dist/tictactoe.c, build/tictactoe
# and the sparring bots build/tictactoe-random and build/tictactoe-first).
#
#   build/tictactoe-referee   match [--seed S] [...] -- CMD0 CMD1 (referee.c)
#   test-tictactoe    rules and AI unit tests (sanitizers: the AI never loses,
#                     checked against every line of the opponent), the bots'
#                     protocol and bad-input test, the referee's matches
#   smoke-tictactoe   a short arena run, dist vs random, through arena.py

TTT_DIR   := games/tictactoe
TTT_RULES := $(TTT_DIR)/rules.c
TTT_AI    := $(TTT_DIR)/ai.c $(TTT_RULES)

TOOLS += build/tictactoe-referee
GAME_TESTS += test-tictactoe
GAME_SMOKES += smoke-tictactoe

TTT_REFEREE := $(TTT_DIR)/referee.c $(TTT_RULES) modules/judge.c modules/proc.c modules/deadline.c

build/tictactoe-referee: $(call obj,$(TTT_REFEREE))
	$(LINK)

build/asan-bin/tictactoe-referee: $(call asanobj,$(TTT_REFEREE))
	$(ASAN_LINK)

build/tests/tictactoe/test_rules: $(call asanobj,tests/tictactoe/test_rules.c $(TTT_RULES))
	$(ASAN_LINK)

build/tests/tictactoe/test_ai: $(call asanobj,tests/tictactoe/test_ai.c $(TTT_AI) modules/rng.c)
	$(ASAN_LINK)

# Every suite runs even when an earlier one fails; the recipe fails if any did.
test-tictactoe: build/tests/tictactoe/test_rules build/tests/tictactoe/test_ai build/tictactoe build/tictactoe-random build/tictactoe-first build/asan-bin/tictactoe-referee
	@fail=0; \
	build/tests/tictactoe/test_rules || fail=1; \
	build/tests/tictactoe/test_ai || fail=1; \
	$(PYTHON) tests/tictactoe/test_protocol.py build/tictactoe build/tictactoe-random build/tictactoe-first || fail=1; \
	$(PYTHON) tests/tictactoe/test_match.py build/asan-bin/tictactoe-referee build/tictactoe build/tictactoe-random build/tictactoe-first || fail=1; \
	exit $$fail

smoke-tictactoe: build/tictactoe build/tictactoe-random build/tictactoe-referee
	$(PYTHON) tests/tictactoe/smoke.py
