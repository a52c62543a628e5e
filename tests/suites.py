#!/usr/bin/env python3
"""suites.py -- runs test suites one after the other, all of them.

Usage: suites.py 'COMMAND' ['COMMAND'...]     (each run with sh -c)

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


def run_suite(cmd):
    """Runs one suite, echoing its stdout; returns True if it passed."""
    print(cmd, flush=True)
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
    failed = [cmd for cmd in argv[1:] if not run_suite(cmd)]
    for cmd in failed:
        print("suites.py: FAILED: %s" % cmd)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
