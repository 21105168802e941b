#!/bin/bash
# arsim run --slurm through a real one-node Slurm (tests/slurm/cluster.sh): a 6-run sweep of the
# default scenario in 3 array tasks, arsim collect, the same sweep with the local runner and
# aggregate.csv compared byte for byte; then one run removed, resubmitted alone and collected
# again. Usage (from the source root): slurm_sweep_test.sh ARSIM. Exit 77 (ctest's skip) with
# the reason when Slurm cannot start here, except under CI=true, where that is a failure.
set -u
arsim=$1
here=$(dirname "$0")
. "$here/cluster.sh"

cannot_start() {
  case "${CI:-}" in
    true | 1 | yes)
      echo "FAIL: Slurm cannot start here: $1 (CI=true: this test must run)"
      exit 1
      ;;
  esac
  echo "NOT RUN: Slurm cannot start here: $1"
  exit 77
}
fail() {
  echo "FAIL: $1"
  exit 1
}

why=$(slurm_missing)
[ -n "$why" ] && cannot_start "$why"
work=$(mktemp -d /tmp/arsim-slurm-test.XXXXXX)
trap 'slurm_stop; rm -rf "$work"' EXIT
trap 'exit 143' TERM INT
slurm_start "$work/cluster" 2 || cannot_start "the daemons did not come up (above)"

# Waits (at most 40 s: the whole test stays well within the ctest timeout, so its EXIT trap
# stops the daemons) until job $1 has no task queued or running.
wait_job() {
  slurm_wait_for "[ -z \"\$(squeue --noheader --jobs=$1 2>/dev/null)\" ]" 40 ||
    fail "Slurm job $1 did not end within 40 s: $(squeue --jobs="$1" 2>&1 | tr '\n' ' ')"
}
submit() {
  local said
  said=$("$arsim" run scenarios/elgl_greedy.xml --set scenario.runs=6 --out "$work/slurm" \
    --slurm --jobs 2 --runs-per-task 2) || fail "arsim run --slurm: $said"
  echo "$said" >&2
  echo "$said" | sed -n 's/.* as Slurm job \([0-9]*\) .*/\1/p'
}

job=$(submit)
[ -n "$job" ] || fail "no job id in the output of arsim run --slurm"
wait_job "$job"
said=$("$arsim" collect "$work/slurm") || fail "arsim collect after job $job: $said$(cat "$work"/slurm/slurm/logs/*.out)"
echo "$said"
grep -q "^task ${job}_2\$" "$work/slurm/run_005/slurm_task.txt" || fail "run_005 does not name task ${job}_2"
"$arsim" run scenarios/elgl_greedy.xml --set scenario.runs=6 --out "$work/local" --jobs 2 ||
  fail "the local run"
cmp "$work/slurm/aggregate.csv" "$work/local/aggregate.csv" || fail "aggregate.csv differs"
cmp "$work/slurm/sweep.csv" "$work/local/sweep.csv" || fail "sweep.csv differs"

# One run lost: collect names it, the same command submits it alone.
rm -r "$work/slurm/run_003"
said=$("$arsim" collect "$work/slurm") && fail "collect with run_003 missing exited 0"
echo "$said"
echo "$said" | grep -q "run_003: missing (never started)" || fail "collect does not name run_003"
job2=$(submit)
[ -n "$job2" ] && [ "$job2" != "$job" ] || fail "no new job for the missing run"
grep -q "runs=3 ;;" "$work/slurm/slurm/array.sh" || fail "the resubmission is not run 3 alone"
wait_job "$job2"
"$arsim" collect "$work/slurm" || fail "arsim collect after job $job2"
grep -q "^task ${job2}_0\$" "$work/slurm/run_003/slurm_task.txt" || fail "run_003 does not name ${job2}_0"
cmp "$work/slurm/aggregate.csv" "$work/local/aggregate.csv" || fail "aggregate.csv differs after the resubmission"
echo "PASS: 6 runs through Slurm jobs $job and $job2, aggregate.csv identical to the local run"
