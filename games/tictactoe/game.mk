# games/tictactoe/game.mk -- tic-tac-toe, the template game: its tools and
# tests. The top-level Makefile already builds dist/tictactoe.c,
# build/tictactoe, the sparring bots build/tictactoe-random and
# build/tictactoe-first, and every tests/tictactoe/test_NAME.c into
# build/tests/tictactoe/test_NAME (sanitizers); binaries are named by their
# entry file, their objects come from the include graph.
#
#   build/tictactoe-referee   match [--seed S] [...] -- CMD0 CMD1 (referee.c)
#   test-tictactoe    rules and AI unit tests (the AI never loses, checked
#                     against every line of the opponent), the bots'
#                     protocol and bad-input test, the referee's matches
#   smoke-tictactoe   a short arena run, dist vs random, through arena.py

TTT_BOTS := build/tictactoe build/tictactoe-random build/tictactoe-first

TOOLS += build/tictactoe-referee
LINKS += build/tictactoe-referee:games/tictactoe/referee.c
ASAN_LINKS += build/asan-bin/tictactoe-referee:games/tictactoe/referee.c
GAME_TESTS += test-tictactoe
GAME_SMOKES += smoke-tictactoe

test-tictactoe: $(TTT_BOTS) build/asan-bin/tictactoe-referee
	$(SUITES) build/tests/tictactoe/test_rules \
	  build/tests/tictactoe/test_ai \
	  '$(PYTHON) tests/tictactoe/test_protocol.py $(TTT_BOTS)' \
	  '$(PYTHON) tests/tictactoe/test_match.py build/asan-bin/tictactoe-referee $(TTT_BOTS)'

smoke-tictactoe: build/tictactoe build/tictactoe-random build/tictactoe-referee
	$(SUITES) '$(PYTHON) tests/tictactoe/smoke.py'
