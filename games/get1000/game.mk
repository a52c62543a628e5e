# games/get1000/game.mk -- Get1000: server, referee, bench, tests, smoke.
#
#   build/get1000-server    the local WebSocket game server (server.h)
#   build/get1000-referee   match [--seed S] -- CMD... (README contract)
#   build/get1000-bench     bench lines: table build, reply latency, rolls/s
#   test-get1000            policy figures, agent fuzz, server rules (all under
#                           sanitizers), then interop with the npm ws server
#                           (npm ci in tests/get1000 when node_modules is absent),
#                           lock-out and records checks of the server under
#                           sanitizers (test_server_hardening.py) and a
#                           scaled-down barrage (tests/servers/barrage.py --small)
#   barrage-get1000         the full-size barrage (`make barrage`: both servers)
#   smoke-get1000           tests/get1000/smoke.py: 20 arena games mu1 vs ev and a
#                           three-player match, checked (N passed, N failed)
#   bench-get1000           `bench get1000 k=v` lines

G1K_DIR  := games/get1000

TOOLS      += build/get1000-server build/get1000-referee build/get1000-bench
LINKS      += build/get1000-server:$(G1K_DIR)/server_main.c \
              build/get1000-referee:$(G1K_DIR)/referee.c \
              build/get1000-bench:$(G1K_DIR)/bench.c
ASAN_LINKS += build/asan-bin/get1000-server:$(G1K_DIR)/server_main.c
GAME_TESTS += test-get1000
GAME_SMOKES += smoke-get1000
GAME_BENCHES += bench-get1000

tests/get1000/node_modules/ws/package.json: tests/get1000/package-lock.json
	cd tests/get1000 && npm ci --no-audit --no-fund
	@touch $@

# The hardening test wants the sanitizer server and the bots in one folder.
build/get1000-asan/get1000-server: build/asan-bin/get1000-server
	@mkdir -p $(@D)
	cp $< $@
build/get1000-asan/%: build/%
	@mkdir -p $(@D)
	cp $< $@

# (a suite's own program, its first word, is built by $(SUITES); the
# prerequisites are the programs the suites take as arguments)
test-get1000: build/get1000 build/get1000-ev build/get1000-greedy build/get1000-random \
              build/get1000-referee build/get1000-server tests/get1000/node_modules/ws/package.json \
              build/get1000-asan/get1000-server build/get1000-asan/get1000 build/get1000-asan/get1000-ev
	$(SUITES) build/tests/get1000/test_policy \
	  build/tests/get1000/test_agent \
	  build/tests/get1000/test_server \
	  build/tests/get1000/test_interop \
	  '$(PYTHON) tests/get1000/test_server_hardening.py build/get1000-asan' \
	  '$(PYTHON) tests/servers/barrage.py get1000 --small --build build --timeout 120'

.PHONY: barrage-get1000
barrage-get1000: build/get1000-server build/get1000 build/get1000-ev
	$(PYTHON) tests/servers/barrage.py get1000 --build build

smoke-get1000: build/get1000 build/get1000-ev build/get1000-greedy build/get1000-referee
	$(SUITES) '$(PYTHON) tests/get1000/smoke.py'

bench-get1000: build/get1000-bench build/get1000 build/get1000-ev
	build/get1000-bench
