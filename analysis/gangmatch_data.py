"""Gangmatching (Raman, Livny, Solomon, HPDC-12 2003): reading the runs of
scenarios/paper/gangmatch_*.xml and drawing Figs. 5-11.

Every offline run writes results.csv (one row per matcher, deterministic) and timings.csv (the
wall-clock columns, by row)."""
import os

import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import read_offline

LR, RL, DYN, CLU = "indexed", "indexed:order=right-to-left", "dynamic", "clustered"
NAIVE, NAIVE_TYPE = "naive", "naive:scan=type"

# What §6 prints (no plot of our copy of the paper survived, so nothing is read off a figure).
PAPER = {
    "naive_worst": (500, 800.0),      # "only 500 classads in 800 seconds, in the worst case"
    "indexed_worst": (4000, 580.0),   # "upto 4000 job classads in at most 580 seconds"
    "lr_probes_50": (4000, 425000),   # Fig. 10: "the fixed-order algorithm issues upto 425,000"
    "dyn_probes_50": (4000, 11000),   # Fig. 10: "the dynamic algorithm issues less than 11,000"
}


def read(out_dir):
    """One row per (run, matcher): results.csv beside its timings."""
    return read_offline(out_dir)


def growth(df, y):
    """Exponent b of y ~ N^b by least squares on logs (rows with y > 0)."""
    d = df[df[y] > 0]
    if d.jobs.nunique() < 2:
        return float("nan")
    return float(np.polyfit(np.log(d.jobs), np.log(d[y]), 1)[0])


def plot_curves(ax, df, y, title, ylabel, log=False):
    """Column y against N on `ax`, one line per (license density, selectivity), mean over runs."""
    for (l, s), g in df.groupby(["license_density", "selectivity"]):
        g = g.groupby("jobs")[y].mean()
        ax.plot(g.index, g.values, "o-" if l < 1 else "s--", ms=3,
                label=f"L = {100 * l:.0f} %, S = {s}")
    ax.set_xlabel("N (jobs = workstations)")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    if log:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)


def draw_curves(df, matcher, y, title, ylabel, path, log=False):
    fig = new_figure(figsize=(6, 4.2))
    plot_curves(fig.subplots(), df[df.matcher == matcher], y, title, ylabel, log)
    return save_figure(fig, os.path.dirname(path), os.path.basename(path), dpi=120)


def plot_versus(ax, df, density, paper_lines=False):
    """Figs. 9-10 on `ax`: left to right vs dynamic (and clustered) probes at one license density."""
    d = df[df.license_density == density]
    for m, style, color in ((LR, "o-", "tab:blue"), (DYN, "s-", "tab:green"),
                            (CLU, "^:", "tab:purple")):
        for s, g in d[d.matcher == m].groupby("selectivity"):
            if s not in (1, 8):
                continue
            g = g.groupby("jobs").probes.mean()
            ax.plot(g.index, g.values, style, ms=3, color=color, alpha=1 if s == 1 else 0.45,
                    label=f"{'left to right' if m == LR else m}, S = {s}")
    if paper_lines:
        ax.axhline(PAPER["lr_probes_50"][1], color="r", lw=0.8, ls="--",
                   label="paper: left to right up to 425,000")
        ax.axhline(PAPER["dyn_probes_50"][1], color="g", lw=0.8, ls="--",
                   label="paper: dynamic under 11,000")
    ax.set_yscale("log")
    ax.set_xlabel("N (jobs = workstations)")
    ax.set_ylabel("index probes")
    ax.set_title(f"left to right vs dynamic, L = {100 * density:.0f} %", fontsize=10)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7)


def draw_versus(df, density, path, paper_lines=False):
    fig = new_figure(figsize=(6, 4.2))
    plot_versus(fig.subplots(), df, density, paper_lines)
    return save_figure(fig, os.path.dirname(path), os.path.basename(path), dpi=120)


def at(df, matcher, jobs, density, selectivity, column):
    row = df[(df.matcher == matcher) & (df.jobs == jobs) & (df.license_density == density) &
             (df.selectivity == selectivity)]
    return float(row[column].mean()) if len(row) else float("nan")


def exact_table(df):
    """Mean gangs of each matcher as a share of the optimum, and how often each is optimal."""
    rows = []
    for (n, l), g in df.groupby(["jobs", "license_density"]):
        row = {"N": int(n), "L": f"{100 * l:.0f} %", "instances": g.run.nunique(),
               "optimum": g.groupby("run").exact_gangs.first().mean()}
        for m, mg in g.groupby("matcher"):
            row[m] = (mg.gangs / mg.exact_gangs.replace(0, np.nan)).mean()
            row[m + " optimal"] = (mg.gangs == mg.exact_gangs).mean()
        rows.append(row)
    return pd.DataFrame(rows)
