"""CTAAP (Kravtsov et al.) Figs. 2 and 3: drawings and the report section.

Offline runs write one results.csv (deterministic columns) and one timings.csv (wall-clock
columns) per run; aggregate.csv only covers simulation runs, so every run is read here."""
import os

import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import read_offline
from .stats import ci95

# §4: the chance that one request (1..100) fits one offer (1..R): 1 - 0.495 * 100 / R; the paper
# prints the first three (50.5 %, ≈75 %, ≈83 %).
PAPER_FIT = {100: 0.505, 200: 0.75, 300: 0.83}


def exact_fit(r):
    return 1 - 0.495 * 100 / r


def _with_bound(df):
    """Adds proven (best_size = bound: the optimum is known) and lower (ctaap_size / bound, a
    lower estimate of the success rate). Runs from before the bound column use CBC's bound."""
    df = df.copy()
    if "bound" not in df:
        df["bound"] = np.floor(df.ip_bound.astype(float) + 1e-6).clip(lower=df.best_size)
    bound = df.bound.astype(float)
    df["proven"] = bound == df.best_size
    df["lower"] = np.where(bound > 0, df.ctaap_size / bound.replace(0, np.nan), 1.0)
    return df


def fig2_table(df):
    rows = []
    for r, g in _with_bound(df).groupby("offer_max"):
        proven = g[g.proven]
        rows.append(dict(offer_max=int(r), runs=len(g), fit=g.fit_share.mean(), fit_exact=exact_fit(r),
                         fit_paper=PAPER_FIT.get(int(r)), rate=g.ratio.mean(), rate_ci=ci95(g.ratio),
                         rate_lower=np.nanmean(g.lower), proven=len(proven) / len(g),
                         rate_proven=proven.ratio.mean() if len(proven) else float("nan"),
                         at_best=(g.ctaap_size >= g.best_size).mean(),
                         ctaap_ms=1e3 * g.ctaap_seconds.median(), ip_ms=1e3 * g.ip_seconds.median(),
                         bb_ms=1e3 * g.bb_seconds.median() if "bb_seconds" in g else float("nan")))
    return pd.DataFrame(rows)


def plot_fig2_rate(ax, t):
    """Fig. 2's success rate per offer range on `ax` (t: fig2_table)."""
    # One run per range has no interval: no error bars then, rather than failing on all-NaN yerr.
    yerr = None if t.rate_ci.isna().all() else t.rate_ci.fillna(0)
    ax.errorbar(t.offer_max, t.rate, yerr=yerr, marker="o", capsize=3,
                label="CTAAP-Solver / best known (mean ± 95 % CI)")
    ax.plot(t.offer_max, t.rate_lower, "v--", label="CTAAP-Solver / proven bound (lower estimate)")
    ax.plot(t.offer_max, t.rate_proven, "s:", label="runs with the optimum proven only")
    ax.set_xlabel("offer range 1..R")
    ax.set_ylabel("success rate (allocation size / optimum)")
    ax.set_ylim(0.5, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title("success rate")


def plot_fig2_fit(ax, t):
    """Fig. 2's single-fit probability per offer range on `ax`: ours, exact, the paper's."""
    ax.plot(t.offer_max, t.fit, "o-", label="ours (measured share of fitting pairs)")
    ax.plot(t.offer_max, t.fit_exact, "k--", lw=1, label="1 − 0.495·100/R (exact)")
    ax.plot(list(PAPER_FIT), list(PAPER_FIT.values()), "r*", ms=12, label="paper (§4)")
    ax.set_xlabel("offer range 1..R")
    ax.set_ylabel("P(one request fits one offer)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("single-fit probability")


def draw_fig2(t, fig_dir):
    fig = new_figure(figsize=(11, 4.2))
    a, b = fig.subplots(1, 2)
    plot_fig2_rate(a, t)
    plot_fig2_fit(b, t)
    fig.suptitle("CTAAP Fig. 2 reproduced: 50 request nodes, 5 clusters of capacity 1..11")
    return save_figure(fig, fig_dir, "ctaap_fig2.png", dpi=120)


def fig3_table(df):
    rows = []
    for n, g in _with_bound(df).groupby("request_nodes"):
        limited = (g.ip_status != "optimal").sum()
        rows.append(dict(n=int(n), runs=len(g), ctaap_ms=1e3 * g.ctaap_seconds.median(),
                         ctaap_max_ms=1e3 * g.ctaap_seconds.max(), cbc_s=g.ip_seconds.median(),
                         cbc_max_s=g.ip_seconds.max(), limited=limited,
                         speedup=g.ip_seconds.median() / g.ctaap_seconds.median(),
                         rate=g.ratio.mean(), lower=np.nanmean(g.lower), proven=g.proven.mean()))
    return pd.DataFrame(rows)


def plot_fig3_times(ax, t, df):
    """Fig. 3's medians of CBC and CTAAP-Solver per request size on `ax`, log scale, CBC runs
    stopped at their time limit marked (t: fig3_table of the runs df)."""
    ax.plot(t.n, t.cbc_s, "s-", label="CBC (exact IP), median")
    ax.plot(t.n, t.ctaap_ms / 1e3, "o-", label="CTAAP-Solver, median")
    lim = df[df.ip_status != "optimal"]
    ax.plot(lim.request_nodes, lim.ip_seconds, "rx", label="CBC run stopped at its time limit")
    ax.set_yscale("log")
    ax.set_xlabel("request nodes n")
    ax.set_ylabel("run time [s]")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    ax.set_title("CTAAP-Solver vs CBC")


def plot_fig3_ctaap(ax, t):
    """CTAAP-Solver's median and maximum time per request size on `ax`."""
    ax.plot(t.n, t.ctaap_ms, "o-")
    ax.fill_between(t.n, t.ctaap_ms, t.ctaap_max_ms, alpha=0.2, label="median to max")
    ax.set_xlabel("request nodes n")
    ax.set_ylabel("CTAAP-Solver run time [ms]")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("CTAAP-Solver alone")


def draw_fig3(t, df, fig_dir):
    fig = new_figure(figsize=(11, 4.2))
    a, b = fig.subplots(1, 2)
    plot_fig3_times(a, t, df)
    plot_fig3_ctaap(b, t)
    fig.suptitle("CTAAP Fig. 3 reproduced: 5 clusters, capacity 1..n/5, offers 1..200")
    return save_figure(fig, fig_dir, "ctaap_fig3.png", dpi=120)


def _pct(x):
    return "–" if x is None or pd.isna(x) else f"{100 * x:.1f} %"


def fig2_lines(out_dir, fig_dir, rel):
    df = read_offline(out_dir)
    if df.empty:
        return []
    t = fig2_table(df)
    path = draw_fig2(t, fig_dir)
    lo, hi = int(t.runs.min()), int(t.runs.max())
    runs = f"{lo} runs" if lo == hi else f"{lo}–{hi} runs"
    lines = [f"### Fig. 2: success rate vs offer range ({runs} per range)",
             "", f"![CTAAP Fig. 2]({rel(path)})", "",
             "| offer range | P(fit) ours | P(fit) exact | P(fit) paper | success rate (to best known) | "
             "lower estimate (to the proven bound) | optimum proven | rate on proven runs | CTAAP = best | "
             "CTAAP median [ms] | CBC median [s] | ctaap-bb median [s] |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for _, r in t.iterrows():
        paper = _pct(r.fit_paper) if r.fit_paper else "–"
        lines.append(f"| 1..{int(r.offer_max)} | {_pct(r.fit)} | {_pct(r.fit_exact)} | {paper} | "
                     f"{_pct(r.rate)} ± {100 * r.rate_ci:.1f} | {_pct(r.rate_lower)} | {_pct(r.proven)} | "
                     f"{_pct(r.rate_proven)} | {_pct(r.at_best)} | {r.ctaap_ms:.1f} | {r.ip_ms / 1e3:.2f} | "
                     f"{r.bb_ms / 1e3:.2f} |")
    rises = t.rate.iloc[-1] > t.rate.iloc[0]
    lines += ["", f"Shape: the success rate {'rises' if rises else 'does not rise'} from "
              f"{_pct(t.rate.iloc[0])} at 1..{t.offer_max.iloc[0]} to {_pct(t.rate.iloc[-1])} at "
              f"1..{t.offer_max.iloc[-1]} (paper: rises with the single-fit probability; its values are "
              "only drawn). Two exact references ran with a time limit per instance, CBC on the IP and "
              "ctaap-bb (our combinatorial branch and bound, started from CTAAP-Solver's allocation): "
              "\"best known\" is the largest allocation of the three (an upper estimate of the rate), "
              "the least proven bound gives the lower estimate, and where they meet the optimum is "
              "proven.", ""]
    return lines


def fig3_lines(out_dir, fig_dir, rel):
    df = read_offline(out_dir)
    if df.empty:
        return []
    t = fig3_table(df)
    path = draw_fig3(t, df, fig_dir)
    lines = [f"### Fig. 3: run time vs request graph size ({int(t.runs.max())} runs per size)", "",
             f"![CTAAP Fig. 3]({rel(path)})", "",
             "| n | CTAAP median [ms] | CTAAP max [ms] | CBC median [s] | CBC max [s] | CBC runs at the "
             "time limit | CBC / CTAAP (medians) | success rate (to best known) | lower estimate (to the "
             "proven bound) | optimum proven |", "|---|---|---|---|---|---|---|---|---|---|"]
    for _, r in t.iterrows():
        lim = f"{int(r.limited)} of {int(r.runs)}" + (" (time limit reached)" if r.limited else "")
        lines.append(f"| {int(r.n)} | {r.ctaap_ms:.2f} | {r.ctaap_max_ms:.2f} | {r.cbc_s:.3f} | {r.cbc_max_s:.2f} | "
                     f"{lim} | {r.speedup:.0f}× | {_pct(r.rate)} | {_pct(r.lower)} | {_pct(r.proven)} |")
    lines += ["", "Shape (paper: CBC grows steeply, CTAAP-Solver stays low): CBC's median grows from "
              f"{t.cbc_s.iloc[0] * 1e3:.1f} ms at n = {t.n.iloc[0]} to {t.cbc_s.iloc[-1]:.1f} s at "
              f"n = {t.n.iloc[-1]}, flattened by its time limit (CBC checks it between nodes, so a "
              "large root node overruns it); CTAAP-Solver's from "
              f"{t.ctaap_ms.iloc[0]:.2f} ms to {t.ctaap_ms.iloc[-1]:.1f} ms.", ""]
    return lines


def section(out_dir, fig_dir):
    """Markdown lines of the CTAAP section; empty figures are skipped."""
    d2, d3 = os.path.join(out_dir, "ctaap_fig2"), os.path.join(out_dir, "ctaap_fig3")
    if not (os.path.isdir(d2) or os.path.isdir(d3)):
        return []  # CTAAP was not run: no section
    parts = ["## CTAAP: topology-aware co-allocation by graph matching", ""]

    def rel(p):
        return os.path.relpath(p, out_dir)

    if os.path.isdir(d2):
        parts += fig2_lines(d2, fig_dir, rel)
    if os.path.isdir(d3):
        parts += fig3_lines(d3, fig_dir, rel)
    parts += READINGS
    return parts


READINGS = [
    "Readings and differences (details in the headers of `schedulers/ctaap/`):", "",
    "- **Instances.** \"Computing and network properties\" read as one CPU value per node and a "
    "bandwidth for every pair of tasks (a complete request graph) and of clusters (self-loops "
    "included); this gives §4's single-fit probabilities exactly (table). The figures' values are "
    "not printed in the paper, so only shapes compare.",
    "- **Reference optimum.** The paper's IP linearises eq. (4) without saying how. Pairwise rows "
    "leave CBC 10–60 s per 50-node instance; ours uses a clique cover of the conflict graph (the "
    "same integer solutions, a much tighter relaxation). Even so, from offer range 1..200 on CBC "
    "proves few instances within its per-solve limit. ctaap-bb (`schedulers/ctaap/exact.hpp`: "
    "clusters that no bandwidth constrains are filled by an exact b-matching, the others searched "
    "with colouring bounds) proves most of them in well under a second; the rest keep the "
    "bracket of best known and bound.",
    "- **Column normalisation.** The cap_j − 1 largest entries are taken among the task entries, "
    "the slack entry always in the divisor; the literal reading (`literal_columns=true`) washes the "
    "topology out of step 1 on hand-made cases but ends within 1 % on these instances.",
    "- **Times.** CTAAP-Solver's times are ours (single thread, no SIMD); CBC is single-threaded "
    "with arsim's direct settings. Compare the ratio, not seconds with the paper's.", "",
]
