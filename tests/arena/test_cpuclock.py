#!/usr/bin/env python3
"""test_cpuclock.py -- the --cpu-clock shim (build/cpuclock.so) and mode.

1. Clocks of a foreign binary (python3) and of a C program under the shim:
   sleeping advances none of CLOCK_MONOTONIC, CLOCK_REALTIME, gettimeofday,
   time(), timespec_get; a busy loop advances them as much as the process's
   CPU time; the CPU clock itself is untouched.
2. A bot whose strength is its budget: it counts loop iterations until its
   clock has advanced 200 ms. Pinned to one CPU beside a CPU hog on that
   CPU, it gets a fraction of the CPU: without the shim it gets well under
   its 200 ms of CPU time before its clock runs out; with the shim all of
   it, and about its unloaded work. CPU time is the measure because other
   load on the shared machine cannot raise the no-shim figure (iteration
   counts of a "quiet" run can be loaded too); the shim's clock reads are
   system calls, slower than the vDSO's, so counts with and without it are
   not compared directly.
3. A --cpu-clock match of our dist bot against a sparring bot: every game
   played, no timeout, the shim loaded into both bots.
The last line is "N passed, N failed".
"""
import json
import os
import shutil
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tests"))
import pyunit  # noqa: E402

SHIM = os.path.join(REPO, "build", "cpuclock.so")
BUILD = os.path.join(REPO, "build", "arena-test")

PY_CLOCKS = r'''
import json, time
def clocks():
    return [time.monotonic(), time.time(), time.perf_counter(), time.process_time()]
a = clocks(); time.sleep(0.3); b = clocks()
t = time.monotonic()
while time.monotonic() - t < 0.2:
    pass
c = clocks()
print(json.dumps({"sleep": [y - x for x, y in zip(a, b)], "busy": [y - x for x, y in zip(b, c)]}))
'''

C_CLOCKS = r'''
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
static double ts(clockid_t id) { struct timespec t; clock_gettime(id, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static double tv(void) { struct timeval t; gettimeofday(&t, NULL); return t.tv_sec + t.tv_usec / 1e6; }
static double tg(void) { struct timespec t; timespec_get(&t, TIME_UTC); return t.tv_sec + t.tv_nsec / 1e9; }
int main(void) {
  double m = ts(CLOCK_MONOTONIC), r = ts(CLOCK_REALTIME), g = tv(), s = tg();
  time_t t0 = time(NULL);
  sleep(2);
  printf("%.6f %.6f %.6f %.6f %ld\n", ts(CLOCK_MONOTONIC) - m, ts(CLOCK_REALTIME) - r, tv() - g, tg() - s,
         (long)(time(NULL) - t0));
  return 0;
}
'''

BUDGET_BOT = r'''
import sys, time
t = time.monotonic(); c = time.process_time(); n = 0
while time.monotonic() - t < 0.2:
    for _ in range(256):
        n += 1
print(n, time.process_time() - c)
'''


def run_py(code, shim, pin=None):
    env = dict(os.environ)
    if shim:
        env["LD_PRELOAD"] = SHIM
    cmd = ([shutil.which("taskset"), "-c", str(pin)] if pin is not None else []) + [sys.executable, "-c", code]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    if r.returncode != 0:
        raise RuntimeError(r.stderr)
    return r.stdout.strip()


def budget_work(shim, hog):
    """Medians of three runs of the budget bot pinned to CPU 0, with or
    without a hog pinned there: (iterations, CPU seconds it got in its
    budget)."""
    hp = None
    if hog:
        hp = subprocess.Popen([shutil.which("taskset"), "-c", "0", sys.executable, "-c", "while True: pass"])
        time.sleep(0.2)
    try:
        runs = [run_py(BUDGET_BOT, shim, pin=0).split() for _ in range(3)]
    finally:
        if hp:
            hp.kill()
            hp.wait()
    return sorted(int(r[0]) for r in runs)[1], sorted(float(r[1]) for r in runs)[1]


def main():
    check = pyunit.Checks()
    check(os.path.exists(SHIM), "build/cpuclock.so is built")
    if not os.path.exists(SHIM):
        return check.close()

    # 1. clocks
    real = json.loads(run_py(PY_CLOCKS, False))
    shim = json.loads(run_py(PY_CLOCKS, True))
    check(min(real["sleep"][:3]) >= 0.29, "without the shim a 0.3 s sleep advances the clocks: %s" % real["sleep"])
    check(max(shim["sleep"]) < 0.05, "python3 under the shim: a 0.3 s sleep leaves monotonic, time, "
                                     "perf_counter, process_time still: %s" % shim["sleep"])
    busy, cpu = shim["busy"][:3], shim["busy"][3]
    check(all(abs(b - cpu) < 0.01 for b in busy) and cpu >= 0.2,
          "python3 under the shim: a 0.2 s busy loop advances every clock by its CPU time: %s" % shim["busy"])
    os.makedirs(BUILD, exist_ok=True)
    src, exe = os.path.join(BUILD, "clocks.c"), os.path.join(BUILD, "clocks")
    with open(src, "w") as f:
        f.write(C_CLOCKS)
    cc = subprocess.run(["gcc", "-std=gnu17", "-O1", src, "-o", exe], capture_output=True, text=True)
    check(cc.returncode == 0, "the C clock probe compiles" + (": " + cc.stderr if cc.returncode else ""))
    if cc.returncode == 0:
        plain = [float(x) for x in subprocess.run([exe], capture_output=True, text=True).stdout.split()]
        shimmed = [float(x) for x in subprocess.run([exe], capture_output=True, text=True,
                                                    env=dict(os.environ, LD_PRELOAD=SHIM)).stdout.split()]
        check(min(plain) >= 1.0, "C probe without the shim: a 2 s sleep advances clock_gettime "
                                 "(MONOTONIC, REALTIME), gettimeofday, timespec_get, time: %s" % plain)
        check(len(shimmed) == 5 and max(shimmed) < 0.05,
              "C probe under the shim: the same sleep advances none of them: %s" % shimmed)

    # 2. a budget-bound bot beside a CPU hog on its CPU
    if shutil.which("taskset") and (os.cpu_count() or 1) >= 1:
        quiet_shim, _ = budget_work(True, False)
        loaded_shim, loaded_shim_cpu = budget_work(True, True)
        quiet, _ = budget_work(False, False)
        loaded, loaded_cpu = budget_work(False, True)
        print("     budget bot iterations in 200 ms: no shim quiet %d loaded %d (%.2f, %.0f ms CPU); "
              "shim quiet %d loaded %d (%.2f, %.0f ms CPU)" % (
                  quiet, loaded, loaded / max(1, quiet), 1000 * loaded_cpu, quiet_shim, loaded_shim,
                  loaded_shim / max(1, quiet_shim), 1000 * loaded_shim_cpu))
        # The CPU time each run got inside its 200 ms budget does not depend
        # on what else loads the machine the way iteration counts do: other
        # load only lowers the no-shim figure further.
        check(loaded_shim_cpu >= 0.18,
              "under the shim the bot beside a hog still gets its whole budget as CPU time (%.0f ms of 200)"
              % (1000 * loaded_shim_cpu))
        check(loaded_cpu < 0.15,
              "without the shim the hog takes a share of the bot's budget (%.0f ms of CPU in 200 ms)"
              % (1000 * loaded_cpu))
        check(loaded_shim >= 0.6 * quiet_shim,
              "under the shim a loaded CPU leaves the bot most of its work per budget (%d vs %d)" %
              (loaded_shim, quiet_shim))

    # 3. a --cpu-clock match of real bots
    res = os.path.join(BUILD, "cpuclock.jsonl")
    if os.path.exists(res):
        os.remove(res)
    r = subprocess.run([sys.executable, "arena.py", "greencircle", "--quiet", "--cpu-clock", "--games", "2",
                        "--jobs", "1", "--json", "--results", res, "dist", "greedy"],
                       cwd=REPO, capture_output=True, text=True, timeout=600)
    ok = r.returncode == 0
    summary = json.loads(r.stdout.strip().split("\n")[-1]) if ok else {}
    check(ok and summary["games"] == 2 and all(b["errors"] == 0 for b in summary["bots"]),
          "greencircle dist vs greedy with --cpu-clock: 2 games, no timeout%s" %
          ("" if ok else ": " + (r.stdout + r.stderr)[-500:]))
    if ok:
        with open(res) as f:
            rec = json.loads(f.readline())
        check("PROC_CLOCK=cpu " in rec["replay"] and rec["replay"].count("LD_PRELOAD") == 2,
              "the replay command carries the referee's CPU mode and the shim for both bots")
    return check.close()


if __name__ == "__main__":
    sys.exit(main())
