# tests/arena/arena.mk -- the arena's shim, tests and Slurm target (included
# by the Makefile).
#
#   build/cpuclock.so     LD_PRELOAD shim of ./arena.py --cpu-clock (tools/cpuclock.c)
#   test-arena-exec       a 40-game match through the local executor, GNU
#                         parallel and GNU parallel over ssh to a loopback
#                         sshd: identical per-game results (in `make test`)
#   test-arena-cpuclock   the shim's clocks, a budget-bound bot under load
#                         with and without it, a --cpu-clock match (in `make test`)
#   test-arena-tune       tune.py: the tunables table, the patch, the tuning
#                         build's BOT_TUNE, SPSA on a fake game (in `make test`)
#   test-arena-slurm      the same 40-game match through a Slurm job array on
#                         a single-node Slurm started and stopped by the test
#                         (tests/arena/slurm.sh; needs slurm-wlm, munge, root);
#                         not in `make test`: .ci/run calls it

build/cpuclock.so: tools/cpuclock.c
	@mkdir -p $(@D)
	$(CC) -std=gnu17 -O2 $(WARN) -fPIC -shared $< -o $@

TOOLS += build/cpuclock.so build/greencircle-tune build/spring2021-tune
GAME_TESTS += test-arena-exec test-arena-cpuclock test-arena-tune

ARENA_TEST_DEPS := build/cpuclock.so build/greencircle build/greencircle-referee \
                   build/greencircle-greedy build/greencircle-starter

test-arena-exec: $(ARENA_TEST_DEPS)
	$(SUITES) '$(PYTHON) tests/arena/test_executors.py'

test-arena-cpuclock: $(ARENA_TEST_DEPS)
	$(SUITES) '$(PYTHON) tests/arena/test_cpuclock.py'

test-arena-tune: $(ARENA_TEST_DEPS) build/greencircle-tune build/spring2021-tune
	$(SUITES) '$(PYTHON) tests/arena/test_tune.py'

test-arena-slurm: $(ARENA_TEST_DEPS)
	$(SUITES) '$(PYTHON) tests/arena/test_executors.py --slurm'

.PHONY: test-arena-exec test-arena-cpuclock test-arena-tune test-arena-slurm

# A game's tuning build (./tune.py GAME): its dist file compiled as the judge
# does, with -DBOT_TUNING, so its tunables are variables set from BOT_TUNE.
build/%-tune: dist/%.c
	$(CC) $(CG_CFLAGS) -DBOT_TUNING $< -o $@ $(CG_LIBS)
