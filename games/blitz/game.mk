# game.mk -- Blitz 2016 (Vindinium with spikes): referee, local REST server,
# tests, smoke arena and bench.
#
#   build/blitz-referee   replay TRACE... / match ... -- CMD1 CMD2 CMD3 CMD4
#   build/blitz-server    the REST API of the spec on a local port
#   build/blitz-bench     simulator speed and search figures
#   test-blitz            rules unit tests, contest boards (test_contest.c),
#                         AI tests (sanitizers), replay of
#                         every trace in ../shared/specs/blitz-traces, a
#                         scripted HTTP session against the server, starter-kit
#                         clients and records (test_server_kits.py), and a
#                         scaled-down barrage (tests/servers/barrage.py --small)
#   barrage               the full-size barrage against both servers
#   smoke-blitz           two short arena games, dist vs miner, miner, hunter
#   bench-blitz           bench lines

BZ_DIR    := games/blitz
BZ_RULES  := $(BZ_DIR)/rules.c modules/rng.c
BZ_SERVER := $(BZ_DIR)/server.c $(BZ_DIR)/maps.c $(BZ_DIR)/contest.c modules/javarand.c modules/http.c modules/deadline.c
BZ_TRACES := ../shared/specs/blitz-traces

TOOLS += build/blitz-referee build/blitz-server build/blitz-bench
GAME_TESTS += test-blitz
GAME_SMOKES += smoke-blitz
GAME_BENCHES += bench-blitz


build/blitz-referee: $(call obj,$(BZ_DIR)/referee.c $(BZ_DIR)/trace.c $(BZ_SERVER) $(BZ_RULES) modules/proc.c modules/judge.c)
	$(LINK)

build/asan-bin/blitz-referee: $(call asanobj,$(BZ_DIR)/referee.c $(BZ_DIR)/trace.c $(BZ_SERVER) $(BZ_RULES) modules/proc.c modules/judge.c)
	$(ASAN_LINK)

build/blitz-server: $(call obj,$(BZ_DIR)/server_main.c $(BZ_SERVER) $(BZ_RULES))
	$(LINK)

build/asan-bin/blitz-server: $(call asanobj,$(BZ_DIR)/server_main.c $(BZ_SERVER) $(BZ_RULES))
	$(ASAN_LINK)

build/blitz-bench: $(call obj,$(BZ_DIR)/bench.c $(BZ_DIR)/ai.c $(BZ_RULES) modules/deadline.c)
	$(LINK)

build/tests/blitz/test_rules: $(call asanobj,tests/blitz/test_rules.c $(BZ_DIR)/trace.c $(BZ_DIR)/maps.c $(BZ_RULES))
	$(ASAN_LINK)

build/tests/blitz/test_contest: $(call asanobj,tests/blitz/test_contest.c $(BZ_DIR)/contest.c modules/javarand.c $(BZ_RULES))
	$(ASAN_LINK)

build/tests/blitz/test_ai: $(call asanobj,tests/blitz/test_ai.c $(BZ_DIR)/ai.c $(BZ_DIR)/client.c $(BZ_DIR)/nav.c $(BZ_DIR)/maps.c $(BZ_RULES) modules/deadline.c modules/http.c modules/json.c)
	$(ASAN_LINK)

test-blitz: build/tests/blitz/test_rules build/tests/blitz/test_contest build/tests/blitz/test_ai build/asan-bin/blitz-referee \
            build/asan-bin/blitz-server build/blitz build/blitz-miner build/blitz-hunter build/blitz-server
	build/tests/blitz/test_rules
	build/tests/blitz/test_contest
	build/tests/blitz/test_ai
	build/asan-bin/blitz-referee replay $(BZ_TRACES)/*.txt
	mkdir -p build/blitz-asan && cp build/asan-bin/blitz-server build/blitz-asan/blitz-server && \
	  cp build/blitz build/blitz-miner build/blitz-asan/
	$(PYTHON) tests/blitz/test_server.py build/blitz-asan
	tests/blitz/curl_session.sh build/blitz-asan
	$(PYTHON) tests/blitz/test_server_kits.py build/blitz-asan
	$(PYTHON) tests/servers/barrage.py blitz --small --build build --timeout 120

.PHONY: barrage barrage-blitz
barrage: barrage-blitz barrage-get1000

barrage-blitz: build/blitz-server build/blitz build/blitz-miner build/blitz-hunter
	nice -n 10 $(PYTHON) tests/servers/barrage.py blitz --build build

smoke-blitz: build/blitz build/blitz-miner build/blitz-hunter build/blitz-referee
	timeout 120 $(PYTHON) arena.py blitz --games 2 --jobs 1 --referee-arg=--turns --referee-arg=100 \
	  --referee-arg=--quiet "build/blitz --think-ms 50 --quiet" miner miner hunter

bench-blitz: build/blitz-bench
	build/blitz-bench

# The live replay page the server serves at each game's viewUrl (/view/<id>,
# server option --viewer, default build/blitz-viewer.html).
TOOLS += build/blitz-viewer.html
build/blitz-viewer.html: view.py
	@mkdir -p $(@D)
	$(PYTHON) view.py --live blitz -o $@
