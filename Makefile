# Makefile -- GNU Make, incremental. See README.md for the targets.
#
#   make          dist/<game>.c for every game, each compiled as CodinGame does
#                 into build/<game>, checked with -Wall -Wextra -Werror under
#                 gcc and clang; sparring bots, referees and tools
#   make test     everything under test (see the `test` recipe); the last line
#                 is "total: N passed, N failed[, N skipped]"
#   make bench    lines "bench <game> <metric>=<value>"
#
# A game is a folder games/<game>/ with a main.c (the bot's entry file) and a
# game.mk that adds its tools, tests and benches (the contract is in README).

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SECONDARY:
MAKEFLAGS += --no-builtin-rules
export PYTHONDONTWRITEBYTECODE := 1

CC      := gcc
CLANG   := clang
PYTHON  := python3
NPROC   := $(shell nproc 2>/dev/null || echo 2)

# Flags for objects of tools and tests (module builds).
CPPFLAGS  := -Imodules -Itests
WARN      := -Wall -Wextra -Werror
CFLAGS    := -std=gnu17 -g -O2 $(WARN)
ASANFLAGS := -std=gnu17 -g -O1 $(WARN) -fno-omit-frame-pointer \
             -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDLIBS    := -lm

# CodinGame's own command line (no -O; optimisation comes from the pragmas
# merge.py writes at the top of each dist file).
CG_CFLAGS := -std=gnu17 -g -Werror=return-type
CG_LIBS   := -lm -lpthread -ldl -lcrypt

GAMES := $(patsubst games/%/main.c,%,$(wildcard games/*/main.c))

# Objects of a list of sources.
#   $(call obj,SRCS)      optimised objects   (build/obj/...)
#   $(call asanobj,SRCS)  sanitizer objects   (build/asan/...)
obj     = $(patsubst %.c,build/obj/%.o,$(1))
asanobj = $(patsubst %.c,build/asan/%.o,$(1))
LINK      = @mkdir -p $(@D); $(CC) $(CFLAGS) $^ -o $@ $(LDLIBS)
ASAN_LINK = @mkdir -p $(@D); $(CC) $(ASANFLAGS) $^ -o $@ $(LDLIBS)

# Runs each quoted command as a test suite, all of them even when one
# fails; a command whose first word is under build/ is built first (see
# tests/suites.py). In a recipe: $(SUITES) 'CMD' 'CMD' ...
SUITES_MAKE := $(MAKE) --no-print-directory -s
SUITES = @$(PYTHON) tests/suites.py --make '$(SUITES_MAKE)'

build/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

build/asan/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASANFLAGS) -MMD -MP -c $< -o $@

# Test files under tests/<game>/ see their game's headers.
$(foreach g,$(GAMES),$(eval build/obj/tests/$(g)/%.o build/asan/tests/$(g)/%.o: CPPFLAGS += -Igames/$(g)))

# Filled by game.mk files (the contract is in README, "Adding a game").
TOOLS :=
LINKS :=
ASAN_LINKS :=
GAME_TESTS :=
GAME_BENCHES :=
GAME_SMOKES :=

# ---------------------------------------------------------------------------
# Amalgamation: dist/<game>.c from games/<game>/main.c; sparring bots
# build/<game>-<name>.c from games/<game>/bot_<name>.c. merge.py writes a
# dependency file beside its outputs so edits to any input rebuild them.

# Until merge.py has written build/dep/<game>.d (a fresh clone ships dist/
# but no build/), every game and module source counts as an input, so an
# edit made before the first build still regenerates dist/.
define GAME_RULES
dist/$(1).c build/$(1).dev.c &: games/$(1)/main.c merge.py $$(if $$(wildcard build/dep/$(1).d),,$$(wildcard games/$(1)/*.[ch] modules/*.[ch]))
	@mkdir -p build dist
	$(PYTHON) merge.py build $(1)

build/$(1): dist/$(1).c
	$$(if $$($(1)_NO_MAIN),$(CC) $(CG_CFLAGS) -c $$< -o $$@.o && touch $$@,$(CC) $(CG_CFLAGS) $$< -o $$@ $(CG_LIBS))

# as the judge compiles, and at -O2 (where gcc's loop analysis warns)
build/check/$(1).gcc: dist/$(1).c
	@mkdir -p $$(@D)
	$(CC) $(CG_CFLAGS) $(WARN) $$($(1)_CHECK_FLAGS) -c $$< -o /dev/null
	$(CC) $(CG_CFLAGS) -O2 $(WARN) $$($(1)_CHECK_FLAGS) -c $$< -o /dev/null && touch $$@

build/check/$(1).clang: dist/$(1).c
	@mkdir -p $$(@D)
	$(CLANG) $(CG_CFLAGS) $(WARN) $$($(1)_CHECK_FLAGS) -c $$< -o /dev/null
	$(CLANG) $(CG_CFLAGS) -O2 $(WARN) $$($(1)_CHECK_FLAGS) -c $$< -o /dev/null && touch $$@

$(1)_BOTS := $$(patsubst games/$(1)/bot_%.c,build/$(1)-%,$$(wildcard games/$(1)/bot_*.c))

build/$(1)-%.c: games/$(1)/bot_%.c merge.py
	@mkdir -p build
	$(PYTHON) merge.py build $(1) --entry $$< --out $$@ --no-limit

build/$(1)-%: build/$(1)-%.c
	$(CC) $(CG_CFLAGS) -O2 $(WARN) $$< -o $$@ $(CG_LIBS)

.PRECIOUS: build/$(1)-%.c
endef

$(foreach g,$(GAMES),$(eval $(call GAME_RULES,$(g))))
-include $(wildcard build/dep/*.d)
# header dependencies of every object (gcc -MMD -MP)
-include $(shell find build/obj build/asan -name '*.d' 2>/dev/null)

include $(wildcard games/*/game.mk)
include tests/fuzz/fuzz.mk
include tests/arena/arena.mk
include tools/cgref/cgref.mk

# ---------------------------------------------------------------------------
# Link sets. A tool or test binary is named by its entry file only; it links
# the entry with the .c file paired with every header the entry includes,
# transitively: the include graph merge.py follows for dist/ (`merge.py
# deps`). build/link/ENTRY.mk holds LINK_SRCS_ENTRY and is rewritten when a
# file of that graph changes (make then reads it again).
#   LINKS      += BIN:ENTRY    BIN from optimised objects (build/obj/)
#   ASAN_LINKS += BIN:ENTRY    BIN from sanitizer objects (build/asan/)
# Every tests/DIR/test_NAME.c is the entry of build/tests/DIR/test_NAME, a
# sanitizer build unless LINKS names that binary.

TEST_BINS   := $(patsubst tests/%.c,build/tests/%,$(wildcard tests/*/test_*.c))
link_bin     = $(firstword $(subst :, ,$(1)))
link_entry   = $(lastword $(subst :, ,$(1)))
ASAN_LINKS  += $(foreach t,$(filter-out $(foreach p,$(LINKS),$(call link_bin,$(p))),$(TEST_BINS)),\
                 $(t):$(patsubst build/tests/%,tests/%.c,$(t)))
LINK_ENTRIES := $(sort $(foreach p,$(LINKS) $(ASAN_LINKS),$(call link_entry,$(p))))

ifeq ($(filter clean,$(MAKECMDGOALS)),)
include $(patsubst %,build/link/%.mk,$(LINK_ENTRIES))
endif

build/link/%.mk: % merge.py
	@mkdir -p $(@D)
	@$(PYTHON) merge.py deps $< --mk $@

define LINK_RULE
$(1): $$(call $(3),$$(LINK_SRCS_$(2)))
	$$($(4))
endef
$(foreach p,$(LINKS),$(eval $(call LINK_RULE,$(call link_bin,$(p)),$(call link_entry,$(p)),obj,LINK)))
$(foreach p,$(ASAN_LINKS),$(eval $(call LINK_RULE,$(call link_bin,$(p)),$(call link_entry,$(p)),asanobj,ASAN_LINK)))

DIST_BINS   := $(addprefix build/,$(GAMES))
DIST_CHECKS := $(foreach g,$(GAMES),build/check/$(g).gcc build/check/$(g).clang)
BOT_BINS    := $(foreach g,$(GAMES),$($(g)_BOTS))

.PHONY: all test bench clean check-dist test-progs test-noop test-harness test-modules test-merge test-arena test-run \
        test-view-parsers test-view view-shots \
        $(GAME_TESTS) $(GAME_BENCHES) $(GAME_SMOKES)

all: $(DIST_BINS) $(DIST_CHECKS) $(BOT_BINS) $(TOOLS)

# ---------------------------------------------------------------------------
# Module unit tests: tests/modules/test_<name>.c under the sanitizers (their
# link sets come from the include graph, above).

MODULE_TESTS := $(filter build/tests/modules/%,$(TEST_BINS))

test-modules:
	$(SUITES) $(MODULE_TESTS)

test-merge:
	$(SUITES) '$(PYTHON) tests/merge/test_merge.py'

# `make test` has just built everything: a second make must have nothing to do.
test-noop:
	$(SUITES) '$(PYTHON) tests/harness/test_noop.py'

test-harness:
	$(SUITES) '$(PYTHON) tests/harness/test_harness.py' '$(PYTHON) tests/harness/test_load.py'

test-arena:
	$(SUITES) '$(PYTHON) tests/arena/test_arena.py'

# view.py: its parsers and page writer (no browser) run in `make test`; the
# pages themselves in headless Chromium (Debian's chromium) with
# `make test-view`, which also leaves one screenshot per game in build/view/;
# `make view-shots` copies those to tests/view/shots/ (the README's images).
test-view-parsers:
	$(SUITES) '$(PYTHON) tests/view/test_parsers.py'

test-view: all
	$(PYTHON) tests/view/test_browser.py

view-shots: test-view
	@mkdir -p tests/view/shots
	cp build/view/spring2021.png build/view/greencircle.png build/view/blitz.png \
	   build/view/get1000.png build/view/gameofdrones.png build/view/tictactoe.png tests/view/shots/

# dist/ must already match the sources before anything regenerates it (this
# is what catches a stale dist/ in a clean clone).
check-dist:
	$(SUITES) '$(PYTHON) merge.py check $(GAMES)'

test-run: test-noop test-harness test-modules test-merge test-arena test-view-parsers $(GAME_TESTS) $(GAME_SMOKES)

# Every program a suite runs, so that `make test` compiles them in parallel
# before the suites (one after the other) start.
test-progs: $(sort $(foreach p,$(LINKS) $(ASAN_LINKS),$(call link_bin,$(p))))

# Every step runs even when an earlier one failed (a failed build still lets
# the suites that need nothing from it run); the last line is the tally of
# every suite, and of every file make could not build. test-progs is not
# tallied: a program it fails to build fails again, and is counted, when
# its suite runs.
test:
	@mkdir -p build; rc=0; \
	$(MAKE) --no-print-directory -k check-dist 2>&1 | tee build/test.log || rc=1; \
	if ! $(MAKE) --no-print-directory -k -j$(NPROC) all > build/build.log 2>&1; then \
	  rc=1; tail -n 40 build/build.log | tee -a build/test.log; fi; \
	$(MAKE) --no-print-directory -k -j$(NPROC) test-progs > build/build-tests.log 2>&1; \
	$(MAKE) --no-print-directory -k test-run 2>&1 | tee -a build/test.log || rc=1; \
	$(PYTHON) tests/tally.py build/test.log $$rc

bench: all $(GAME_BENCHES)

clean:
	rm -rf build
