"""Several GRCs competing (scenarios/multi_grc.xml): per sweep point and GRC, the totals over the
runs of grcs.csv (requests, accepted, success ratio, plans tried, hold refusals, of those for
frames already begun, commit failures). The table of docs/studies/coordinators.md.

    /usr/bin/python3 -m analysis.multi_grc results/multi_grc
"""
import argparse
import os

import pandas as pd

from .readers import read_grcs, run_dirs

COUNTS = ["requests", "accepted", "plans_found", "plans_tried", "hold_refusals", "frame_started",
          "commit_failures"]


def totals(out_dir):
    """One row per (sweep point folder, coordinator): the sums of COUNTS over its runs, `runs`."""
    frames = []
    for d in run_dirs(out_dir):
        g = read_grcs(d)
        g["point"] = os.path.relpath(os.path.dirname(d), out_dir)
        g["run"] = d
        frames.append(g)
    if not frames:
        return pd.DataFrame()
    df = pd.concat(frames, ignore_index=True)
    sums = df.groupby(["point", "coordinator"], sort=False)[COUNTS].sum()
    sums["runs"] = df.groupby(["point", "coordinator"], sort=False).run.nunique()
    return sums.reset_index()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", help="the --out folder of a run of scenarios/multi_grc.xml")
    args = parser.parse_args(argv)
    t = totals(args.out_dir)
    if t.empty:
        raise SystemExit(f"{args.out_dir}: no run with a grcs.csv")
    print(f"{'point':<45} {'GRC':<6} {'runs':>4} {'requests':>9} {'accepted':>9} {'ratio':>6} "
          f"{'tried':>7} {'refused':>8} {'begun':>7} {'commit':>6}")
    for r in t.sort_values("point", kind="stable").itertuples():
        if r.requests == 0:
            continue
        print(f"{r.point:<45} {r.coordinator:<6} {r.runs:>4} {r.requests:>9} {r.accepted:>9} "
              f"{r.accepted / r.requests:>6.4f} {r.plans_tried:>7} "
              f"{r.hold_refusals:>8} {r.frame_started:>7} {r.commit_failures:>6}")


if __name__ == "__main__":
    main()
