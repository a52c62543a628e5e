# games/greencircle/game.mk -- Green Circle tools, tests, smoke and bench.
#
#   build/greencircle-referee   replay TRACE... | match [--seed S] [--trace F] -- CMD0 CMD1
#   build/greencircle-bench     simulator and search speed (bench lines)
#   test-greencircle            rules and AI unit tests (sanitizers) + replay
#                               of every recorded trace in tests/data/greencircle
#   smoke-greencircle           a few refereed games, dist bot vs sparring bots
#   bench-greencircle           `bench greencircle k=v` lines

GC_DIR    := games/greencircle
GC_TRACES := $(sort $(wildcard tests/data/greencircle/*.txt))
GC_DQ_TRACES := $(sort $(wildcard tests/data/greencircle/dq/*.txt))
GC_FUZZ_TRACES := $(sort $(wildcard tests/data/greencircle/fuzz/*.txt))

TOOLS += build/greencircle-referee build/greencircle-bench
LINKS += build/greencircle-referee:$(GC_DIR)/referee.c \
         build/greencircle-bench:$(GC_DIR)/bench.c
GAME_TESTS += test-greencircle
GAME_SMOKES += smoke-greencircle
GAME_BENCHES += bench-greencircle

test-greencircle:
	$(SUITES) build/tests/greencircle/test_rules \
	  build/tests/greencircle/test_boss \
	  build/tests/greencircle/test_ai \
	  build/tests/greencircle/test_search \
	  build/tests/greencircle/test_clean \
	  build/tests/greencircle/test_race \
	  build/tests/greencircle/test_mc \
	  build/tests/greencircle/test_worth \
	  'build/greencircle-referee replay $(or $(GC_TRACES),tests/data/greencircle/*.txt)' \
	  'build/greencircle-referee replay $(or $(GC_DQ_TRACES),tests/data/greencircle/dq/*.txt)' \
	  'build/greencircle-referee replay $(or $(GC_FUZZ_TRACES),tests/data/greencircle/fuzz/*.txt)' \
	  '$(PYTHON) tests/greencircle/dq_traces.py'

smoke-greencircle: build/greencircle build/greencircle-random build/greencircle-starter build/greencircle-greedy build/greencircle-referee
	$(SUITES) '$(PYTHON) tests/greencircle/smoke.py'

bench-greencircle: build/greencircle-bench
	build/greencircle-bench
