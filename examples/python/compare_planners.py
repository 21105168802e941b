"""Runs the ELGL scenario with greedy, gridars-ip and the Python planner Cheapest
(examples/python/cheapest.py) over several seeds, prints the success ratio and the mean time
deviation of each, and plots them (docs/guide/your-own-algorithm.md).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/compare_planners.py --seeds 3 \\
        --out results/compare
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import arsim  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cheapest import Cheapest  # noqa: E402

SCENARIO = os.path.join(HERE, "..", "..", "scenarios", "elgl_greedy.xml")
PLANNERS = {"greedy": "greedy", "gridars-ip": "gridars-ip", "cheapest (Python)": Cheapest}


def overall(result, metric):
    s = result.summary
    row = s[(s.metric == metric) & (s.user == "all") & (s.bucket_end == "all")]
    return float(row.value.iloc[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="runs per planner (seeds 1..N)")
    parser.add_argument("--out", default="results/compare", help="folder of the runs and plot")
    parser.add_argument("--scenario", default=SCENARIO)
    args = parser.parse_args()
    rows = []
    for label, planner in PLANNERS.items():
        for seed in range(1, args.seeds + 1):
            folder = os.path.join(args.out, label.split()[0], f"seed{seed}")
            r = arsim.run(args.scenario, out=folder, seed=seed, audit=True, progress=False,
                          set={"grc.algorithm": planner})
            rows.append({"planner": label, "seed": seed,
                         "success_ratio": overall(r, "success_ratio"),
                         "time_deviation": r.requests.loc[r.requests.outcome == "accepted",
                                                          "time_deviation"].mean()})
            print(f"{label:>18} seed {seed}: success ratio {rows[-1]['success_ratio']:.3f}",
                  flush=True)
    table = pd.DataFrame(rows)
    means = table.groupby("planner", sort=False)[["success_ratio", "time_deviation"]]
    print(means.agg(["mean", "min", "max"]).round(3).to_string())
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.5))
    for ax, column, label in ((axes[0], "success_ratio", "success ratio"),
                              (axes[1], "time_deviation", "mean time deviation (s)")):
        for i, (planner, group) in enumerate(table.groupby("planner", sort=False)):
            ax.scatter([i] * len(group), group[column], color=f"C{i}")
            ax.bar(i, group[column].mean(), color=f"C{i}", alpha=0.35)
        ax.set_xticks(range(len(PLANNERS)), list(PLANNERS), rotation=15)
        ax.set_ylabel(label)
    fig.suptitle(f"ELGL, {args.seeds} seeds (bars: mean, dots: runs)")
    fig.tight_layout()
    os.makedirs(args.out, exist_ok=True)
    fig.savefig(os.path.join(args.out, "compare.png"), dpi=120)
    print(f"plot: {os.path.join(args.out, 'compare.png')}")


if __name__ == "__main__":
    main()
