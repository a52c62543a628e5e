#!/usr/bin/env python3
"""suites.py -- runs test suites one after the other, all of them.

Usage: suites.py [--make MAKE] 'COMMAND' ['COMMAND'...]   (each run with sh -c)

--make MAKE: when a command's first word is a path under build/ (a test
binary, a referee), `MAKE PATH` builds it first; if that fails, the suite
counts as failed and the next one still runs (a test file that does not
compile costs one suite, not its game's whole test step).

Every suite's closing line is "N passed, N failed" (tests/tally.py sums
them). A suite that cannot keep that promise still gets counted:
  - it exits non-zero and its last summary line shows no failure (it could
    not open its input, it crashed, a timeout killed it): we print
    "0 passed, 1 failed" for it;
  - it exits zero and printed no summary line (an arena smoke run): we
    print "1 passed, 0 failed"; a missing summary after a zero exit is not
    a failure of the suite, only of its report.
A failing suite does not stop the next one. Exit status: 0 iff every suite
passed. Standard library only.
"""
import re
import subprocess
import sys

SUMMARY = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, \d+ skipped)?\s*$")


def build_first(make, cmd):
    """Builds the command's program when it is a make target; True if ready."""
    words = cmd.split()
    if not make or not words or not words[0].startswith("build/"):
        return True
    proc = subprocess.run("%s %s" % (make, words[0]), shell=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode == 0:
        return True
    # indented: tests/tally.py counts this failure once, by the line below
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        print("    " + line)
    print("suites.py: cannot build %s" % words[0])
    print("0 passed, 1 failed", flush=True)
    return False


def run_suite(cmd, make=None):
    """Runs one suite, echoing its stdout; returns True if it passed."""
    print(cmd, flush=True)
    if not build_first(make, cmd):
        return False
    last = None
    try:
        proc = subprocess.Popen(["sh", "-c", cmd], stdout=subprocess.PIPE)
    except OSError as e:
        print("suites.py: cannot run %s: %s" % (cmd, e), flush=True)
        print("0 passed, 1 failed", flush=True)
        return False
    for raw in proc.stdout:
        line = raw.decode("utf-8", "replace")
        sys.stdout.write(line)
        sys.stdout.flush()
        m = SUMMARY.match(line.rstrip("\n"))
        if m:
            last = (int(m.group(1)), int(m.group(2)))
    rc = proc.wait()
    if rc != 0:
        if last is None or last[1] == 0:
            why = "printed no summary line" if last is None else "reported no failure"
            print("suites.py: the suite exited with status %d and %s" % (rc, why))
            print("0 passed, 1 failed", flush=True)
        return False
    if last is None:
        print("1 passed, 0 failed", flush=True)
        return True
    return last[1] == 0


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    args, make = argv[1:], None
    if args[:1] == ["--make"] and len(args) >= 2:
        make, args = args[1], args[2:]
    failed = [cmd for cmd in args if not run_suite(cmd, make)]
    for cmd in failed:
        print("suites.py: FAILED: %s" % cmd)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
