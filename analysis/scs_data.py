"""SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013): reading the runs of scenarios/paper/scs_*.xml
into tables and figures (scs_plots.py draws); scs.py writes the report section."""
import os

import numpy as np
import pandas as pd

from . import scs_plots as plots
from .readers import read_offline

# Published numbers.
TABLE1 = {"maxima-is": (32, 0.625), "table1-scs-assignment": (5, 0.8125)}
TABLE4 = {"scs": 7.0, "zoltan": 4.0, "metis": 1.0, "soft-maxima-is": 0.07, "maxima-is": 0.05}  # trace 1, g = 0.01
GROUPS = {  # the paper's panels: Fig. 6 partitioners, Fig. 7 interval scheduling, Fig. 8 queue orders
    "graph partitioning (Fig. 6)": ["scs", "scs-ls", "metis", "scotch"],
    "hard and soft interval scheduling (Figs. 7, 11)": ["scs", "scs-ls", "maxima-is", "soft-maxima-is", "ect"],
    "queue order + ECT (Figs. 8, 10)": ["scs", "scs-ls", "est-ect", "edf-ect", "si-ect", "llf-ect"],
}
STYLE_ORDER = list(plots.STYLE)  # report order of the schedulers
XLABEL = {"rho": "utilization ρ = B / M", "gain": "operational gain G = N / M", "granularity": "granularity g"}


def load(out_dir):
    """Every run's results.csv joined with its timings.csv, plus the sweep point (p_<key>) and
    run index."""
    return read_offline(out_dir)


def _md(df, digits=4):
    cols = list(df.columns)
    lines = ["| " + " | ".join(map(str, cols)) + " |", "|" + "---|" * len(cols)]
    for _, row in df.iterrows():
        cells = [("–" if np.isnan(x) else f"{x:.{digits}g}") if isinstance(x, (float, np.floating)) else str(x)
                 for x in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def winners(df, level):
    """Per sweep level (a p_* column): the schedulers of lowest mean D (ties within 1e-9 relative),
    that D, the mean D of each, and the mean realised rho = B / M."""
    mean = df.groupby([level, "scheduler"])["deviation"].mean().unstack()
    rho = df.groupby(level)["rho"].mean()
    out = []
    for lv, row in mean.iterrows():
        best = row.min()
        tied = sorted(row.index[row <= best * (1 + 1e-9) + 1e-15])
        out.append((lv, best, tied, row, rho[lv]))
    return out


def winner_table(win, label, names):
    rows = []
    for lv, best, tied, row, rho in win:
        entry = {label: lv, "ρ = B/M": rho}
        entry.update({n: row.get(n, np.nan) for n in names})
        entry["lowest D"] = ", ".join(tied) if len(tied) <= 4 else f"{len(tied)} tied"
        rows.append(entry)
    return _md(pd.DataFrame(rows), 3)


def table1(out):
    df = load(os.path.join(out, "scs_table1"))
    lines = ["| algorithm | total deviation (ours) | paper | utilization (ours) | paper | assignment of tasks 1-8 (D = deferred) |",
             "|---|---|---|---|---|---|"]
    for _, r in df.iterrows():
        p = TABLE1.get(r.algorithm, ("–", "–"))
        lines.append(f"| {r.algorithm} | {r.total_deviation:g} | {p[0]} | {r.utilization:.4f} | {p[1]} | {r.assignment} |")
    return "\n".join(lines), df


def rho_panels(df, panel_key, panel_label):
    """The panels of plot_rho, one per value of panel_key, and the scan's width above beta."""
    panels = []
    for pv in sorted(df[panel_key].unique()):
        sub = df[df[panel_key] == pv]
        series = {}
        for sched, s in sub.groupby("scheduler", sort=False):
            g = s.groupby("p_granularity")
            found = g["resources"].apply(lambda x: (x > 0).all())
            rho = g["rho"].mean().where(found)
            bound = (g["load"].mean() / (g["scan_limit"].mean() + 1)).where(~found)
            series[sched] = (rho.index.values, rho.values, bound.values)
        rm = sub.groupby("p_granularity")["rho_max"].mean()
        panels.append((f"{panel_label} = {pv:g}", series, (rm.index.values, rm.values)))
    return panels, int((df.scan_limit - df.beta).median())


def rho_figure(df, panel_key, panel_label, fig_dir, name, title):
    panels, width = rho_panels(df, panel_key, panel_label)
    path = plots.rho_vs_g(panels, fig_dir, name, title, width)
    rows = []
    for (pv, g), s in df.groupby([panel_key, "p_granularity"]):
        entry = {panel_label: pv, "g": g, "N": int(round(s.tasks.mean())), "β": s.beta.mean(), "ρ_max": s.rho_max.mean()}
        for sched, t in s.groupby("scheduler", sort=False):
            found = (t.resources > 0).all()
            entry[sched] = t.rho.mean() if found else f"< {(t.load / (t.scan_limit + 1)).mean():.3g}"
        rows.append(entry)
    return path, _md(pd.DataFrame(rows), 3), width


def deviation_rows(df, xs=("rho", "gain")):
    """Rows of deviation_panels: per x of xs, one panel per scheduler group of GROUPS."""
    rows = []
    for x in xs:
        row = []
        for gtitle, names in GROUPS.items():
            series = {}
            for sched in names:
                s = df[df.scheduler == sched].groupby(x)["deviation"].mean()
                if len(s):
                    series[sched] = (s.index.values, s.values)
            row.append((gtitle, x, series))
        rows.append(row)
    return rows


def deviation_figure(df, fig_dir, name, title, xs=("rho", "gain")):
    return plots.deviation_panels(deviation_rows(df, xs), fig_dir, name, title, XLABEL)


def spectrum_cases(df):
    """Per granularity of the scs_spectrum runs: the cases of plots.spectrum, a summary dict and a
    markdown row."""
    cases, summary, lines = [], [], ["| g | N | M | β | λ_1 | λ_2 − λ_M | λ_N | largest scs cluster | D scs | D scs-ls | D est-ect | D ect | D metis |",
                        "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for g, s in df.groupby("p_granularity"):
        w = s[s.kind == "workload"].set_index("key")["value"]
        m, n = int(w["resources"]), int(w["tasks"])
        ev = s[s.kind == "dense_eigenvalue"]["value"].values
        loads = {sched: s[(s.kind == "tasks_per_resource") & (s.scheduler == sched)]["value"].values
                 for sched in ("scs", "scs-ls", "est-ect")}
        cases.append((f"g = {g:g}, N = {n}, M = {m}", ev, m, loads))
        d = s[(s.kind == "deviation") & (s.key == "D")].set_index("scheduler")["value"]
        cl = s[(s.kind == "cluster_size") & (s.scheduler == "scs")]["value"]
        lines.append(f"| {g:g} | {n} | {m} | {int(w['beta'])} | {ev[0]:.6f} | {ev[1] - ev[m - 1]:.2e} | {ev[-1]:.4f} | "
                     f"{int(cl.max())}/{n} | " + " | ".join(f"{d.get(k, np.nan):.4g}" for k in
                                                          ("scs", "scs-ls", "est-ect", "ect", "metis")) + " |")
        summary.append({"g": g, "n": n, "m": m, "spread": ev[1] - ev[m - 1], "lambda2": ev[1],
                        "largest": int(cl.max()), "d": d.to_dict()})
    return cases, summary, lines


def spectrum(out, fig_dir):
    cases, summary, lines = spectrum_cases(load(os.path.join(out, "scs_spectrum")))
    return plots.spectrum(cases, fig_dir), "\n".join(lines), summary


def table4(out):
    df = load(os.path.join(out, "scs_table4"))
    wide = df.pivot_table(index="scheduler", columns="p_granularity", values="solve_seconds")
    wide.columns = [f"g = {c:g} [s]" for c in wide.columns]
    g01 = df[df.p_granularity == 0.01].set_index("scheduler")
    rows = []
    for sched, r in wide.iterrows():
        ours = g01["solve_seconds"].get(sched, np.nan) / g01["solve_seconds"].get("metis", np.nan)
        paper = TABLE4[sched] / TABLE4["metis"] if sched in TABLE4 else np.nan
        rows.append({"scheduler": sched, **r.to_dict(), "÷ METIS at g = 0.01 (ours)": ours,
                     "÷ METIS (paper)": paper, "D at g = 0.01": g01["deviation"].get(sched, np.nan)})
    tab = pd.DataFrame(rows).sort_values("g = 0.01 [s]", ascending=False)
    n = int(g01["tasks"].iloc[0]) if len(g01) else 0
    sec = g01["solve_seconds"]
    ratios = {"scs_metis": sec.get("scs", np.nan) / sec.get("metis", np.nan),
              "scs_soft": sec.get("scs", np.nan) / sec.get("soft-maxima-is", np.nan)}
    return _md(tab, 3), n, ratios
