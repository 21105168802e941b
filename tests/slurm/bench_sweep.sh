#!/bin/bash
# Wall time of a sweep of the default scenario with the local runner (--jobs 2) and through a
# one-node Slurm with 2 CPUs (tests/slurm/cluster.sh; --jobs 2), for each --runs-per-task given
# ("auto": the default). Run as root from the source root:
#   bash tests/slurm/bench_sweep.sh build/arsim [RUNS] [RUNS_PER_TASK...]
# (defaults: 100 runs; auto 1 5 25). Each Slurm figure runs from submission until arsim collect
# wrote aggregate.csv; every aggregate.csv is compared with the local one. The ratios are to the
# first local figures.
set -u
arsim=$1
runs=${2:-100}
shift 2 2>/dev/null || shift $#
per_task=("$@")
[ ${#per_task[@]} -gt 0 ] || per_task=(auto 1 5 25)
. "$(dirname "$0")/cluster.sh"

why=$(slurm_missing)
[ -n "$why" ] && { echo "cannot start Slurm: $why"; exit 1; }
work=$(mktemp -d /tmp/arsim-slurm-bench.XXXXXX)
trap 'slurm_stop; rm -rf "$work"' EXIT
trap 'exit 143' TERM INT
slurm_start "$work/cluster" 2 || exit 1

now() { date +%s.%N; }
sweep=(run scenarios/elgl_greedy.xml --set scenario.runs="$runs")

# The local sweep before and after the Slurm ones (the machine's load may change meanwhile).
local_sweep() {
  rm -rf "$work/local"
  local t0
  t0=$(now)
  "$arsim" "${sweep[@]}" --out "$work/local" --jobs 2 >/dev/null || exit 1
  echo "$(now) - $t0" | bc
}
# The same runs as two local processes of half the runs each, each in a session of its own as
# Slurm starts its tasks: with the kernel's autogroup scheduling, a session shares the CPUs with
# the other sessions of a loaded machine, so on a busy machine two sessions get more CPU than one.
two_sessions() {
  rm -rf "$work/local2"
  local t0 half=$((runs / 2))
  t0=$(now)
  setsid "$arsim" "${sweep[@]}" --out "$work/local2" --run-index "0-$((half - 1))" >/dev/null &
  local a=$!
  setsid "$arsim" "${sweep[@]}" --out "$work/local2" --run-index "$half-$((runs - 1))" >/dev/null &
  wait $a $!
  echo "$(now) - $t0" | bc
}
local_s=$(local_sweep)
printf "%-28s %8.1f s\n" "local --jobs 2" "$local_s"
two_s=$(two_sessions)
printf "%-28s %8.1f s\n" "local, 2 sessions" "$two_s"

for n in "${per_task[@]}"; do
  flag=(); [ "$n" = auto ] || flag=(--runs-per-task "$n")
  out="$work/slurm-$n"
  t0=$(now)
  said=$("$arsim" "${sweep[@]}" --out "$out" --slurm --jobs 2 "${flag[@]}") || { echo "$said"; exit 1; }
  job=$(echo "$said" | sed -n 's/.* as Slurm job \([0-9]*\) .*/\1/p')
  slurm_wait_for "[ -z \"\$(squeue --noheader --jobs=$job 2>/dev/null)\" ]" 3600 || exit 1
  "$arsim" collect "$out" >/dev/null || { echo "collect failed"; exit 1; }
  s=$(echo "$(now) - $t0" | bc)
  cmp -s "$out/aggregate.csv" "$work/local/aggregate.csv" && same=identical || same=DIFFERENT
  tasks=$(grep -c ') runs=' "$out/slurm/array.sh")
  printf "%-28s %8.1f s  %5.2fx local, %5.2fx 2 sessions  (%d tasks; aggregate.csv %s)\n" \
    "slurm --runs-per-task $n" "$s" "$(echo "$s / $local_s" | bc -l)" \
    "$(echo "$s / $two_s" | bc -l)" "$tasks" "$same"
done
printf "%-28s %8.1f s\n" "local --jobs 2, again" "$(local_sweep)"
printf "%-28s %8.1f s\n" "local, 2 sessions, again" "$(two_sessions)"
