# tools/cgref/cgref.mk -- cgref, the official CodinGame referee runner
# (tools/cgref/README.md); included by the Makefile. Built only where the
# JDK's javac exists (Debian: default-jdk-headless); without it the test
# suite reports "skipped: no javac".
#
#   build/cgref/sdk/       the SDK stand-ins and the runner (javac)
#   build/cgref-referee    its launcher: match --referee DIR [...] -- CMD...
#   build/cgref/ref/       referees compiled by the runner (one folder per
#                          source tree and version)
#   test-cgref             our own tic-tac-toe referee in Java
#                          (tests/cgref/tictactoe) through the runner, and
#                          `arena.py diff` against build/tictactoe-referee

CGREF_JAVAC := $(shell command -v javac 2>/dev/null)
CGREF_SRCS := $(shell find tools/cgref/src -name '*.java' 2>/dev/null | sort)

ifneq ($(CGREF_JAVAC),)
TOOLS += build/cgref/sdk/cgref/Main.class build/cgref-referee
CGREF_TEST_DEPS := build/cgref/sdk/cgref/Main.class build/cgref-referee
endif
GAME_TESTS += test-cgref

# javac writes every class; Main.class stands for them all.
build/cgref/sdk/cgref/Main.class: $(CGREF_SRCS)
	@rm -rf build/cgref/sdk; mkdir -p build/cgref/sdk
	javac -nowarn -encoding UTF-8 -d build/cgref/sdk $(CGREF_SRCS)

build/cgref-referee: tools/cgref/cgref.sh
	@mkdir -p $(@D)
	cp $< $@ && chmod 755 $@

test-cgref: $(CGREF_TEST_DEPS) build/tictactoe build/tictactoe-random build/tictactoe-first build/tictactoe-referee
	$(SUITES) '$(PYTHON) tests/cgref/test_cgref.py'
