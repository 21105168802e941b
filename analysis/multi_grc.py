#!/usr/bin/env python3
"""Several GRCs competing (scenarios/multi_grc.xml): per sweep point and GRC, the totals over the
runs of grcs.csv (requests, accepted, success ratio, plans tried, hold refusals, of those for
frames already begun, commit failures). The table of docs/results/coordinators.md.

    /usr/bin/python3 analysis/multi_grc.py results/multi_grc
"""
import argparse
import csv
import glob
import os

COUNTS = ["requests", "accepted", "plans_found", "plans_tried", "hold_refusals", "frame_started",
          "commit_failures"]


def totals(point_dir):
    """{coordinator: {count: total}} over the runs of one sweep point, and the number of runs."""
    runs = sorted(glob.glob(os.path.join(point_dir, "run_*", "grcs.csv")))
    out = {}
    for path in runs:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                t = out.setdefault(row["coordinator"], dict.fromkeys(COUNTS, 0))
                for k in COUNTS:
                    t[k] += int(row[k])
    return out, len(runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", help="the --out folder of a run of scenarios/multi_grc.xml")
    args = parser.parse_args()
    points = sorted({os.path.dirname(os.path.dirname(p)) for p in
                     glob.glob(os.path.join(args.out_dir, "**", "run_*", "grcs.csv"), recursive=True)})
    if not points:
        raise SystemExit(f"{args.out_dir}: no run with a grcs.csv")
    print(f"{'point':<45} {'GRC':<6} {'runs':>4} {'requests':>9} {'accepted':>9} {'ratio':>6} "
          f"{'tried':>7} {'refused':>8} {'begun':>7} {'commit':>6}")
    for point in points:
        by_grc, runs = totals(point)
        name = os.path.relpath(point, args.out_dir)
        for grc, t in by_grc.items():
            if t["requests"] == 0:
                continue
            print(f"{name:<45} {grc:<6} {runs:>4} {t['requests']:>9} {t['accepted']:>9} "
                  f"{t['accepted'] / t['requests']:>6.4f} {t['plans_tried']:>7} "
                  f"{t['hold_refusals']:>8} {t['frame_started']:>7} {t['commit_failures']:>6}")


if __name__ == "__main__":
    main()
