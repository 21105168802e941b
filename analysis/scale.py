"""The scale study (docs/studies/scale.md): the co-allocation planners' cost per request and the
process's peak memory against network size, read from Google Benchmark's JSON output of
`arsim-bench --benchmark_filter=coallocation/scale` (tests/bench/bench_planner_scale.cpp).

    python3 -m analysis.scale BENCH.json [BENCH.json ...] --csv scale.csv --fig-dir docs/studies/img

Each JSON file may hold any of the benchmarks; a benchmark found in several files keeps its last
reading. Peak memory is the process's peak so far, so it describes one size only when the
benchmark ran alone in its process (one `--benchmark_filter` per size)."""
import argparse
import os
import sys

import pandas as pd

from .common import new_figure, save_figure
from .readers import read_benchmark_json

COLUMNS = ["planner", "domains", "sites_per_domain", "sites", "edges", "requests", "accepted",
           "planner_median_us", "planner_p90_us", "planner_us", "rms_us", "peak_rss_mb"]
STYLE = {"greedy": ("tab:blue", "o"), "ctaap": ("tab:red", "s"), "gridars-ip": ("tab:green", "^")}
TARGET_US = 1000.0  # 1 ms per request, the aim for greedy and ctaap at 1,000 sites


def parse_name(name):
    """'coallocation/scale/ctaap/candidates=8/50/20/0/iterations:1' ->
    ('ctaap candidates=8', 50, 20); None for another benchmark."""
    parts = name.split("/")
    if len(parts) < 6 or parts[:2] != ["coallocation", "scale"]:
        return None
    sizes = [p for p in parts[2:] if p.isdigit()]
    words = [p for p in parts[2:] if not p.isdigit() and not p.startswith("iterations:")]
    if len(sizes) != 3 or not words:
        raise ValueError(f"{name}: expected <planner>[/key=value]/<domains>/<sites>/<limit>")
    return " ".join(words), int(sizes[0]), int(sizes[1])


def read_bench(paths):
    """One row per scale benchmark of the JSON files, sorted by planner and sites."""
    rows = {}
    for path in paths:
        for b in read_benchmark_json(path):
            key = parse_name(b.get("name", ""))
            if key is None:
                continue
            row = {"planner": key[0], "domains": key[1], "sites_per_domain": key[2]}
            for c in COLUMNS[3:]:
                row[c] = b.get(c, float("nan"))
            rows[key] = row
    if not rows:
        raise ValueError(f"{', '.join(paths)}: no coallocation/scale benchmark")
    return pd.DataFrame(list(rows.values()), columns=COLUMNS).sort_values(
        ["planner", "sites"], kind="stable").reset_index(drop=True)


def plot(df, fig_dir):
    """scale.png: (a) planner CPU per request, median and 90th percentile, against sites;
    (b) peak memory against sites + links, where measured."""
    fig = new_figure(figsize=(10, 4))
    a, b = fig.subplots(1, 2)
    for planner, d in df.groupby("planner", sort=True):
        color, marker = STYLE.get(planner.split()[0], ("k", "."))
        dashed = "--" if " " in planner else "-"
        a.plot(d["sites"], d["planner_median_us"] / 1e3, color=color, marker=marker, ls=dashed,
               label=f"{planner} median")
        a.plot(d["sites"], d["planner_p90_us"] / 1e3, color=color, ls=":", lw=0.8)
        mem = d.dropna(subset=["peak_rss_mb"])
        if not mem.empty:
            b.plot(mem["sites"] + mem["edges"], mem["peak_rss_mb"], color=color, marker=marker,
                   ls=dashed, label=planner)
    a.axhline(TARGET_US / 1e3, color="gray", lw=0.8)
    a.annotate("1 ms", (0.01, TARGET_US / 1e3), xycoords=("axes fraction", "data"), fontsize=7,
               color="gray", va="bottom")
    a.set(xscale="log", yscale="log", xlabel="sites", ylabel="planner CPU per request (ms)",
          title="(a) cost per request (dotted: 90th percentile)")
    a.legend(fontsize=7)
    # Linear axes: growth linear in sites + links shows as a straight line above the process's own.
    b.set(xlabel="sites + links", ylabel="peak memory (MB)", ylim=(0, None),
          title="(b) peak memory of the bench process")
    if b.lines:
        b.legend(fontsize=7)
    return save_figure(fig, fig_dir, "scale.png")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("json", nargs="+", help="arsim-bench --benchmark_out files (JSON)")
    p.add_argument("--csv", help="write the table here")
    p.add_argument("--fig-dir", help="write scale.png here")
    args = p.parse_args(argv)
    try:
        df = read_bench(args.json)
    except (OSError, ValueError) as e:
        print(f"analysis.scale: {e}", file=sys.stderr)
        return 2
    if args.csv:
        df.to_csv(args.csv, index=False)
    if args.fig_dir:
        os.makedirs(args.fig_dir, exist_ok=True)
        print(plot(df, args.fig_dir))
    if not args.csv and not args.fig_dir:
        print(df.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
