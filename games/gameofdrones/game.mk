# games/gameofdrones/game.mk -- GameOfDrones: library dist file, JS bot,
# referee, equilibrium solver, bench, tests, smoke.
#
#   dist/gameofdrones.c     freestanding library (no main): NO_MAIN below
#   dist/gameofdrones.js    the submission: wasm of dist/gameofdrones.c in an
#                           ES2015 bot module (games/gameofdrones/mkjs.py)
#   build/gameofdrones-referee  match [--rounds R] [--turns T] [--seed S] -- BOT BOT
#   build/gameofdrones-solve    CFR+ equilibrium -> games/gameofdrones/eqtable.c
#   build/gameofdrones-bench    bench lines
#   test-gameofdrones       C unit tests (sanitizers), JS freshness, node tests
#   smoke-gameofdrones      a short arena run
#   bench-gameofdrones      `bench gameofdrones k=v` lines
#
# Regenerate the shipped tables (T = 1..12; about 6 minutes, T = 10 kept):
#   build/gameofdrones-solve --turns 1-12 --iters 16000 --plans 500 --min 2e-5 --reuse \
#       --out games/gameofdrones/eqtable.c

GOD_DIR  := games/gameofdrones

gameofdrones_NO_MAIN := 1
gameofdrones_CHECK_FLAGS := -ffreestanding

TOOLS += build/gameofdrones-referee build/gameofdrones-solve build/gameofdrones-bench dist/gameofdrones.js
LINKS += build/gameofdrones-referee:$(GOD_DIR)/referee.c \
         build/gameofdrones-solve:$(GOD_DIR)/solve.c \
         build/gameofdrones-bench:$(GOD_DIR)/bench.c \
         build/tests/gameofdrones/test_strategy:tests/gameofdrones/test_strategy.c
# (test_strategy plays whole matches: optimised objects, as under the
# sanitizers it takes minutes)
GAME_TESTS += test-gameofdrones
GAME_SMOKES += smoke-gameofdrones
GAME_BENCHES += bench-gameofdrones

dist/gameofdrones.js: dist/gameofdrones.c $(GOD_DIR)/mkjs.py
	$(PYTHON) $(GOD_DIR)/mkjs.py dist/gameofdrones.c dist/gameofdrones.js

# The committed .js must match a fresh build; `make test` runs check-dist
# before `make all` could regenerate it, so the check hangs off check-dist.
.PHONY: check-dist-gameofdrones
check-dist: check-dist-gameofdrones
check-dist-gameofdrones:
	$(SUITES) '$(PYTHON) $(GOD_DIR)/mkjs.py --check dist/gameofdrones.c dist/gameofdrones.js'

test-gameofdrones: build/gameofdrones-referee dist/gameofdrones.js
	$(SUITES) build/tests/gameofdrones/test_rules \
	  build/tests/gameofdrones/test_plan \
	  build/tests/gameofdrones/test_strategy \
	  '$(PYTHON) tests/gameofdrones/test_referee.py' \
	  'timeout 300 node tests/gameofdrones/run_node.mjs'

smoke-gameofdrones: build/gameofdrones-referee build/gameofdrones
	$(SUITES) 'timeout 120 $(PYTHON) arena.py gameofdrones --games 2 --jobs 1 --referee-arg=--rounds --referee-arg=100 dist zerg'

bench-gameofdrones: build/gameofdrones-bench build/gameofdrones-referee
	build/gameofdrones-bench
