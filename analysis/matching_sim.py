#!/usr/bin/env python3
"""The on-line Resource Matcher (kind matching, scenarios/matching_sim.xml): match ratio, mean
wait and utilisation by offered load, one line per matcher and batch size, from the sweep.csv of
a run of the scenario (each run's summary.csv for the rejected, expired and dropped jobs, its
jobs.csv for the median wait).
Prints the table (mean over runs) and draws one figure.

    /usr/bin/python3 -m analysis.matching_sim results/matching_sim [--png FILE]
"""
import argparse
import os

from .common import new_figure, save_figure
from .readers import read_jobs, read_summary, read_sweep

MATCHERS = ["lp", "ea", "hybrid", "lns"]
PANELS = [("match_ratio", "completed / submitted"), ("placeable_ratio", "completed / not rejected"),
          ("mean_wait", "mean wait of completed jobs (s)"), ("utilisation", "capacity-seconds held / offered")]
COLUMNS = ["completed", "match_ratio", "mean_wait", "batches", "mean_batch_size",
           "mean_matcher_time", "matcher_busy", "utilisation"]
FROM_SUMMARY = ["submitted", "rejected", "expired", "dropped", "arrival_period"]


def summary_value(out_dir, run, metric):
    s = read_summary(os.path.join(out_dir, run))
    row = s[(s.metric == metric) & (s.resource == "")]
    if len(row) != 1:
        raise SystemExit(f"{out_dir}/{run}/summary.csv: no single row for {metric}")
    return float(row.value.iloc[0])


def median_wait(out_dir, run):
    jobs = read_jobs(os.path.join(out_dir, run))
    return jobs[jobs.status == "completed"].waiting_time.median()


def read_sweep_means(out_dir):
    """Mean of every metric over the runs of each (matcher, load, batch size) point."""
    df = read_sweep(out_dir)
    keys = ["variant", "workload.load", "matcher.batch_size"]
    missing = [k for k in keys + COLUMNS if k not in df.columns]
    if missing:
        raise SystemExit(f"{out_dir}/sweep.csv: missing columns {missing}: not a matching_sim sweep?")
    for metric in FROM_SUMMARY:
        df[metric] = [summary_value(out_dir, run, metric) for run in df.run]
    df["placeable_ratio"] = df.completed / (df.submitted - df.rejected)
    df["median_wait"] = [median_wait(out_dir, run) for run in df.run]
    mean = df.groupby(keys)[COLUMNS + FROM_SUMMARY + ["placeable_ratio", "median_wait"]].mean().reset_index()
    mean["runs"] = df.groupby(keys).size().values
    return mean


def table(mean):
    head = ("| matcher | load | batch | runs | arrival period (s) | completed | rejected | expired + dropped | "
            "match ratio | of not rejected | mean wait (s) | median wait (s) | batches | mean batch | matcher time (ms) | "
            "matcher busy | utilisation |")
    lines = [head, "|" + "---|" * 17]
    for _, r in mean.sort_values(["variant", "workload.load", "matcher.batch_size"],
                                 key=lambda c: c.map(MATCHERS.index) if c.name == "variant" else c).iterrows():
        lines.append(f"| {r['variant']} | {r['workload.load']:g} | {r['matcher.batch_size']:g} | {r['runs']} | "
                     f"{r['arrival_period']:.0f} | {r['completed']:.1f} | {r['rejected']:.1f} | "
                     f"{r['expired'] + r['dropped']:.1f} | {r['match_ratio']:.3f} | {r['placeable_ratio']:.3f} | "
                     f"{r['mean_wait']:.0f} | {r['median_wait']:.0f} | "
                     f"{r['batches']:.1f} | {r['mean_batch_size']:.2f} | {1e3 * r['mean_matcher_time']:.2f} | "
                     f"{r['matcher_busy']:.2e} | {r['utilisation']:.3f} |")
    return "\n".join(lines)


def plot_metric(ax, mean, metric, label):
    """One metric of the sweep against the offered load on `ax`: a line per matcher (colour) and
    batch size (line style), mean over runs (mean: read_sweep's table)."""
    batch_sizes = sorted(mean["matcher.batch_size"].unique())
    styles = ["-", "--", ":", "-."]
    for i, m in enumerate(MATCHERS):
        for k, b in enumerate(batch_sizes):
            g = mean[(mean.variant == m) & (mean["matcher.batch_size"] == b)].sort_values("workload.load")
            if g.empty:
                continue
            ax.plot(g["workload.load"], g[metric], styles[k % len(styles)], marker="o", ms=3,
                    color=f"C{i}", label=f"{m}, batch {b:g}")
    loads = sorted(mean["workload.load"].unique())
    ax.set_xscale("log", base=2)
    ax.set_xticks(loads)
    ax.set_xticklabels([f"{x:g}" for x in loads])
    if metric.endswith("ratio"):
        ax.set_ylim(0, 1.02)  # differences between matchers are a few jobs: not magnified
    ax.set_xlabel("offered load")
    ax.set_ylabel(label)
    ax.grid(alpha=0.3)


def figure(mean, path):
    fig = new_figure(figsize=(17, 4))
    axes = fig.subplots(1, len(PANELS))
    for ax, (metric, label) in zip(axes, PANELS):
        plot_metric(ax, mean, metric, label)
    axes[0].legend(fontsize=7)
    fig.suptitle("On-line matching (scenarios/matching_sim.xml): mean over runs")
    save_figure(fig, os.path.dirname(path) or ".", os.path.basename(path), dpi=110)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="the --out folder of a run of scenarios/matching_sim.xml")
    ap.add_argument("--png", help="figure file (default: OUT/matching_sim.png)")
    args = ap.parse_args(argv)
    mean = read_sweep_means(args.out)
    print(table(mean))
    path = args.png or os.path.join(args.out, "matching_sim.png")
    figure(mean, path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
