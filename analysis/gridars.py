"""GridARS (Takefusa et al.) Figs. 7, 8 and Table 2: drawings and report sections."""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from common import fmt, point_of, read_aggregate, run_dirs  # noqa: E402

# Published numbers (GridARS §4.2, §4.3).
FIG7 = {  # (variant, load %) -> (UserA, UserB)
    ("N", 50): (0.918, 0.897),
    ("N", 80): (0.618, 0.609),
    ("S", 100): (0.595, 0.374),
}
TABLE2 = {  # row -> (avg s, max s, sigma)
    "GLPK": (0.779, 8.492, 1.721),
    "GLPK-st": (0.333, 4.205, 0.700),
    "MiniSat-st": (12.848, 216.434, 27.914),
    "MiniSat-st-1": (1.918, 2.753, 0.420),
}
LOAD_MINUTES = {50: "720", 80: "1152", 100: "1440"}


def _ratio(agg, point, user, bucket):
    row = agg[(agg.point == point) & (agg.metric == "success_ratio") & (agg.user == user)
              & (agg.bucket_end == bucket)]
    if row.empty:
        return None, None
    return row["mean"].iloc[0], row["ci95"].iloc[0]


def fig7(out_dir, fig_dir):
    agg = read_aggregate(out_dir)
    points = {"N": "user.UserB.service_level=1", "S": "user.UserB.service_level=0.5"}
    fig, ax = plt.subplots(figsize=(7, 4.2))
    buckets = [str(144 * i) for i in range(1, 11)]
    styles = {("UserA", "N"): "o-", ("UserB", "N"): "s-", ("UserA", "S"): "o--", ("UserB", "S"): "s--"}
    for (user, var), style in styles.items():
        ys = [_ratio(agg, points[var], user, b)[0] for b in buckets]
        ax.plot([int(b) for b in buckets], [np.nan if y is None else y for y in ys], style,
                label=f"{user}-{var}")
    ax.set_xlabel("elapsed time [min] (request load 10 % at 144 min ... 100 % at 1440 min)")
    ax.set_ylabel("success ratio (mean of runs)")
    ax.set_ylim(0, 1.05)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title("GridARS Fig. 7 reproduced: co-allocation success ratio")
    path = os.path.join(fig_dir, "gridars_fig7.png")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)

    lines = ["| variant | load | UserA ours | UserA paper | UserB ours | UserB paper |",
             "|---|---|---|---|---|---|"]
    deltas = []
    for (var, load), (pa, pb) in FIG7.items():
        a, aci = _ratio(agg, points[var], "UserA", LOAD_MINUTES[load])
        b, bci = _ratio(agg, points[var], "UserB", LOAD_MINUTES[load])
        lines.append(f"| -{var} | {load} % ({LOAD_MINUTES[load]} min) | {fmt(a, aci)} | {pa} | "
                     f"{fmt(b, bci)} | {pb} |")
        for ours, paper in ((a, pa), (b, pb)):
            if ours is not None:
                deltas.append((var, load, ours - paper))
    return path, "\n".join(lines), deltas


FIG8_VARIANTS = {"variant=A": "(A) balance", "variant=B_cores": "(B) by CPUs",
                 "variant=B_domain": "(B) by domain"}


def fig8(out_dir, fig_dir):
    """One panel per option (a variant of gridars_fig8.xml), one line per site."""
    every = read_aggregate(out_dir)
    panels = {label: every[every.point == point] for point, label in FIG8_VARIANTS.items()
              if (every.point == point).any()}
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4), sharey=True)
    rows = []
    for ax, (label, agg) in zip(np.atleast_1d(axes), panels.items()):
        load = agg[agg.metric == "request_load"].set_index("bucket_end")["mean"]
        site = agg[agg.metric == "site_load"]
        for name in sorted(site.resource.unique()):
            s = site[site.resource == name].set_index("bucket_end")["mean"]
            common = [b for b in s.index if b in load.index]
            xs = [load[b] for b in common]
            order = np.argsort(xs)
            ax.plot(np.array(xs)[order] * 100, s[common].values[order], marker=".", label=name)
            rows.append((label, name, s[common].values[order][len(order) // 2],
                         s[common].values[order][-1]))
        ax.set_title(label)
        ax.set_xlabel("request load [%]")
        ax.grid(alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("load average of the site (mean of runs)")
    np.atleast_1d(axes)[-1].legend(fontsize=7, ncol=2)
    fig.suptitle("GridARS Fig. 8 reproduced: load average per site")
    fig.tight_layout()
    path = os.path.join(fig_dir, "gridars_fig8.png")
    fig.savefig(path, dpi=120)
    plt.close(fig)
    lines = ["| option | site | load at ~50 % request load | load at 100 % |", "|---|---|---|---|"]
    lines += [f"| {o} | {s} | {m:.3f} | {e:.3f} |" for o, s, m, e in rows]
    return path, "\n".join(lines)


def _per_plan_times(run_dir):
    t = pd.read_csv(os.path.join(run_dir, "timings.csv"))
    r = pd.read_csv(os.path.join(run_dir, "requests.csv"))
    solves = r["solves"].clip(lower=1)
    return (t["planning_wall_seconds"] / solves).values


def table2(out_dir, fig_dir):
    labels = {"variant=cbc": "CBC", "variant=cbc-st": "CBC-st", "variant=glpk": "GLPK",
              "variant=glpk-st": "GLPK-st", "variant=cbc-st-1": "CBC-st-1 (first feasible)"}
    found = {point_of(d): d for d in run_dirs(out_dir)}
    series = {label: _per_plan_times(found[point]) for point, label in labels.items()
              if point in found}
    lines = ["| variant | mean [ms] | median [ms] | max [ms] | σ [ms] |", "|---|---|---|---|---|"]
    for name, xs in series.items():
        lines.append(f"| {name} | {1e3 * xs.mean():.3f} | {1e3 * np.median(xs):.3f} | "
                     f"{1e3 * xs.max():.2f} | {1e3 * xs.std():.3f} |")
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for name, xs in series.items():
        ax.plot(np.arange(len(xs)), xs * 1e3, ".", ms=3, label=name, alpha=0.7)
    ax.set_yscale("log")
    ax.set_xlabel("request number")
    ax.set_ylabel("planning time per plan [ms] (mean of the N = 10 frames)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    ax.set_title("GridARS Figs. 9-10 reproduced: planning time per request")
    fig.tight_layout()
    path = os.path.join(fig_dir, "gridars_table2.png")
    fig.savefig(path, dpi=120)
    plt.close(fig)
    paper = ["| paper row | avg [s] | max [s] | σ |", "|---|---|---|---|"]
    paper += [f"| {k} | {a} | {m} | {s} |" for k, (a, m, s) in TABLE2.items()]
    return path, "\n".join(lines), "\n".join(paper), series
