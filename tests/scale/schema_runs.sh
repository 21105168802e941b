#!/bin/sh
# Runs every shipped simulating scenario with one arsim binary into OUT_DIR/<scenario>, for
# tests/scale/compare_schema.py OLD_DIR NEW_DIR: the scenarios of scenarios/ in full, the
# co-allocation ones of scenarios/paper/ their first two runs (--run-index 0-1), the offline ones
# their first run (--run-index 0), so both sides make the same runs.
#   tests/scale/schema_runs.sh ARSIM OUT_DIR
set -u
[ $# -eq 2 ] || { echo "usage: $0 ARSIM OUT_DIR" >&2; exit 2; }
bin=$1
out=$2
root=$(dirname "$0")/../..
mkdir -p "$out"
run() {  # name scenario [options]
  name=$1
  shift
  start=$(date +%s)
  nice -n 15 "$bin" run "$@" --out "$out/$name" --progress 0 >"$out/$name.log" 2>&1
  echo "$name rc=$? $(($(date +%s) - start)) s" >>"$out/times.txt"
}
for s in multi_grc elgl_greedy multicluster_topology transfers_background interval_synthetic \
  gangmatch_sim matching_sim interval_kth gangmatch_sim_n1000; do
  run "$s" "$root/scenarios/$s.xml"
done
for s in gridars_fig7 gridars_fig7_factorial gridars_fig7_readings gridars_fig8 gridars_table2; do
  run "$s" "$root/scenarios/paper/$s.xml" --run-index 0-1
done
for f in "$root"/scenarios/paper/*.xml; do
  grep -q 'kind="offline"' "$f" || continue
  run "$(basename "$f" .xml)" "$f" --run-index 0
done
