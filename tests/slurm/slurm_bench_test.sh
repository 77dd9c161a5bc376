#!/usr/bin/env bash
# A real one-node Slurm cluster (Debian's munge, slurmctld, slurmd on localhost, as root) runs
# scripts/slurm/bench.sh: a 4-task job array of `akgen bench --shard slurm` over a subset of
# our tasks, then the dependent merge job. The merged summary.json must equal an unsharded local
# run's (timing aside). Exits 77 (ctest: skipped) with the reason where Slurm cannot start.
#
#   slurm_bench_test.sh AKGEN SOURCE_DIR WORK_DIR
set -euo pipefail
akgen="$1" src="$2" work="$3"
skip() { echo "SKIPPED: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "starting slurmctld and slurmd needs root"
for b in munged slurmctld slurmd sbatch squeue sinfo; do
  command -v "$b" >/dev/null || skip "$b is not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
done

rm -rf "$work"
mkdir -p "$work"/{munge,state,spool,log}
chmod 700 "$work/munge"
cleanup() {
  set +e
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user=root >/dev/null 2>&1
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munge/munged.pid"; do
    [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
}
trap cleanup EXIT

# A munge daemon of our own (own key, own socket): the machine's is neither needed nor touched.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" \
  || skip "munged does not start: $(tail -3 "$work/munge/munged.log" 2>/dev/null)"

host="$(hostname -s)"
# Ports away from Slurm's defaults, so that a cluster the machine may run is not disturbed.
ctl_port=$((20000 + RANDOM % 20000)) d_port=$((ctl_port + 1))
export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=akgtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctl_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=akg Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -i || skip "slurmctld does not start: $(tail -3 "$work/log/slurmctld.log" 2>/dev/null)"
slurmd || skip "slurmd does not start: $(tail -3 "$work/log/slurmd.log" 2>/dev/null)"
for _ in $(seq 60); do
  state="$(sinfo -h -o %T 2>/dev/null || true)"
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || skip "the node did not come up (state '$state'): $(tail -3 "$work/log/slurmd.log")"
echo "slurm: node $host idle (slurmctld port $ctl_port)"

# Four tasks, three public cases each: every shard has work, the whole test stays short.
for op in Abs Add Mul Sub; do
  mkdir -p "$work/tasks/level1/Math"
  cp -r "$src/tasks/level1/Math/$op" "$work/tasks/level1/Math/"
  head -4 "$src/tasks/level1/Math/$op/validation/test_cases.csv" > "$work/tasks/level1/Math/$op/validation/test_cases.csv"
done
bench_args=(--tasks "$work/tasks" --split public)
"$akgen" bench --quiet --run "$work/local" "${bench_args[@]}"

ids="$("$src/scripts/slurm/bench.sh" --run "$work/sharded" --shards 4 --akgen "$akgen" -- "${bench_args[@]}")"
echo "slurm: $ids"
merge="${ids##* }"
for _ in $(seq 1200); do
  [ -z "$(squeue -h -j "$merge" 2>/dev/null)" ] && break
  sleep 0.5
done
[ -s "$work/sharded/summary.json" ] || {
  echo "FAILED: no merged summary.json"; tail -20 "$work"/sharded/slurm/*.out "$work/log/slurmctld.log"; exit 1; }
ls "$work/sharded/records"
/usr/bin/python3 - "$work/local/summary.json" "$work/sharded/summary.json" <<'PY'
import json, sys
local, sharded = (json.load(open(p)) for p in sys.argv[1:3])
for s in (local, sharded):
    s.pop("timing", None)  # wall time of this invocation: the only field that may differ
if local != sharded:
    for k in sorted(set(local) | set(sharded)):
        if local.get(k) != sharded.get(k):
            print("differs:", k, json.dumps(local.get(k))[:300], "vs", json.dumps(sharded.get(k))[:300])
    sys.exit("FAILED: the merged summary differs from the local run's")
tasks = {t["task"] for t in local["tasks"]}
assert len(tasks) == 4, tasks
print("merged summary.json of 4 shards equals the local run's (%d candidates)" % len(local["tasks"]))
PY
