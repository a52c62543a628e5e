#!/usr/bin/env python3
"""test_load.py -- tests/harness/load.py: the busy processes run while the
command runs (counted as load.py's children from inside the command), the
command's exit status comes back, and no busy process outlives load.py:
after a normal exit, a failing or missing command, a SIGTERM, and a SIGKILL
of load.py itself. Every wait is bounded and generous (no verdict depends on
the machine's speed). Last line: "N passed, N failed".
"""
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import pyunit  # noqa: E402

LOAD = os.path.join(HERE, "load.py")
# Run by the command's shell: lists load.py's children other than that shell
# (the busy processes) into the file argv[1]; load.py is the shell's parent.
LIST = ("import os,sys\n"
        "def ppid(d): return int(open('/proc/%s/stat'%d).read().rsplit(')',1)[1].split()[1])\n"
        "sh=os.getppid(); load=ppid(sh); out=[]\n"
        "for d in os.listdir('/proc'):\n"
        "  try: ok=d.isdigit() and int(d)!=sh and ppid(d)==load\n"
        "  except (OSError, ValueError, IndexError): continue\n"
        "  if ok: out.append(d)\n"
        "open(sys.argv[1],'w').write(' '.join(out))\n")


def alive(pid):
    """True while pid exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def gone_within(pids, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


class TestLoad(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="load")
        self.list = os.path.join(self.tmp, "busy")

    def tearDown(self):
        for name in os.listdir(self.tmp):
            os.unlink(os.path.join(self.tmp, name))
        os.rmdir(self.tmp)

    def busy(self):
        with open(self.list) as f:
            return [int(x) for x in f.read().split()]

    def test_busy_while_command_runs_and_status_returned(self):
        cmd = "%s -c \"$0\" %s; exit 3" % (sys.executable, self.list)
        p = subprocess.run([sys.executable, LOAD, "-n", "3", "--", "sh", "-c", cmd, LIST],
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 3, p.stderr)
        pids = self.busy()
        self.assertEqual(len(pids), 3, pids)
        self.assertTrue(gone_within(pids, 30), "busy processes outlived load.py")
        self.assertIn("3 busy processes", p.stderr)

    def test_zero_exit_and_no_busy(self):
        p = subprocess.run([sys.executable, LOAD, "-n", "0", "--", "true"], capture_output=True, timeout=120)
        self.assertEqual(p.returncode, 0)

    def test_missing_command(self):
        p = subprocess.run([sys.executable, LOAD, "-n", "2", "--", os.path.join(self.tmp, "none")],
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 127)
        self.assertIn("cannot run", p.stderr)

    def test_bad_command_line(self):
        for args in ([], ["-n", "x", "--", "true"], ["--"], ["true"], ["-n", "2"]):
            p = subprocess.run([sys.executable, LOAD] + args, capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn("usage: ", p.stderr)

    def start_and_list(self):
        """load.py -n 2 running a command that lists the busy processes and
        then sleeps; returns (load.py's Popen, busy pids, command's pid file)."""
        pidfile = os.path.join(self.tmp, "cmd")
        cmd = "echo $$ > %s; %s -c \"$0\" %s; exec sleep 300" % (pidfile, sys.executable, self.list)
        p = subprocess.Popen([sys.executable, LOAD, "-n", "2", "--", "sh", "-c", cmd, LIST],
                             stderr=subprocess.DEVNULL)
        end = time.monotonic() + 60
        while time.monotonic() < end and not (os.path.exists(self.list) and os.path.getsize(self.list)):
            time.sleep(0.05)
        pids = self.busy() if os.path.exists(self.list) else []
        if len(pids) != 2:
            p.kill()  # and its busy processes stop by themselves
            p.wait()
            self.fail("busy processes seen by the command: %s" % pids)
        with open(pidfile) as f:
            return p, pids, int(f.read())

    def test_sigterm_stops_command_and_busy(self):
        p, pids, cmd = self.start_and_list()
        p.send_signal(signal.SIGTERM)
        self.assertEqual(p.wait(timeout=60), 128 + signal.SIGTERM)
        self.assertTrue(gone_within(pids + [cmd], 30))

    def test_sigkill_leaves_no_spinning_orphan(self):
        p, pids, cmd = self.start_and_list()
        p.kill()
        p.wait(timeout=60)
        self.assertTrue(gone_within(pids, 60), "busy processes spin on after load.py was killed")
        os.kill(cmd, signal.SIGKILL)  # the orphaned sleep: ours to end


if __name__ == "__main__":
    sys.exit(pyunit.main(sys.modules[__name__]))
