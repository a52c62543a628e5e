#!/usr/bin/env python3
"""test_harness.py -- the test machinery itself: tests/testhelp.h (command
line, closing line, exit status), tests/suites.py (every suite runs and
every failure gets a summary line) and tests/tally.py (the sum, build
failures included). Each case builds what it needs in a temporary folder.

The last line printed is "N passed, N failed".
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)
import pyunit  # noqa: E402

SAMPLE = r"""
#include "testhelp.h"
static void test_good(void) { TH_EQ_INT(1 + 1, 2); }
static void test_bad(void) { TH_EQ_INT(1 + 1, 3); }
static const th_test TESTS[] = { TH_ENTRY(test_good), TH_ENTRY(test_bad) };
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
"""


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)


class TestTesthelp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="harness")
        src = os.path.join(cls.tmp, "sample.c")
        with open(src, "w") as f:
            f.write(SAMPLE)
        cls.bin = os.path.join(cls.tmp, "sample")
        c = run(["gcc", "-std=gnu17", "-Wall", "-Wextra", "-Werror", "-I", TESTS, src, "-o", cls.bin])
        assert c.returncode == 0, c.stderr

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_help(self):
        r = run([self.bin, "--help"])
        self.assertEqual(r.returncode, 0)
        self.assertTrue(r.stdout.startswith("usage: "), r.stdout)
        for word in ("--list", "--seed", "--no-fork", "FILTER"):
            self.assertIn(word, r.stdout)
        self.assertNotIn("passed", r.stdout.splitlines()[-1])   # no test ran

    def test_unknown_option_and_missing_value(self):
        for args in (["--bogus"], ["--seed"]):
            r = run([self.bin] + args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn("usage: ", r.stderr)
            self.assertEqual(r.stdout, "")

    def test_list_and_filter(self):
        r = run([self.bin, "--list"])
        self.assertEqual(r.stdout.split(), ["test_good", "test_bad"])
        r = run([self.bin, "good"])
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout.splitlines()[-1], "1 passed, 0 failed")

    def test_failure_counted_and_run_continues(self):
        r = run([self.bin])
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout.splitlines()[-1], "1 passed, 1 failed")


class TestSuites(unittest.TestCase):
    def suites(self, *cmds):
        return run([sys.executable, os.path.join(TESTS, "suites.py")] + list(cmds))

    def test_every_suite_runs_and_failures_get_a_line(self):
        r = self.suites("echo 3 passed, 0 failed",
                        "echo oops >&2; exit 3",                  # no summary, fails
                        "echo 2 passed, 0 failed; exit 1",        # says fine, fails
                        "echo 1 passed, 1 failed; exit 1",        # honest failure
                        "true",                                   # no summary, passes
                        "echo 4 passed, 0 failed")
        self.assertEqual(r.returncode, 1)
        sums = [l for l in r.stdout.splitlines() if re.match(r"\d+ passed, \d+ failed$", l)]
        self.assertEqual(sums, ["3 passed, 0 failed", "0 passed, 1 failed", "2 passed, 0 failed",
                                "0 passed, 1 failed", "1 passed, 1 failed", "1 passed, 0 failed",
                                "4 passed, 0 failed"])
        self.assertEqual(r.stdout.count("suites.py: FAILED"), 3)

    def test_all_passing(self):
        r = self.suites("echo 1 passed, 0 failed", "echo 2 passed, 0 failed")
        self.assertEqual(r.returncode, 0, r.stdout)

    def test_program_that_cannot_be_built(self):
        r = self.suites("--make", "false", "build/nosuch --flag", "echo 5 passed, 0 failed")
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot build build/nosuch", r.stdout)
        lines = r.stdout.splitlines()
        self.assertIn("0 passed, 1 failed", lines)
        self.assertEqual(lines[lines.index("0 passed, 1 failed") + 2], "5 passed, 0 failed")


class TestTally(unittest.TestCase):
    def tally(self, text, rc=None):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write(text)
        try:
            args = [sys.executable, os.path.join(TESTS, "tally.py"), f.name]
            return run(args + ([str(rc)] if rc is not None else []))
        finally:
            os.unlink(f.name)

    def test_sums_suites(self):
        r = self.tally("3 passed, 0 failed\nx\nreplay: 2 passed, 1 failed\nok   a: 9 passed, 9 failed\n")
        self.assertEqual(r.stdout.splitlines()[-1], "total: 5 passed, 1 failed")
        self.assertEqual(r.returncode, 1)

    def test_skipped_are_not_passed(self):
        r = self.tally("3 passed, 0 failed, 2 skipped\n0 passed, 0 failed, 1 skipped\n4 passed, 0 failed\n")
        self.assertEqual(r.stdout.splitlines()[-1], "total: 7 passed, 0 failed, 3 skipped")
        self.assertEqual(r.returncode, 0)

    def test_pyunit_reports_skips(self):
        code = ("import sys, unittest; sys.path.insert(0, %r); import pyunit\n"
                "class T(unittest.TestCase):\n"
                "    def test_a(self): pass\n"
                "    @unittest.skip('no tool')\n"
                "    def test_b(self): pass\n"
                "sys.exit(pyunit.main(sys.modules[__name__]))\n" % TESTS)
        r = run([sys.executable, "-c", code])
        self.assertEqual(r.stdout.splitlines()[-1], "1 passed, 0 failed, 1 skipped")
        self.assertEqual(r.returncode, 0)

    def test_counts_files_make_could_not_build_once(self):
        log = ("make[1]: *** [Makefile:61: build/asan/tests/x/test_a.o] Error 1\n"
               "make[1]: *** [games/x/game.mk:9: test-x] Error 1\n"       # a suite runner: not a file
               "make: *** No rule to make target 'tests/data/x/t.txt', needed by 'test-x'.  Stop.\n"
               "make[1]: *** [Makefile:61: build/asan/tests/x/test_a.o] Error 1\n"
               "4 passed, 0 failed\n")
        r = self.tally(log, 2)
        self.assertEqual(r.stdout.splitlines()[-1], "total: 4 passed, 2 failed")
        self.assertIn("build/asan/tests/x/test_a.o", r.stdout)
        self.assertEqual(r.returncode, 1)

    def test_make_failure_without_a_line_still_fails(self):
        r = self.tally("4 passed, 0 failed\n", 2)
        self.assertEqual(r.stdout.splitlines()[-1], "total: 4 passed, 1 failed")
        self.assertEqual(r.returncode, 1)

    def test_nothing_ran_fails(self):
        self.assertEqual(self.tally("").returncode, 1)
        self.assertEqual(self.tally("2 passed, 0 failed\n", 0).returncode, 0)


if __name__ == "__main__":
    sys.exit(pyunit.main(sys.modules[__name__]))
