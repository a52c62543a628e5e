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
G1K_CORE := $(G1K_DIR)/policy.c modules/rng.c
G1K_NET  := modules/ws.c modules/sha1.c modules/base64.c modules/deadline.c modules/json.c modules/text.c
G1K_SRV  := $(G1K_DIR)/server.c $(G1K_CORE) $(G1K_NET)

TOOLS += build/get1000-server build/get1000-referee build/get1000-bench
GAME_TESTS += test-get1000
GAME_SMOKES += smoke-get1000
GAME_BENCHES += bench-get1000

build/get1000-server: $(call obj,$(G1K_DIR)/server_main.c $(G1K_SRV))
	$(LINK)

build/asan-bin/get1000-server: $(call asanobj,$(G1K_DIR)/server_main.c $(G1K_SRV))
	$(ASAN_LINK)

build/get1000-referee: $(call obj,$(G1K_DIR)/referee.c $(G1K_SRV) modules/proc.c modules/judge.c)
	$(LINK)

build/get1000-bench: $(call obj,$(G1K_DIR)/bench.c $(G1K_SRV))
	$(LINK)

build/tests/get1000/test_policy: $(call asanobj,tests/get1000/test_policy.c $(G1K_CORE))
	$(ASAN_LINK)

build/tests/get1000/test_agent: $(call asanobj,tests/get1000/test_agent.c $(G1K_DIR)/agent.c $(G1K_CORE) modules/json.c modules/text.c)
	$(ASAN_LINK)

build/tests/get1000/test_server: $(call asanobj,tests/get1000/test_server.c $(G1K_SRV))
	$(ASAN_LINK)

build/tests/get1000/test_interop: $(call asanobj,tests/get1000/test_interop.c $(G1K_SRV))
	$(ASAN_LINK)

tests/get1000/node_modules/ws/package.json: tests/get1000/package-lock.json
	cd tests/get1000 && npm ci --no-audit --no-fund
	@touch $@

test-get1000: build/tests/get1000/test_policy build/tests/get1000/test_agent \
              build/tests/get1000/test_server build/tests/get1000/test_interop \
              build/get1000 build/get1000-ev build/get1000-greedy build/get1000-random \
              build/get1000-referee tests/get1000/node_modules/ws/package.json \
              build/asan-bin/get1000-server build/get1000-server
	build/tests/get1000/test_policy
	build/tests/get1000/test_agent
	build/tests/get1000/test_server
	build/tests/get1000/test_interop
	mkdir -p build/get1000-asan && cp build/asan-bin/get1000-server build/get1000 build/get1000-ev build/get1000-asan/
	$(PYTHON) tests/get1000/test_server_hardening.py build/get1000-asan
	$(PYTHON) tests/servers/barrage.py get1000 --small --build build --timeout 120

.PHONY: barrage-get1000
barrage-get1000: build/get1000-server build/get1000 build/get1000-ev
	nice -n 10 $(PYTHON) tests/servers/barrage.py get1000 --build build

smoke-get1000: build/get1000 build/get1000-ev build/get1000-greedy build/get1000-referee
	$(PYTHON) tests/get1000/smoke.py

bench-get1000: build/get1000-bench build/get1000 build/get1000-ev
	build/get1000-bench

# Header dependencies of this game's objects (the compiler writes them with
# -MMD; without them an edited header leaves stale objects behind).
-include $(wildcard build/obj/games/get1000/*.d build/asan/games/get1000/*.d \
                    build/asan/tests/get1000/*.d build/obj/modules/ws.d build/asan/modules/ws.d)
