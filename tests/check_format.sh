#!/bin/sh
# Fails when a C++ file of the project is not formatted as .clang-format says (`make format` fixes
# it). Run from the source root.
set -eu
command -v clang-format >/dev/null || { echo "clang-format not found (make deps installs it)"; exit 1; }
files=$(find base classad model workloads schedulers experiments sim python tests -name '*.[ch]pp' | sort)
[ -n "$files" ] || { echo "no C++ files found: not run from the source root?"; exit 1; }
echo "$files" | xargs -P 2 -n 40 clang-format --dry-run --Werror
