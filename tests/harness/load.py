#!/usr/bin/env python3
"""load.py -- runs a command while N busy processes load the machine, so
anyone can check that a test suite's verdicts do not depend on how much CPU
the machine gives it (issue 34).

Usage:  python3 tests/harness/load.py [-n N] -- CMD [ARGS...]
        (e.g. python3 tests/harness/load.py -n 8 -- make test)

  -n N   busy processes (default: 8). Each spins on pure CPU work at normal
         priority (nice 0, the same as CMD), so with N above the core count
         CMD gets a fraction of a core, as on a laptop running other builds.

The busy processes start before CMD and are stopped whatever happens: when
CMD exits, fails, cannot be started, or on Ctrl-C / SIGTERM / SIGHUP (passed
on to CMD, which decides when to end); a busy process also stops by itself
when load.py is gone (even killed with SIGKILL). Exit status: CMD's (128 + signal number when a
signal ended it; 127 when it could not be started; 2 for a bad command
line). One line on stderr before and after CMD says what ran and the load
average then. Standard library only.
"""
import os
import signal
import subprocess
import sys

USAGE = "usage: load.py [-n N] -- CMD [ARGS...]"


def spin(parent):
    """A busy process's whole life: integer work until its parent is gone
    (so a load.py killed with SIGKILL leaves no spinning orphans)."""
    x = 0
    while os.getppid() == parent:
        for _ in range(200000):
            x = (x * 1103515245 + 12345) & 0xFFFFFFFF


def start_busy(n):
    """Forks n busy children (in our process group, so a terminal's Ctrl-C
    reaches them too); returns their pids."""
    pids, me = [], os.getpid()
    for _ in range(n):
        pid = os.fork()
        if pid == 0:  # the child: default signals, spin
            try:
                for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                    signal.signal(s, signal.SIG_DFL)
                spin(me)
            finally:
                os._exit(0)
        pids.append(pid)
    return pids


def stop_busy(pids):
    """Kills and reaps every busy child (each one by its own pid)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for pid in pids:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


def parse(argv):
    """(n, cmd) from the command line, or None when it is malformed."""
    n, args = 8, list(argv)
    while args and args[0] != "--":
        if args[0] == "-n" and len(args) >= 2 and args[1].isdigit():
            n, args = int(args[1]), args[2:]
        elif args[0].startswith("-n") and args[0][2:].isdigit():
            n, args = int(args[0][2:]), args[1:]
        elif args[0] in ("-h", "--help"):
            return "help"
        else:
            return None
    if not args or len(args) < 2 or n > 1024:
        return None
    return n, args[1:]


def loadavg():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "unknown"


def main(argv):
    got = parse(argv[1:])
    if got == "help":
        print(__doc__.strip())
        return 0
    if got is None:
        print(USAGE, file=sys.stderr)
        return 2
    n, cmd = got
    child = None
    pids = []

    def forward(signum, _frame):
        # CMD gets the signal and decides (child.wait() returns when it
        # exits); before CMD runs, we stop. The busy processes go in `finally`.
        if child is not None and child.poll() is None:
            child.send_signal(signum)
        else:
            raise KeyboardInterrupt

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, forward)
    try:
        pids = start_busy(n)
        print("load.py: %d busy processes, load average %s; running %s" % (n, loadavg(), " ".join(cmd)),
              file=sys.stderr, flush=True)
        try:
            child = subprocess.Popen(cmd)
        except OSError as e:
            print("load.py: cannot run %s: %s" % (cmd[0], e), file=sys.stderr)
            return 127
        rc = child.wait()
        return rc if rc >= 0 else 128 - rc
    except KeyboardInterrupt:
        return 130
    finally:
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        print("load.py: load average %s at the end; stopping %d busy processes" % (loadavg(), len(pids)),
              file=sys.stderr, flush=True)
        stop_busy(pids)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
