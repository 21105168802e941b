#!/bin/sh
# A short run of one fuzz target (ctest in the fuzz build): every seed of its corpus, then SECONDS
# of fuzzing. New inputs go to WORK/new, never into the corpus; an input that crashes is left in
# WORK (its path is printed) to be added to the corpus once the reader is fixed.
# Usage: smoke.sh FUZZER CORPUS WORK SECONDS [DICT]
set -eu
fuzzer=$1 corpus=$2 work=$3 seconds=$4 dict=${5:-}
rm -rf "$work"
mkdir -p "$work/new"
set -- -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$work/"
if [ -n "$dict" ]; then set -- "$@" -dict="$dict"; fi
exec "$fuzzer" "$@" "$work/new" "$corpus"
