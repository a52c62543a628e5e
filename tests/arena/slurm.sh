#!/usr/bin/env bash
# slurm.sh -- a single-node Slurm on loopback for the arena's Slurm tests.
#
#   tests/arena/slurm.sh start DIR   writes DIR/slurm.conf, starts munged,
#                                    slurmctld and slurmd (state, logs and
#                                    sockets under DIR), waits until the
#                                    node is idle; prints `export SLURM_CONF=...`
#   tests/arena/slurm.sh stop DIR    stops the three daemons it started
#
# Needs the Debian packages slurm-wlm and munge, and root (slurmd runs jobs
# as their owner). Every daemon runs with its pid file under DIR, and stop
# kills only those pids. Exit status non-zero, with the daemon's log tail,
# when one does not come up.
set -euo pipefail
cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: slurm.sh start|stop DIR" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop() {
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      pid=$(cat "$dir/$d.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$dir/$d.pid"
    fi
  done
}

if [ "$cmd" = stop ]; then stop; exit 0; fi
[ "$cmd" = start ] || { echo "slurm.sh: unknown command $cmd" >&2; exit 2; }
for t in munged slurmctld slurmd sbatch; do
  command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] || { echo "slurm.sh: $t not found (apt-get install -y slurm-wlm munge)" >&2; exit 1; }
done
stop
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
[ -f "$dir/munge/munge.key" ] || { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null; chmod 400 "$dir/munge/munge.key"; }
cat > "$dir/slurm.conf" <<CONF
ClusterName=arenatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CryptoType=crypto/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=10001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=arena Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF=$dir/slurm.conf
munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" --force \
  || { echo "slurm.sh: munged did not start:"; tail -5 "$dir/munged.log"; exit 1; }
slurmctld -f "$dir/slurm.conf" || { echo "slurm.sh: slurmctld did not start:"; tail -5 "$dir/slurmctld.log"; stop; exit 1; }
slurmd -f "$dir/slurm.conf" || { echo "slurm.sh: slurmd did not start:"; tail -5 "$dir/slurmd.log"; stop; exit 1; }
for _ in $(seq 100); do
  state=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
  case "$state" in idle|mix|alloc) echo "export SLURM_CONF=$dir/slurm.conf"; exit 0 ;; esac
  sleep 0.2
done
echo "slurm.sh: the node did not become idle (state: ${state:-none}):"
tail -5 "$dir/slurmctld.log" "$dir/slurmd.log"
stop
exit 1
