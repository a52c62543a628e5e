# tests/fuzz/fuzz.mk -- libFuzzer targets (clang -fsanitize=fuzzer,address,
# undefined), one per input surface; included from the Makefile.
#
#   make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS="json reader ..."]
#       builds build/fuzz/bin/fuzz_<target>, writes the seed corpora
#       (tests/fuzz/seeds.py: built-in seeds plus tests/data/<game>/ when
#       present) and runs each target N seconds (default 10) on a working
#       corpus build/fuzz/corpus/<target>; fails on the first crash, leak,
#       timeout or sanitizer report (the input is kept in build/fuzz/crash/).
#   make fuzz FUZZ_RUNS=N [FUZZ_SEED=S]
#       the same bounded by executions instead of time: N inputs per target
#       (N/10 for the targets of FUZZ_SLOW, whose every input is a search or
#       a socket exchange), libFuzzer's random seed S (default 1), on a
#       working corpus emptied first (build/fuzz/runs-corpus/<target>),
#       address-space randomisation off and no corpus reload (FUZZ_NOASLR
#       below): the pass is the same on every run, whatever the load
#       (a time-bounded pass does more executions on a quiet machine, so
#       what it finds depends on the load); CI uses it. The game targets'
#       searches count clock checks instead of reading the clock
#       (fuzz_clock.c), so their inputs run the same way too.
#   make fuzz-build      the binaries only
#   make fuzz-regress    replays tests/fuzz/regress/<target>/* (inputs that
#                        once crashed) through each target
#
# CI: `make -j2 fuzz FUZZ_RUNS=200000 FUZZ_SEED=15` (see .ci/run and README,
# "Fuzzing"). The long run and its figures: tests/fuzz/README.md.

FUZZ_SECONDS ?= 10
FUZZ_RUNS    ?=
FUZZ_SEED    ?= 1
FUZZ_SLOW    := ws_client spring2021 greencircle blitz gameofdrones
# A pass bounded by FUZZ_RUNS runs each target with address-space
# randomisation off (setarch -R, when the system allows it): libFuzzer's
# comparison-guided mutations use the operands of traced comparisons, and
# pointer operands differ from run to run under ASLR; and with -reload=0,
# as re-reading the output corpus on a timer re-runs inputs through the
# targets whose state outlives an input (gameofdrones' player).
FUZZ_NOASLR   = $(shell setarch $$(uname -m) -R true 2>/dev/null && echo setarch $$(uname -m) -R)
FUZZ_ALL     := json reader http_client http_server ws_client ws_server \
                spring2021 greencircle blitz get1000 gameofdrones
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_SAN     := -fsanitize=address,undefined,float-cast-overflow,float-divide-by-zero \
                -fno-sanitize-recover=all
FUZZ_CFLAGS  := -std=gnu17 -g -O1 -fno-omit-frame-pointer $(WARN) $(FUZZ_SAN)

# Sources of each target (its own tests/fuzz/fuzz_<t>.c comes first).
FUZZ_SRC_json         := modules/json.c modules/text.c
FUZZ_SRC_reader       := modules/reader.c
FUZZ_SRC_http_client  := modules/http.c modules/deadline.c modules/text.c
FUZZ_SRC_http_server  := modules/http.c modules/deadline.c modules/text.c
FUZZ_SRC_ws_client    := modules/ws.c modules/sha1.c modules/base64.c modules/deadline.c modules/rng.c modules/text.c
FUZZ_SRC_ws_server    := modules/ws.c modules/sha1.c modules/base64.c modules/deadline.c modules/rng.c modules/text.c
# The game targets link tests/fuzz/fuzz_clock.c (a counting clock: a search
# budget becomes a budget of clock checks, the same work on every run) in
# place of modules/deadline.c.
FUZZ_SRC_spring2021   := games/spring2021/beam.c games/spring2021/ai.c games/spring2021/rules.c \
                         modules/javarand.c tests/fuzz/fuzz_clock.c modules/rng.c modules/reader.c
FUZZ_SRC_greencircle  := games/greencircle/worth.c games/greencircle/mc.c games/greencircle/race.c games/greencircle/ai.c games/greencircle/rules.c games/greencircle/proto.c \
                         modules/sha1prng.c modules/sha1.c modules/rng.c tests/fuzz/fuzz_clock.c modules/reader.c
FUZZ_SRC_blitz        := games/blitz/client.c games/blitz/ai.c games/blitz/fit.c games/blitz/nav.c games/blitz/rules.c \
                         games/blitz/known.c games/blitz/sparring.c games/blitz/sparbrute.c games/blitz/sparwow.c \
                         modules/rng.c tests/fuzz/fuzz_clock.c modules/http.c modules/json.c modules/text.c
FUZZ_SRC_get1000      := games/get1000/agent.c games/get1000/policy.c modules/rng.c modules/json.c modules/text.c
FUZZ_SRC_gameofdrones := games/gameofdrones/main.c games/gameofdrones/rules.c games/gameofdrones/plan.c \
                         games/gameofdrones/eqtable.c games/gameofdrones/strategy.c games/gameofdrones/spar.c

fuzzobj = $(patsubst %.c,build/fuzz/obj/%.o,$(1))

# The search kernels (gameofdrones' plan.c: graph builds, distributions,
# best responses; spring2021's beam, greencircle's ai.c, race.c, mc.c and worth.c, blitz's ai.c) are
# compiled without comparison tracing: no input byte reaches their
# comparisons directly (the parsers and rules, which read the input, keep
# it), and the tracing callbacks were most of their time (gameofdrones'
# 65536-slot hash clear of every graph build, the beam's loops). Their
# branch coverage still guides the fuzzer.
FUZZ_NOCMP := games/gameofdrones/plan.c games/spring2021/beam.c games/greencircle/ai.c games/greencircle/race.c \
              games/greencircle/mc.c games/greencircle/worth.c \
              games/blitz/ai.c
$(call fuzzobj,$(FUZZ_NOCMP)): FUZZ_COV := -fno-sanitize-coverage=trace-cmp

# gameofdrones' player remembers STRATEGY_HIST = 128 rounds in a ring, and
# on_match_start empties it: wrapping it within one input takes 128
# round ends (about 1,200 bytes), so its fuzz build remembers 16 (144
# bytes). That lets tests/fuzz/fuzz_gameofdrones.options cap inputs at
# 512 bytes, which still hold a whole round of the longest length the
# target plays (100 turns: 312 bytes); see tests/fuzz/README.md.
$(call fuzzobj,$(FUZZ_SRC_gameofdrones)): FUZZ_DEFS := -DSTRATEGY_HIST=16

build/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CPPFLAGS) $(FUZZ_DEFS) $(FUZZ_INC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -MMD -MP -c $< -o $@

define FUZZ_RULES
build/fuzz/obj/tests/fuzz/fuzz_$(1).o: FUZZ_INC := $$(addprefix -I,$$(sort $$(dir $$(filter games/%,$$(FUZZ_SRC_$(1))))))
build/fuzz/bin/fuzz_$(1): $$(call fuzzobj,tests/fuzz/fuzz_$(1).c $$(FUZZ_SRC_$(1)))
	@mkdir -p $$(@D)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer $$^ -o $$@ -lm -lpthread
endef
$(foreach t,$(FUZZ_ALL),$(eval $(call FUZZ_RULES,$(t))))
-include $(shell find build/fuzz/obj -name '*.d' 2>/dev/null)

FUZZ_BINS := $(addprefix build/fuzz/bin/fuzz_,$(FUZZ_TARGETS))

.PHONY: fuzz fuzz-build fuzz-seeds fuzz-regress
fuzz-build: $(FUZZ_BINS)

fuzz-seeds:
	$(PYTHON) tests/fuzz/seeds.py build/fuzz/seeds

fuzz-regress: fuzz-build
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  d=tests/fuzz/regress/$$t; [ -d $$d ] || continue; \
	  build/fuzz/bin/fuzz_$$t $$d/* > build/fuzz/regress-$$t.log 2>&1 \
	    && echo "regress $$t: $$(ls $$d | wc -l) inputs ok" \
	    || { echo "regress $$t: FAILED (build/fuzz/regress-$$t.log)"; fail=1; }; \
	done; exit $$fail

fuzz: fuzz-build fuzz-seeds fuzz-regress
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  corpus=build/fuzz/corpus/$$t; \
	  if [ -n "$(FUZZ_RUNS)" ]; then runs=$(FUZZ_RUNS); corpus=build/fuzz/runs-corpus/$$t; rm -rf $$corpus; \
	    case " $(FUZZ_SLOW) " in *" $$t "*) runs=$$((runs / 10));; esac; \
	    bound="-runs=$$runs -seed=$(FUZZ_SEED) -reload=0"; what="seed $(FUZZ_SEED), "; pre="$(FUZZ_NOASLR)"; \
	  else bound="-max_total_time=$(FUZZ_SECONDS)"; what=""; pre=""; fi; \
	  mkdir -p $$corpus build/fuzz/crash/$$t; t0=$$(date +%s); \
	  $$pre build/fuzz/bin/fuzz_$$t $$bound -timeout=20 -rss_limit_mb=2560 \
	    -print_final_stats=1 -artifact_prefix=build/fuzz/crash/$$t/ \
	    $$(cat tests/fuzz/fuzz_$$t.options 2>/dev/null) \
	    $$corpus build/fuzz/seeds/$$t > build/fuzz/$$t.log 2>&1; rc=$$?; \
	  execs=$$(sed -n 's/^stat::number_of_executed_units: *//p' build/fuzz/$$t.log); \
	  if [ $$rc -eq 0 ]; then echo "fuzz $$t: $${execs:-?} runs ($${what}$$(( $$(date +%s) - t0 )) s), no crash"; \
	  else echo "fuzz $$t: FAILED (exit $$rc), see build/fuzz/$$t.log and build/fuzz/crash/$$t/"; \
	       grep -m3 -E 'ERROR|runtime error|SUMMARY' build/fuzz/$$t.log; fail=1; fi; \
	done; exit $$fail

# ---------------------------------------------------------------------------
# The module tests again under clang's sanitizers, which see what gcc's
# UBSan does not: float-cast-overflow (the old json_int's (long long)1e400
# passed gcc's UBSan silently) and float-divide-by-zero. Part of
# `make test` (a prerequisite of test-run).

CLANG_SANFLAGS := -std=gnu17 -g -O1 $(WARN) -fno-omit-frame-pointer $(FUZZ_SAN)
CLANG_MODULE_TESTS := $(patsubst tests/modules/%.c,build/clang/tests/modules/%,$(wildcard tests/modules/test_*.c))

build/clang/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CPPFLAGS) $(CLANG_SANFLAGS) -MMD -MP -c $< -o $@

build/clang/tests/modules/%: build/clang/tests/modules/%.o $(patsubst %.c,build/clang/%.o,$(wildcard modules/*.c))
	@mkdir -p $(@D)
	$(CLANG) $(CLANG_SANFLAGS) $^ -o $@ -lm -lpthread

.PHONY: test-modules-clang
test-modules-clang:
	$(SUITES) $(CLANG_MODULE_TESTS)

test-progs: $(CLANG_MODULE_TESTS)
test-run: test-modules-clang
-include $(shell find build/clang -name '*.d' 2>/dev/null)
