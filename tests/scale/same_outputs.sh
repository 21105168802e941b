#!/bin/sh
# Compares two result folders of the same scenarios file by file: both must hold the same files,
# and every file but timings.csv and run.json (wall-clock figures, commit) must be byte-identical.
# Prints the number of files compared; exits 1 at the first difference.
#   tests/scale/same_outputs.sh OLD_DIR NEW_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_DIR NEW_DIR" >&2; exit 2; }
list() { (cd "$1" && find . -type f ! -name timings.csv ! -name run.json | LC_ALL=C sort); }
a=$(list "$1")
b=$(list "$2")
if [ "$a" != "$b" ]; then
  echo "the folders hold different files" >&2
  exit 1
fi
n=0
printf '%s\n' "$a" | {
  while IFS= read -r f; do
    cmp -s "$1/$f" "$2/$f" || { echo "differs: $f" >&2; exit 1; }
    n=$((n + 1))
  done
  echo "$n files identical"
}
