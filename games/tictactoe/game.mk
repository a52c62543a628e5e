# games/tictactoe/game.mk -- tic-tac-toe, the template game: its tools and
# tests (the top-level Makefile already builds dist/tictactoe.c, build/tictactoe
# and the sparring bots build/tictactoe-random and build/tictactoe-first).
#
#   test-tictactoe    rules and AI unit tests (sanitizers: the AI never loses,
#                     checked against every line of the opponent), the bots'
#                     protocol and bad-input test

TTT_DIR   := games/tictactoe
TTT_RULES := $(TTT_DIR)/rules.c
TTT_AI    := $(TTT_DIR)/ai.c $(TTT_RULES)

GAME_TESTS += test-tictactoe

build/tests/tictactoe/test_rules: $(call asanobj,tests/tictactoe/test_rules.c $(TTT_RULES))
	$(ASAN_LINK)

build/tests/tictactoe/test_ai: $(call asanobj,tests/tictactoe/test_ai.c $(TTT_AI) modules/rng.c)
	$(ASAN_LINK)

test-tictactoe: build/tests/tictactoe/test_rules build/tests/tictactoe/test_ai build/tictactoe build/tictactoe-random build/tictactoe-first
	build/tests/tictactoe/test_rules
	build/tests/tictactoe/test_ai
	$(PYTHON) tests/tictactoe/test_protocol.py build/tictactoe build/tictactoe-random build/tictactoe-first
