# games/greencircle/game.mk -- Green Circle tools, tests, smoke and bench.
#
#   build/greencircle-referee   replay TRACE... | match [--seed S] [--trace F] -- CMD0 CMD1
#   build/greencircle-bench     simulator and search speed (bench lines)
#   test-greencircle            rules unit tests (sanitizers) + replay of every
#                               recorded trace in ../shared/specs/greencircle-traces
#   smoke-greencircle           a few refereed games, dist bot vs sparring bots
#   bench-greencircle           `bench greencircle k=v` lines

GC_LIB := games/greencircle/rules.c games/greencircle/proto.c modules/sha1prng.c modules/sha1.c \
          modules/rng.c modules/deadline.c modules/reader.c
GC_AI  := games/greencircle/ai.c
GC_TRACES := $(sort $(wildcard ../shared/specs/greencircle-traces/*.txt))

build/obj/tests/greencircle/%.o build/asan/tests/greencircle/%.o: CPPFLAGS += -Igames/greencircle

build/greencircle-referee: $(call obj,games/greencircle/referee.c $(GC_LIB) modules/proc.c modules/judge.c)
	$(LINK)

build/greencircle-bench: $(call obj,games/greencircle/bench.c $(GC_AI) $(GC_LIB))
	$(LINK)

build/tests/greencircle/test_rules: $(call asanobj,tests/greencircle/test_rules.c $(GC_LIB))
	$(ASAN_LINK)

build/tests/greencircle/test_ai: $(call asanobj,tests/greencircle/test_ai.c $(GC_AI) $(GC_LIB))
	$(ASAN_LINK)

TOOLS += build/greencircle-referee build/greencircle-bench
GAME_TESTS += test-greencircle
GAME_SMOKES += smoke-greencircle
GAME_BENCHES += bench-greencircle

test-greencircle: build/tests/greencircle/test_rules build/tests/greencircle/test_ai build/greencircle-referee
	build/tests/greencircle/test_rules
	build/tests/greencircle/test_ai
	build/greencircle-referee replay $(GC_TRACES)

smoke-greencircle: build/greencircle build/greencircle-random build/greencircle-starter build/greencircle-greedy build/greencircle-referee
	$(PYTHON) tests/greencircle/smoke.py

bench-greencircle: build/greencircle-bench
	build/greencircle-bench
