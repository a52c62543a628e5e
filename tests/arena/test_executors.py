#!/usr/bin/env python3
"""test_executors.py -- one real match through every arena executor.

The same 40-game greencircle match between two deterministic sparring bots
(greedy and starter; same seeds; --cpu-clock, so that a stall of the loaded
machine cannot time a bot out) is played through the local executor, GNU
parallel on this machine, GNU parallel over ssh to an sshd this test starts
on loopback (with its own host and user keys under build/), and, with
--slurm, a Slurm job array on the single-node Slurm of tests/arena/slurm.sh
(started and stopped here). Every executor must give the same per-game
results (seed, seats, ranks, scores, turns, errors), and the host check
must refuse a host whose binaries are out of date.

  tests/arena/test_executors.py [--slurm] [--games N]

A part whose tool is missing (GNU parallel, sshd, Slurm) is reported as
skipped, with the reason; with --slurm a Slurm that does not start is a
failure, with its error. The last line is "N passed, N failed[, N skipped]".
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tests"))
import pyunit  # noqa: E402

BUILD = os.path.join(REPO, "build", "arena-test")
BOTS = ["greedy", "starter"]


def arena(args, env=None):
    cmd = [sys.executable, "arena.py", "greencircle", "--quiet", "--seed", "7", "--cpu-clock"] + args + BOTS
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, env=env, timeout=1800)


def per_game(path):
    with open(path) as f:
        recs = [json.loads(l) for l in f if l.strip()]
    out = []
    for r in sorted(recs, key=lambda r: r["g"]):
        res = r["result"] or {}
        out.append((r["g"], r["seed"], tuple(r["seats"]), tuple(res.get("ranks", [])),
                    tuple(res.get("scores", [])), res.get("turns"), tuple(res.get("errors", [])), r["error"]))
    return out


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_sshd(d):
    """An sshd on loopback with keys under d; returns (sshloginfile, pid) or
    (None, reason)."""
    sshd = shutil.which("sshd") or "/usr/sbin/sshd"
    if not os.path.exists(sshd) or not shutil.which("ssh"):
        return None, "no sshd/ssh (Debian: apt-get install openssh-server openssh-client)"
    for k in ("host_key", "user_key"):
        if not os.path.exists(os.path.join(d, k)):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(d, k)], check=True)
    shutil.copy(os.path.join(d, "user_key.pub"), os.path.join(d, "authorized_keys"))
    port = free_port()
    with open(os.path.join(d, "sshd_config"), "w") as f:
        f.write("Port %d\nListenAddress 127.0.0.1\nHostKey %s/host_key\nAuthorizedKeysFile %s/authorized_keys\n"
                "StrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                "PermitRootLogin prohibit-password\nUsePAM no\nPidFile %s/sshd.pid\n" % (port, d, d, d))
    if os.getuid() == 0:
        os.makedirs("/run/sshd", exist_ok=True)  # privilege separation directory
    r = subprocess.run([sshd, "-f", os.path.join(d, "sshd_config"), "-E", os.path.join(d, "sshd.log")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, "sshd did not start: %s" % (r.stderr.strip() or "exit %d" % r.returncode)
    ssh = ("ssh -i %s/user_key -p %d -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
           "-o BatchMode=yes -o LogLevel=ERROR" % (d, port))
    pid = None
    for _ in range(50):
        try:
            with open(os.path.join(d, "sshd.pid")) as f:
                pid = int(f.read())
            break
        except (OSError, ValueError):
            time.sleep(0.1)
    ok = subprocess.run(ssh.split() + ["127.0.0.1", "true"], capture_output=True, text=True, timeout=60)
    if ok.returncode != 0:
        stop_pid(pid)
        return None, "ssh to the loopback sshd failed: %s" % ok.stderr.strip()[-200:]
    hosts = os.path.join(d, "hosts")
    with open(hosts, "w") as f:
        f.write("2/%s 127.0.0.1\n" % ssh)
    return hosts, pid


def stop_pid(pid):
    if pid:
        try:
            os.kill(pid, 15)
        except OSError:
            pass


def main(argv):
    slurm = "--slurm" in argv
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 40
    check = pyunit.Checks()
    skipped = []
    os.makedirs(BUILD, exist_ok=True)
    for name in os.listdir(BUILD):
        if name.endswith(".jsonl"):
            os.remove(os.path.join(BUILD, name))
    runs = {}

    def play(name, args, env=None):
        path = os.path.join(BUILD, name + ".jsonl")
        t = time.monotonic()
        r = arena(["--games", str(games), "--results", path] + args, env)
        check(r.returncode == 0, "%s: %d games played (exit %d)%s" %
              (name, games, r.returncode, "" if r.returncode == 0 else ": " + (r.stdout + r.stderr)[-600:]))
        print("     %s took %.1f s" % (name, time.monotonic() - t))
        if os.path.exists(path):
            runs[name] = per_game(path)

    play("local", ["--jobs", "2"])
    check(len(runs.get("local", [])) == games and all(g[3] for g in runs["local"]),
          "local: one result line per game")
    if not slurm:
        if shutil.which("parallel"):
            play("parallel", ["--executor", "parallel", "--jobs", "2"])
            d = os.path.join(BUILD, "sshd")
            os.makedirs(d, exist_ok=True)
            hosts, pid = start_sshd(d)
            if hosts is None:
                skipped.append("parallel over ssh: %s" % pid)
            else:
                try:
                    play("ssh", ["--sshloginfile", hosts, "--jobs", "2"])
                    # a host whose referee is older than its sources is refused
                    src = os.path.join(REPO, "games", "greencircle", "referee.c")
                    st = os.stat(src)
                    ref = os.path.join(REPO, "build", "greencircle-referee")
                    rst = os.stat(ref)
                    try:
                        os.utime(ref, (rst.st_atime, st.st_mtime - 100))
                        r = arena(["--games", "2", "--results", os.path.join(BUILD, "stale.jsonl"),
                                   "--sshloginfile", hosts])
                    finally:
                        os.utime(ref, (rst.st_atime, rst.st_mtime))
                    check(r.returncode == 2 and "build/greencircle-referee (out of date)" in r.stderr,
                          "ssh: a host with an out-of-date referee is refused before any game")
                finally:
                    stop_pid(pid)
        else:
            skipped.append("GNU parallel not installed (apt-get install parallel)")
    else:
        d = os.path.join(BUILD, "slurm")
        st = subprocess.run([os.path.join(REPO, "tests", "arena", "slurm.sh"), "start", d],
                            capture_output=True, text=True)
        check(st.returncode == 0, "slurm: single-node Slurm started%s" %
              ("" if st.returncode == 0 else ": " + (st.stdout + st.stderr).strip()[-800:]))
        if st.returncode == 0:
            env = dict(os.environ, SLURM_CONF=os.path.join(d, "slurm.conf"))
            try:
                play("slurm", ["--executor", "slurm", "--jobs", "2", "--slurm-batch", "10"], env)
            finally:
                subprocess.run([os.path.join(REPO, "tests", "arena", "slurm.sh"), "stop", d])
    for name, got in runs.items():
        if name == "local":
            continue
        same = got == runs.get("local")
        diff = [] if same else [(a, b) for a, b in zip(got, runs.get("local", [])) if a != b][:2]
        check(same, "%s: the same per-game results as local%s" % (name, "" if same else ": %s" % diff))
    for s in skipped:
        print("skip %s" % s)
    print("%d passed, %d failed%s" % (check.passed, check.failed, ", %d skipped" % len(skipped) if skipped else ""))
    return 0 if check.failed == 0 and check.passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
