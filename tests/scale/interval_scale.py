#!/usr/bin/env python3
"""Measures the interval kind on generated SWF traces of growing size: wall time and peak resident
memory of `arsim run` (GNU time, /usr/bin/time -v), and the most tasks outstanding at once
(dispatched by the RM, not yet finished; from jobs.csv). Prints one Markdown row per size.

  tests/scale/interval_scale.py --arsim build/arsim --out /tmp/scale 20000 50000 200000

Each size writes OUT/N.swf (tests/scale/make_swf.py, seed 1) and runs tests/scale/interval_swf.xml
on it into OUT/run_N, audited. Run from the source root.
"""
import argparse
import csv
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIO = os.path.join(HERE, "interval_swf.xml")
PERIOD = 86400.0  # interval_rm.period of the scenario


def gnu_time(cmd):
    """(exit status, wall seconds, peak RSS in MiB) of cmd under /usr/bin/time -v."""
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    wall = rss = None
    for line in p.stderr.splitlines():
        line = line.strip()
        if line.startswith("Elapsed (wall clock) time"):
            parts = [float(x) for x in line.rsplit(" ", 1)[1].split(":")]
            wall = sum(x * 60 ** k for k, x in enumerate(reversed(parts)))
        elif line.startswith("Maximum resident set size"):
            rss = int(line.rsplit(" ", 1)[1]) / 1024
    if wall is None or rss is None:
        sys.exit("interval_scale.py: no GNU time figures in:\n" + p.stderr[-2000:])
    return p.returncode, wall, rss, p.stderr


def most_outstanding(jobs_csv):
    """The most tasks dispatched (at the start of their request's period: est-ect defers none)
    and not yet finished at one instant."""
    events = []
    with open(jobs_csv) as f:
        for row in csv.DictReader(f):
            dispatched = math.floor(float(row["submission_time"]) / PERIOD) * PERIOD
            events.append((dispatched, 1))
            events.append((float(row["finish_time"]), -1))
    events.sort(key=lambda e: (e[0], e[1]))  # ends before dispatches at the same instant
    now = best = 0
    for _, step in events:
        now += step
        best = max(best, now)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arsim", default="build/arsim")
    ap.add_argument("--out", required=True)
    ap.add_argument("sizes", type=int, nargs="+")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    print("| tasks | wall s | peak RSS MiB | most outstanding | exit |")
    print("|---:|---:|---:|---:|---:|")
    for n in a.sizes:
        trace = os.path.join(a.out, f"{n}.swf")
        subprocess.run([sys.executable, os.path.join(HERE, "make_swf.py"), "--jobs", str(n),
                        "--out", trace], check=True)
        run = os.path.join(a.out, f"run_{n}")
        code, wall, rss, err = gnu_time([a.arsim, "run", SCENARIO, "--set",
                                         f"workload.trace={trace}", "--out", run, "--audit"])
        jobs = os.path.join(run, "jobs.csv")
        peak = most_outstanding(jobs) if code == 0 and os.path.exists(jobs) else "-"
        print(f"| {n} | {wall:.1f} | {rss:.0f} | {peak} | {code} |", flush=True)
        if code != 0:
            tail = [l for l in err.splitlines() if re.search(r"rror|abort|protect|max_map", l)]
            print("\n".join(tail[:5]), file=sys.stderr)


if __name__ == "__main__":
    main()
