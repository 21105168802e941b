"""GridARS (Takefusa et al.) Fig. 8 and Table 2 / Figs. 9-10: drawings and report sections
(Fig. 7 is in gridars_fig7.py)."""
import matplotlib
import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import point_of, read_aggregate, read_requests, read_resources, read_timings, run_dirs

# Published numbers (GridARS §4.3, Table 2): row -> (avg s, max s, sigma s).
TABLE2 = {
    "GLPK": (0.779, 8.492, 1.721),
    "GLPK-st": (0.333, 4.205, 0.700),
    "MiniSat-st": (12.848, 216.434, 27.914),
    "MiniSat-st-1": (1.918, 2.753, 0.420),
}


FIG8_VARIANTS = {"variant=A": "(A) balance", "variant=B_cores": "(B) by CPUs",
                 "variant=B_domain": "(B) by domain"}


DOMAIN_STYLE = {"N": "-", "S": "--", "U": ":"}


def site_sizes(out_dir):
    """site -> (domain, cores) from one run's resources.csv."""
    res = read_resources(run_dirs(out_dir)[0])
    res = res[res.kind == "cores"].drop_duplicates("resource")
    return {r.resource: (r.domain, int(r.capacity)) for r in res.itertuples()}


def plot_fig8(ax, agg, sizes, palette, label):
    """One option's panel on `ax`: a line per site of the mean load average against the request
    load, domain by line style, size by colour. Returns (option, site, load at the middle
    request load, load at the highest) per site."""
    load = agg[agg.metric == "request_load"].set_index("bucket_end")["mean"]
    site = agg[agg.metric == "site_load"]
    rows = []
    for name in sorted(site.resource.unique()):
        domain, cores = sizes.get(name, ("?", 0))
        s = site[site.resource == name].set_index("bucket_end")["mean"]
        common = [b for b in s.index if b in load.index]
        xs = np.array([load[b] for b in common])
        order = np.argsort(xs)
        ax.plot(xs[order] * 100, s[common].values[order], DOMAIN_STYLE.get(domain, "-."),
                color=palette.get(cores, "black"), lw=1.6, label=f"{name} ({cores} CPUs)")
        rows.append((label, name, s[common].values[order][len(order) // 2],
                     s[common].values[order][-1]))
    ax.set_title(label)
    ax.set_xlabel("request load [%]")
    ax.grid(alpha=0.3)
    return rows


def fig8(out_dir, fig_dir):
    """One panel per option (a variant of gridars_fig8.xml), one line per site: domain by line
    style, site size by colour, one legend for all panels."""
    every = read_aggregate(out_dir)
    panels = {label: every[every.point == point] for point, label in FIG8_VARIANTS.items()
              if (every.point == point).any()}
    sizes = site_sizes(out_dir)
    palette = dict(zip(sorted({c for _, c in sizes.values()}),
                       ["tab:orange", "tab:green", "tab:blue", "tab:purple", "tab:gray"]))
    fig = new_figure(figsize=(4.6 * len(panels), 4.2))
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)
    rows = []
    for ax, (label, agg) in zip(axes[0], panels.items()):
        rows += plot_fig8(ax, agg, sizes, palette, label)
    axes[0][0].set_ylabel("load average of the site (mean of runs)")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="center right", fontsize=8,
               title="site: N solid, S dashed, U dotted;\ncolour = CPUs", title_fontsize=8)
    fig.suptitle("GridARS Fig. 8 reproduced: load average per site")
    path = save_figure(fig, fig_dir, "gridars_fig8.png", dpi=120, rect=(0, 0, 0.82, 1))
    lines = ["| option | site | load at ~50 % request load | load at 100 % |", "|---|---|---|---|"]
    lines += [f"| {o} | {s} | {m:.3f} | {e:.3f} |" for o, s, m, e in rows]
    return path, "\n".join(lines)


def per_plan_times(run_dir):
    """Per request: planner time per solved frame (thread CPU time where the run wrote it, so the
    figure does not depend on what else the machine ran) and the number of requested sites."""
    t = read_timings(run_dir)
    r = read_requests(run_dir)
    column = "planning_cpu_seconds" if "planning_cpu_seconds" in t else "planning_wall_seconds"
    solves = r["solves"].clip(lower=1)
    return pd.DataFrame({"seconds": (t[column] / solves).values, "sites": r["components"].values})


# Ours -> the published row it stands for (Table 2): the same constraints and stopping rule.
TABLE2_PAIRS = {"GLPK": "GLPK", "GLPK-st": "GLPK-st", "CBC-st": "MiniSat-st",
                "CBC-st-1 (first feasible)": "MiniSat-st-1", "CBC": None}
BLOCK = 25


def plot_fig9(ax, series):
    """Fig. 9 on `ax`: per planner ({name: per-plan times}), the median and 90th percentile of
    each block of BLOCK requests, log scale."""
    for (name, df), color in zip(series.items(), matplotlib.colormaps["tab10"].colors):
        ms = df.seconds.values * 1e3
        starts = np.arange(0, len(ms), BLOCK)
        mid = starts + BLOCK / 2
        ax.plot(mid, [np.median(ms[k:k + BLOCK]) for k in starts], "-", color=color,
                label=f"{name} median")
        ax.plot(mid, [np.percentile(ms[k:k + BLOCK], 90) for k in starts], "--", color=color,
                label=f"{name} 90th pct.")
    ax.set_yscale("log")
    ax.set_xlabel(f"request number (blocks of {BLOCK} requests)")
    ax.set_ylabel("CPU time per plan [ms]")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7, ncol=2)
    ax.set_title("GridARS Fig. 9 reproduced: planning time per plan, log scale")


def plot_fig10(ax, name, df):
    """One planner's panel of Fig. 10 on `ax`: every plan's time, coloured by requested sites."""
    for sites, color in {2: "tab:green", 3: "tab:blue", 4: "tab:red"}.items():
        sel = df[df.sites == sites]
        ax.plot(sel.index, sel.seconds * 1e3, ".", ms=2.5, color=color, label=f"{sites} sites")
    ax.set_ylim(0, 10)
    ax.set_title(name, fontsize=9)
    ax.set_xlabel("request number")
    ax.grid(alpha=0.3)


def _fig9(series, fig_dir):
    fig = new_figure(figsize=(8, 4.6))
    plot_fig9(fig.subplots(), series)
    return save_figure(fig, fig_dir, "gridars_fig9.png", dpi=120)


def _fig10(series, fig_dir):
    fig = new_figure(figsize=(3.2 * len(series), 3.8))
    axes = fig.subplots(1, len(series), sharey=True, squeeze=False)
    for ax, (name, df) in zip(axes[0], series.items()):
        plot_fig10(ax, name, df)
    axes[0][0].set_ylabel("CPU time per plan [ms], 0-10 ms")
    axes[0][-1].legend(fontsize=7, markerscale=3)
    fig.suptitle("GridARS Fig. 10 reproduced: linear view, by requested sites")
    return save_figure(fig, fig_dir, "gridars_fig10.png", dpi=120)


def table2(out_dir, fig_dir):
    labels = {"variant=cbc": "CBC", "variant=cbc-st": "CBC-st", "variant=glpk": "GLPK",
              "variant=glpk-st": "GLPK-st", "variant=cbc-st-1": "CBC-st-1 (first feasible)"}
    found = {point_of(d): d for d in run_dirs(out_dir)}
    series = {label: per_plan_times(found[point]) for point, label in labels.items()
              if point in found}
    lines = ["| ours | mean [ms] | median [ms] | max [ms] | σ [ms] | paper row | avg [s] | max [s] | σ [s] |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, df in series.items():
        xs = df.seconds.values
        row = TABLE2_PAIRS.get(name)
        paper = " | ".join(str(v) for v in TABLE2[row]) if row else "– | – | –"
        lines.append(f"| {name} | {1e3 * xs.mean():.3f} | {1e3 * np.median(xs):.3f} | "
                     f"{1e3 * xs.max():.2f} | {1e3 * xs.std():.3f} | {row or '–'} | {paper} |")
    return [_fig9(series, fig_dir), _fig10(series, fig_dir)], "\n".join(lines), series
