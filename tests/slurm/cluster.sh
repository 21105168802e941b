# A one-node Slurm cluster for the tests, in a temporary folder, on 127.0.0.1 only. Sourced by
# the test and the benchmark (bash). slurm_start FOLDER CPUS starts munged, slurmctld and slurmd
# as root, each in the foreground of a background job whose pid is kept, and exports SLURM_CONF;
# slurm_stop stops them by those pids. Every wait is bounded.

SLURM_PIDS=""

# A TCP port of 127.0.0.1 nothing listens on (a guess among many, so two clusters rarely collide).
slurm_free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to $2 seconds for command $1 to succeed.
slurm_wait_for() {
  local deadline=$(( $(date +%s) + $2 ))
  until eval "$1" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.2
  done
}

# Why Slurm cannot start here, or nothing when it can.
slurm_missing() {
  [ "$(id -u)" = 0 ] || { echo "not root (the test starts munged, slurmctld and slurmd as root)"; return; }
  for b in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$b" >/dev/null 2>&1 || { echo "$b not installed (Debian packages slurm-wlm, munge)"; return; }
  done
}

# The last lines daemon $2 logged in folder $1 (its log file, else what it printed).
slurm_last_words() {
  local f="$1/$2.log"
  [ -s "$f" ] || f="$1/$2.out"
  tail -2 "$f" 2>/dev/null | tr '\n' ' '
}

slurm_start() {
  local dir=$1 cpus=$2
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 711 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  munged -F -f --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" >"$dir/munged.out" 2>&1 &
  SLURM_PIDS="$!"
  slurm_wait_for "[ -S '$dir/munge/munge.socket' ]" 10 || { echo "munged did not start: $(tail -3 "$dir/munge/munged.log" 2>/dev/null)"; return 1; }
  local ctl_port node_port
  ctl_port=$(slurm_free_port); node_port=$(slurm_free_port)
  cat >"$dir/slurm.conf" <<CONF
ClusterName=arsimtest
SlurmctldHost=$(hostname -s)(127.0.0.1)
MailProg=/bin/true
SlurmctldPort=$ctl_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=arsimnode NodeAddr=127.0.0.1 NodeHostname=arsimnode CPUs=$cpus RealMemory=1024 State=UNKNOWN
PartitionName=debug Nodes=arsimnode Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -D -i -f "$dir/slurm.conf" >"$dir/slurmctld.out" 2>&1 &
  SLURM_PIDS="$SLURM_PIDS $!"
  slurmd -D -f "$dir/slurm.conf" -N arsimnode >"$dir/slurmd.out" 2>&1 &
  SLURM_PIDS="$SLURM_PIDS $!"
  if ! slurm_wait_for "sinfo -h -n arsimnode -o %t | grep -Eq '^(idle|mix|alloc)'" 30; then
    echo "Slurm did not come up within 30 s; slurmctld: $(slurm_last_words "$dir" slurmctld)" \
      "slurmd: $(slurm_last_words "$dir" slurmd)"
    return 1
  fi
}

slurm_stop() {
  [ -n "${SLURM_CONF:-}" ] && timeout 10 scancel --user=root >/dev/null 2>&1
  local pid
  for pid in $SLURM_PIDS; do kill "$pid" 2>/dev/null; done
  for pid in $SLURM_PIDS; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  SLURM_PIDS=""
}
