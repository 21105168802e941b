"""Host failures against their mean time to failure (scenarios/failures_study.xml): per planner,
with and without a resubmission policy, the success ratio (original requests that end holding a
reservation), the share of accepted requests released, and the reserved work lost, each as the
mean over the runs with its 95 % interval. The figure and table of docs/studies/failures.md.

    /usr/bin/python3 -m analysis.failures results/failures_study   # table, failures.png

The runs are those of sweep.csv (their sweep keys); the counts come from each run's summary.csv
(user `all`, bucket `all`; docs/reference/outputs.md), because the success ratio and the released
share are ratios of one run's counts, which aggregate.csv's per-metric means cannot give.
"""
import argparse
import os

import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import read_summary, read_sweep
from .stats import interval

# The sweep keys of the study; sweep.csv keeps a renamed key's old name (grc.planner).
TTF = "failures.hosts.ttf"
PLANNER_KEYS = ("grc.planner", "grc.algorithm")
COUNTS = ["submitted", "accepted", "attempts_per_request", "requests_released", "requests_lost",
          "failures", "reservations_broken", "cpu_seconds_lost", "bandwidth_seconds_lost",
          "requests_repaired", "reservations_repaired"]
# (column, axis label): the panels, in order; a panel whose column no run has, or whose values
# are all zero (bandwidth with host failures only), is left out.
PANELS = [("success", "success ratio\n(originals holding a reservation)"),
          ("released_share", "accepted requests released (share)"),
          ("cpu_hours_lost", "reserved core-hours lost"),
          ("bandwidth_hours_lost", "reserved Gbit/s-hours lost"),
          ("repaired_share", "broken requests repaired (share)")]


def per_run(out_dir):
    """One row per run of sweep.csv: run, ttf, planner, the COUNTS its summary.csv has (NaN
    otherwise), and the columns of derive()."""
    sweep = read_sweep(out_dir)
    planner = next((k for k in PLANNER_KEYS if k in sweep.columns), None)
    if TTF not in sweep.columns or planner is None:
        raise ValueError(f"{out_dir}/sweep.csv: no {TTF} and grc.algorithm sweep keys")
    rows = []
    for r in sweep.to_dict("records"):
        s = read_summary(os.path.join(out_dir, r["run"]))
        s = s[(s.user == "all") & (s.bucket_end == "all")].set_index("metric").value
        row = {"run": r["run"], "ttf": float(r[TTF]), "planner": r[planner]}
        row.update({c: float(s[c]) if c in s.index else np.nan for c in COUNTS})
        rows.append(row)
    return derive(pd.DataFrame(rows))


def derive(df):
    """Adds the plotted columns to a per-run table holding COUNTS:
    - resubmit: the run's users had a policy (its summary has attempts_per_request);
    - originals: submitted / attempts_per_request (every request, attempts included, over 1 +
      the attempts per original; submitted without a policy);
    - success: (accepted − requests_released) / originals: a released request's original ends
      with a reservation only through a later accepted attempt, itself counted in accepted;
    - released_share: requests_released / accepted;
    - cpu_hours_lost, bandwidth_hours_lost: cpu_seconds_lost, bandwidth_seconds_lost / 3600;
    - repaired_share: requests_repaired / (requests_repaired + requests_released), or
      reservations_repaired / reservations_broken when only that count exists."""
    df = df.copy()
    for c in COUNTS:
        if c not in df.columns:
            df[c] = np.nan
    df["resubmit"] = df.attempts_per_request.notna()
    df["originals"] = np.where(df.resubmit, (df.submitted / df.attempts_per_request).round(),
                               df.submitted)
    df["success"] = (df.accepted - df.requests_released) / df.originals
    df["released_share"] = df.requests_released / df.accepted
    df["cpu_hours_lost"] = df.cpu_seconds_lost / 3600
    df["bandwidth_hours_lost"] = df.bandwidth_seconds_lost / 3600
    by_request = df.requests_repaired / (df.requests_repaired + df.requests_released)
    by_reservation = df.reservations_repaired / df.reservations_broken
    df["repaired_share"] = by_request.where(df.requests_repaired.notna(), by_reservation)
    return df


def summarise(df, columns):
    """Per (planner, resubmit, ttf): for each column, mean, 95 % half-width (stats.interval),
    min and max over the runs, and the number of runs."""
    out = []
    for (planner, resubmit, ttf), g in df.groupby(["planner", "resubmit", "ttf"], sort=True):
        row = {"planner": planner, "resubmit": resubmit, "ttf": ttf, "runs": len(g)}
        for c in columns:
            i = interval(g[c])
            row.update({c: i.mean, f"{c}_ci95": i.half, f"{c}_min": g[c].min(),
                        f"{c}_max": g[c].max()})
        out.append(row)
    return pd.DataFrame(out)


def panels(df):
    """The PANELS whose column some run has with a value other than 0."""
    return [(c, label) for c, label in PANELS if (df[c].fillna(0) != 0).any()]


def plot_panel(ax, table, column, label):
    """`column` of `table` (summarise) against the MTBF in hours (log axis): one colour per
    planner, solid without and dashed with resubmission, error bars the 95 % intervals."""
    for k, planner in enumerate(sorted(table.planner.unique())):
        for resubmit, style in ((False, "-"), (True, "--")):
            t = table[(table.planner == planner) & (table.resubmit == resubmit)].sort_values("ttf")
            if t.empty:
                continue
            ax.errorbar(t.ttf / 3600, t[column], yerr=t[f"{column}_ci95"].fillna(0), color=f"C{k}",
                        ls=style, marker="o", ms=3, capsize=2,
                        label=f"{planner}{' + resubmission' if resubmit else ''}")
    ax.set_xscale("log")
    ax.set_xlabel("host mean time to failure [h]", fontsize=8)
    ax.set_ylabel(label, fontsize=8)
    ax.grid(alpha=0.3)


def draw(df, path):
    """The panels with data side by side into `path`; returns the summary table."""
    shown = panels(df)
    table = summarise(df, [c for c, _ in shown])
    fig = new_figure(figsize=(3.6 * len(shown), 3.4))
    axes = np.atleast_1d(fig.subplots(1, len(shown)))
    for ax, (column, label) in zip(axes, shown):
        plot_panel(ax, table, column, label)
    axes[0].legend(fontsize=7)
    save_figure(fig, os.path.dirname(path) or ".", os.path.basename(path), dpi=110)
    return table


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", help="the --out folder of scenarios/failures_study.xml")
    parser.add_argument("--figure", help="the PNG to write (default OUT_DIR/failures.png)")
    args = parser.parse_args(argv)
    path = args.figure or os.path.join(args.out_dir, "failures.png")
    table = draw(per_run(args.out_dir), path)
    pd.set_option("display.width", 200)
    shown = [c for c in table.columns if c.split("_ci95")[0] in dict(PANELS) and
             not c.endswith(("_min", "_max"))]
    print(table[["planner", "resubmit", "ttf", "runs"] + shown].to_string(
        index=False, float_format=lambda x: f"{x:.4g}"))
    ranges = table[["planner", "resubmit", "ttf"] +
                   [c for c in table.columns if c.endswith(("_min", "_max"))]]
    print("\nover the runs (min, max):")
    print(ranges.to_string(index=False, float_format=lambda x: f"{x:.4g}"))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
