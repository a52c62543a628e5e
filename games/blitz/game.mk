# game.mk -- Blitz 2016 (Vindinium with spikes): referee, local REST server,
# tests, smoke arena and bench.
#
#   build/blitz-referee   replay TRACE... / match ... -- CMD1 CMD2 CMD3 CMD4
#   build/blitz-server    the REST API on a local port (README.md)
#   build/blitz-bench     simulator speed and search figures
#   build/blitz-lab       in-process games, the search at a node budget
#                         against sparring bots (reproducible A/B runs)
#   test-blitz            rules unit tests, contest boards (test_contest.c),
#                         AI tests (sanitizers), the sparring policies,
#                         the lab's reproducible games, the fit report
#                         over traces (fitreport.py), deaths by cause
#                         over traces (deaths.py), replay of
#                         every trace in tests/data/blitz, a scripted HTTP
#                         session against the server, starter-kit clients and
#                         records (test_server_kits.py), a scaled-down
#                         barrage (tests/servers/barrage.py --small), and the
#                         bot against scripted fake servers (test_client.py)
#   barrage               the full-size barrage against both servers
#   smoke-blitz           two short arena games, dist vs miner, miner, hunter
#   bench-blitz           bench lines

BZ_DIR    := games/blitz
BZ_TRACES := tests/data/blitz

TOOLS      += build/blitz-referee build/blitz-server build/blitz-bench build/blitz-lab
LINKS      += build/blitz-referee:$(BZ_DIR)/referee.c \
              build/blitz-server:$(BZ_DIR)/server_main.c \
              build/blitz-bench:$(BZ_DIR)/bench.c \
              build/blitz-lab:$(BZ_DIR)/lab.c
ASAN_LINKS += build/asan-bin/blitz-referee:$(BZ_DIR)/referee.c \
              build/asan-bin/blitz-server:$(BZ_DIR)/server_main.c
GAME_TESTS += test-blitz
GAME_SMOKES += smoke-blitz
GAME_BENCHES += bench-blitz

# The server tests want the sanitizer server and the bots in one folder.
build/blitz-asan/blitz-server: build/asan-bin/blitz-server
	@mkdir -p $(@D)
	cp $< $@
build/blitz-asan/%: build/%
	@mkdir -p $(@D)
	cp $< $@

# (a suite's own program, its first word, is built by $(SUITES); the
# prerequisites are the programs the suites take as arguments)
test-blitz: build/asan-bin/blitz-referee build/blitz-asan/blitz-server build/blitz-asan/blitz build/blitz-asan/blitz-miner \
            build/blitz build/blitz-miner build/blitz-hunter build/blitz-server build/blitz-lab
	$(SUITES) build/tests/blitz/test_rules \
	  build/tests/blitz/test_contest \
	  build/tests/blitz/test_ai \
	  build/tests/blitz/test_sparring \
	  build/tests/blitz/test_sparbrute \
	  build/tests/blitz/test_sparwow \
	  build/tests/blitz/test_known \
	  build/tests/blitz/test_fit \
	  'tests/blitz/test_lab.sh build/blitz-lab build/asan-bin/blitz-referee build/blitz-miner' \
	  '$(PYTHON) tests/blitz/test_fitreport.py build/blitz-lab build/asan-bin/blitz-referee build/blitz-miner' \
	  '$(PYTHON) tests/blitz/test_deaths.py build/asan-bin/blitz-referee build/blitz-hunter build/blitz-miner' \
	  '$(PYTHON) tests/blitz/test_stalls.py build/asan-bin/blitz-referee build/blitz-miner' \
	  'build/asan-bin/blitz-referee replay $(BZ_TRACES)/*.txt' \
	  '$(PYTHON) tests/blitz/test_referee_trace.py build/asan-bin/blitz-referee build/blitz build/blitz-miner build/blitz-hunter' \
	  '$(PYTHON) tests/blitz/test_server.py build/blitz-asan' \
	  'tests/blitz/curl_session.sh build/blitz-asan' \
	  '$(PYTHON) tests/blitz/test_server_kits.py build/blitz-asan' \
	  '$(PYTHON) tests/servers/barrage.py blitz --small --build build --timeout 120' \
	  '$(PYTHON) tests/blitz/test_client.py build/blitz'

.PHONY: barrage barrage-blitz
barrage: barrage-blitz barrage-get1000

barrage-blitz: build/blitz-server build/blitz build/blitz-miner build/blitz-hunter
	$(PYTHON) tests/servers/barrage.py blitz --build build

smoke-blitz: build/blitz build/blitz-miner build/blitz-hunter build/blitz-referee
	$(SUITES) 'timeout 120 $(PYTHON) arena.py blitz --games 2 --jobs 1 --referee-arg=--turns \
	  --referee-arg=100 --referee-arg=--quiet "build/blitz --think-ms 50 --quiet" miner miner hunter'

bench-blitz: build/blitz-bench
	build/blitz-bench

# The live replay page the server serves at each game's viewUrl (/view/<id>,
# server option --viewer, default build/blitz-viewer.html).
TOOLS += build/blitz-viewer.html
build/blitz-viewer.html: view.py
	@mkdir -p $(@D)
	$(PYTHON) view.py --live blitz -o $@
