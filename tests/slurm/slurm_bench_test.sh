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
pids=()  # the daemons this test started
cleanup() {
  set +e
  if [ -n "${SLURM_CONF:-}" ]; then
    scancel --quiet --user=root >/dev/null 2>&1
    # Jobs end before the daemons stop, so that no step outlives its slurmd.
    for _ in $(seq 40); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.5; done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
}
trap cleanup EXIT

# A munge daemon of our own (own key, own socket): the machine's is neither needed nor touched.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" \
  || skip "munged does not start: $(tail -3 "$work/munge/munged.log" 2>/dev/null)"
pids+=("$(cat "$work/munge/munged.pid")")

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
for _ in $(seq 20); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.25; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd || skip "slurmd does not start: $(tail -3 "$work/log/slurmd.log" 2>/dev/null)"
for _ in $(seq 20); do [ -s "$work/slurmd.pid" ] && break; sleep 0.25; done
pids+=("$(cat "$work/slurmd.pid")")
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

# Reward servers under Slurm: scripts/slurm/serve.sbatch announces its URL, which answers with the token.
export AKGEN_BIN="$akgen" AKGEN_SERVE_STATE="$work/serve" AKGEN_SERVE_TOKEN="slurm-test-$RANDOM"
export AKGEN_SERVE_PORT=$((ctl_port + 2))
serve_job="$(sbatch --parsable --export=ALL --ntasks=1 --cpus-per-task=1 --output="$work/serve.out" \
  "$src/scripts/slurm/serve.sbatch" --tasks "$work/tasks")"
for _ in $(seq 120); do
  [ -s "$AKGEN_SERVE_STATE/urls" ] && break
  sleep 0.5
done
[ -s "$AKGEN_SERVE_STATE/urls" ] || { echo "FAILED: serve.sbatch announced no URL"; cat "$work/serve.out"; exit 1; }
url="$(cat "$AKGEN_SERVE_STATE/urls")"
/usr/bin/python3 - "$url" "$AKGEN_SERVE_TOKEN" <<'PY'
import json, sys, urllib.error, urllib.request
url, token = sys.argv[1], sys.argv[2]
body = json.dumps({"task": "level1/Math/Abs", "answer": "no code here"}).encode()
def post(headers):
    req = urllib.request.Request(url + "/v1/evaluate", data=body, method="POST",
                                 headers=dict(headers, **{"Content-Type": "application/json"}))
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, None
assert post({})[0] == 401, "a server beyond loopback must want the token"
status, r = post({"Authorization": "Bearer " + token})
assert status == 200 and r["class"] == "gen.no_code", (status, r)
print("serve.sbatch: %s answers with the token, refuses without" % url)
PY
scancel "$serve_job"
