#!/usr/bin/env bash
# A world built by a Slurm job array: a single-node cluster of Debian's slurm-wlm and
# munge, started here without systemd, on loopback only, with its own key, ports and state in a
# scratch folder, and stopped at the end. docs/examples/world/slurm.sbatch runs as the array;
# the job is scancelled at about half, the missing array indices are resubmitted the way the
# example's comment says, and the result equals a world built in one process.
# Needs TERRAIN_CLI (set by ctest), root (slurmd runs jobs as their user), slurm-wlm and munge.
source "$(dirname "$0")/cli_test_lib.sh"

for tool in slurmctld slurmd munged sbatch squeue scancel; do
  command -v "$tool" >/dev/null || { echo "missing $tool (./setup.sh deps installs slurm-wlm and munge)"; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "SKIP: the single-node cluster needs root (setup.sh runs as root)"; exit 77; }

example="$(cd "$(dirname "$0")/../../../docs/examples/world" && pwd)/slurm.sbatch"
s="$dir/slurm"
mkdir -p "$s/state" "$s/spool" "$s/out"
chmod 755 "$dir" "$s"
export SLURM_CONF="$s/slurm.conf"
started=()
stop_cluster() {
  for pidfile in "$s/slurmd.pid" "$s/slurmctld.pid" "$s/munged.pid"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  for p in "${started[@]}"; do kill "$p" 2>/dev/null; done
  sleep 0.5
  for p in "${started[@]}"; do kill -9 "$p" 2>/dev/null; done
}
trap 'stop_cluster; rm -rf "$dir"' EXIT

# munge: a key of our own, a socket in the scratch folder.
dd if=/dev/urandom of="$s/munge.key" bs=1024 count=1 status=none
chmod 400 "$s/munge.key"
munged --force --key-file="$s/munge.key" --socket="$s/munge.sock" --pid-file="$s/munged.pid" \
  --log-file="$s/munged.log" --seed-file="$s/munge.seed" --foreground 2>>"$s/munged.err" &
started+=($!)

# Free loopback ports for slurmctld and slurmd.
read -r ctl_port node_port < <($py -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
cat >"$SLURM_CONF" <<EOF
ClusterName=terrainworld
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctl_port
SlurmdPort=$node_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge.sock
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/slurmctld.log
SlurmdLogFile=$s/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=1001
MessageTimeout=5
NodeName=worldnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=4096 State=UNKNOWN
PartitionName=world Nodes=worldnode Default=YES MaxTime=INFINITE State=UP
EOF
for _ in $(seq 1 50); do [ -S "$s/munge.sock" ] && break; sleep 0.1; done
slurmctld -D -i -f "$SLURM_CONF" 2>>"$s/slurmctld.err" &
started+=($!)
slurmd -D -N worldnode -f "$SLURM_CONF" 2>>"$s/slurmd.err" &
started+=($!)
ready=0
for _ in $(seq 1 100); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then ready=1; break; fi
  sleep 0.2
done
if [ "$ready" -ne 1 ]; then
  echo "the cluster did not come up:"; tail -5 "$s"/*.log "$s"/*.err 2>/dev/null
  exit 1
fi
pass

# The world, and the same world built in one process for comparison.
flags=(--algorithm diamond-square --seed 31 --set edge=wrap --world-detail 12 --tile 257 --world-size 4096)
"$cli" world init --out "$dir/reference" "${flags[@]}" >/dev/null 2>&1 && \
  "$cli" world tile --world "$dir/reference/world.json" --index 0-255 2>/dev/null || fail "the reference world"
"$cli" world init --out "$dir/w" "${flags[@]}" >/dev/null 2>&1 || fail "world init"

submit() {  # ARRAY: sbatch the example as a job array of 16 tiles per task; prints the job id
  sbatch --parsable --array="$1" --cpus-per-task=1 --mem=256M --output="$s/out/%A_%a.txt" \
    --export=ALL,WORLD="$dir/w",TILES_PER_TASK=16,CLI="$cli" "$example"
}
wait_for() {  # JOBID: until none of its tasks is pending or running (at most 5 minutes)
  for _ in $(seq 1 1500); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  return 1
}
tiles_done() { ls "$dir/w/tiles/" 2>/dev/null | grep -c '\.json$'; }

job=$(submit '0-15%2') || fail "sbatch"
for _ in $(seq 1 1500); do
  [ "$(tiles_done)" -ge 128 ] && break
  sleep 0.1
done
scancel "$job"
wait_for "$job" || fail "the cancelled job did not end"
before=$(tiles_done)
check "scancel stopped the array part way ($before of 256 tiles done)" test "$before" -ge 64 -a "$before" -lt 256

# Resubmit the array indices whose tiles are missing, as slurm.sbatch's comment says.
missing=$("$cli" world verify --world "$dir/w/world.json" | grep -o '^tile [0-9]*' | awk -v n=16 '{print int($2 / n)}' |
  sort -un | paste -sd, -)
check "verify names the missing tiles' tasks" test -n "$missing"
job2=$(submit "$missing") || fail "resubmitting $missing"
wait_for "$job2" || fail "the resubmitted job did not end"
check "every tile done after the resubmission" test "$(tiles_done)" -eq 256
check "verify passes" bash -c "'$cli' world verify --world '$dir/w/world.json' >/dev/null"
check "the tiles equal the one-process world's, byte for byte" \
  bash -c "cd '$dir/w' && for f in tiles/*.tif overviews/*/*.tif; do cmp -s \"\$f\" '$dir/reference/'\"\$f\" || exit 1; done"
check "the array tasks said what they computed" bash -c "cat '$s'/out/*.txt | grep -q 'computed'"

finish
