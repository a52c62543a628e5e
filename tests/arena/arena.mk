# tests/arena/arena.mk -- the arena's shim, tests and Slurm target (included
# by the Makefile).
#
#   build/cpuclock.so     LD_PRELOAD shim of ./arena.py --cpu-clock (tools/cpuclock.c)
#   test-arena-exec       a 40-game match through the local executor, GNU
#                         parallel and GNU parallel over ssh to a loopback
#                         sshd: identical per-game results (in `make test`)
#   test-arena-cpuclock   the shim's clocks, a budget-bound bot under load
#                         with and without it, a --cpu-clock match (in `make test`)
#   test-arena-slurm      the same 40-game match through a Slurm job array on
#                         a single-node Slurm started and stopped by the test
#                         (tests/arena/slurm.sh; needs slurm-wlm, munge, root);
#                         not in `make test`: .ci/run calls it

build/cpuclock.so: tools/cpuclock.c
	@mkdir -p $(@D)
	$(CC) -std=gnu17 -O2 $(WARN) -fPIC -shared $< -o $@

TOOLS += build/cpuclock.so
GAME_TESTS += test-arena-exec test-arena-cpuclock

ARENA_TEST_DEPS := build/cpuclock.so build/greencircle build/greencircle-referee \
                   build/greencircle-greedy build/greencircle-starter

test-arena-exec: $(ARENA_TEST_DEPS)
	$(PYTHON) tests/arena/test_executors.py

test-arena-cpuclock: $(ARENA_TEST_DEPS)
	$(PYTHON) tests/arena/test_cpuclock.py

test-arena-slurm: $(ARENA_TEST_DEPS)
	$(PYTHON) tests/arena/test_executors.py --slurm

.PHONY: test-arena-exec test-arena-cpuclock test-arena-slurm
