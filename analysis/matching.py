"""Garbacki & Naik (hybrid LP/EA resource matching): Table 2, Fig. 2 and the anytime curves,
beside the published numbers. Offline runs write results.csv (deterministic) and timings.csv
(wall-clock, joined here by row)."""
import os

import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import read_offline
from .stats import ci95

OBJECTIVES = ["throughput", "prioritized", "load_balance"]
COMPLEXITY = [0.1, 0.2, 0.3, 0.4, 0.5]
JOBS = [10, 20, 30, 40]
# The hybrid before it followed §3.1: one partial problem per generation, population 4.
HYBRID_ONE = "hybrid:partials=one:population=4:explore=1"
# The two readings that differ between them, one at a time (matching_hybrid_readings.xml).
HYBRID_ONE_P10 = "hybrid:partials=one"
HYBRID_COVER_P4 = "hybrid:population=4:explore=1"
HYBRIDS = ["hybrid", HYBRID_ONE, HYBRID_ONE_P10, HYBRID_COVER_P4]
MATCHERS = ["lp", "lp-glpk", "ea", "hybrid", HYBRID_ONE, HYBRID_ONE_P10, HYBRID_COVER_P4, "lns"]
LABEL = {"lp": "LP (CBC)", "lp-glpk": "LP (GLPK)", "ea": "EA", "hybrid": "Hybrid (cover, pop. 10)",
         HYBRID_ONE: "Hybrid (one partial, pop. 4: before)", HYBRID_ONE_P10: "Hybrid (one partial, pop. 10)",
         HYBRID_COVER_P4: "Hybrid (cover, pop. 4)", "lns": "lns (ours)", "cbc": "CBC incumbents"}

# Table 2 of the paper: seconds, per objective and matcher, complexity 0.1..0.5 x batch 10..40.
PAPER_TABLE2 = {
    "throughput": {
        "hybrid": [3, 6, 11, 12, 4, 6, 10, 11, 4, 13, 50, 74, 3, 21, 71, 140, 6, 52, 124, 214],
        "lp": [1, 6, 11, 14, 2, 6, 15, 20, 2, 8, 149, 350, 1, 13, 331, 476, 2, 109, 513, 800],
        "ea": [7, 134, 201, 298, 14, 245, 415, 1822, 25, 374, 1726, 1999, 661, 2752, 3665, 4384,
               8020, 9114, 13822, 25000]},
    "prioritized": {
        "hybrid": [3, 7, 14, 14, 5, 8, 13, 13, 5, 16, 62, 90, 4, 26, 86, 176, 8, 65, 152, 276],
        "lp": [2, 8, 13, 17, 2, 8, 17, 24, 3, 10, 184, 454, 2, 15, 420, 618, 3, 131, 661, 1032],
        "ea": [10, 193, 285, 417, 20, 352, 615, 2639, 36, 558, 2470, 2959, 936, 4123, 5354, 6401,
               11780, 13308, 20661, 25000]},
    "load_balance": {
        "hybrid": [4, 8, 17, 18, 6, 9, 16, 17, 6, 20, 78, 115, 5, 32, 111, 218, 9, 79, 195, 338],
        "lp": [4, 19, 33, 41, 5, 18, 42, 60, 7, 25, 454, 1058, 4, 39, 1022, 1455, 6, 337, 1565, 2437],
        "ea": [12, 232, 361, 508, 25, 425, 720, 3252, 44, 643, 3039, 3424, 1143, 4698, 6457, 7576,
               13759, 16068, 25000, 25000]},
}


def _paper(objective, matcher, c, n):
    m = {"lp-glpk": "lp"}.get(matcher, matcher)
    if m not in PAPER_TABLE2[objective]:
        return None
    return PAPER_TABLE2[objective][m][COMPLEXITY.index(c) * 4 + JOBS.index(n)]


def table2_lines(df):
    """Median milliseconds per cell, ours, with the paper's seconds below each row."""
    head = "| objective | matcher | " + " | ".join(f"{c}/{n}" for c in COMPLEXITY for n in JOBS) + " |"
    lines = ["Median wall time per batch in **ms** (ours, 2-core machine; columns complexity/jobs), "
             "and the paper's **seconds** (2006 hardware, GLPK, Java EA) in the row below:", "",
             head, "|" + "---|" * (2 + len(COMPLEXITY) * len(JOBS))]
    for obj in OBJECTIVES:
        for m in MATCHERS:
            g = df[(df.objective == obj) & (df.matcher == m)]
            if g.empty:
                continue
            cells = []
            for c in COMPLEXITY:
                for n in JOBS:
                    x = g[(np.isclose(g.complexity, c)) & (g.jobs == n)].matcher_seconds
                    cells.append(f"{1e3 * x.median():.1f}" if len(x) else "–")
            lines.append(f"| {obj} | {LABEL[m]} | " + " | ".join(cells) + " |")
            if m in ("lp", "ea", "hybrid"):
                lines.append(f"| | paper {LABEL[m].split(' ')[0].strip(',')} [s] | " + " | ".join(
                    str(_paper(obj, m, c, n)) for c in COMPLEXITY for n in JOBS) + " |")
    return lines


def growth_lines(df):
    """How times grow (40 over 10 jobs at complexity 0.5, 0.5 over 0.1 at 40 jobs) and how the
    matchers rank by median time, ours against the paper."""
    lines = ["| objective | matcher | ours: 40/10 jobs at p 0.5 | paper | ours: p 0.5/0.1 at 40 jobs | "
             "paper | ours: cells where fastest of LP, EA, Hybrid | paper |", "|---|---|---|---|---|---|---|---|"]
    for obj in OBJECTIVES:
        med = df[df.objective == obj].groupby(["matcher", "complexity", "jobs"]).matcher_seconds.median()
        fastest_ours, fastest_paper = {}, {}
        for c in COMPLEXITY:
            for n in JOBS:
                trio = {m: med.get((m, c, n), np.nan) for m in ("lp", "ea", "hybrid")}
                if not any(np.isnan(v) for v in trio.values()):
                    best = min(trio, key=trio.get)
                    fastest_ours[best] = fastest_ours.get(best, 0) + 1
                pbest = min(("lp", "ea", "hybrid"), key=lambda m: _paper(obj, m, c, n))
                fastest_paper[pbest] = fastest_paper.get(pbest, 0) + 1
        for m in ("lp", "ea", "hybrid", "lns"):
            try:
                g1, g0 = med[(m, 0.5, 40)], med[(m, 0.5, 10)]
                c1, c0 = med[(m, 0.5, 40)], med[(m, 0.1, 40)]
            except KeyError:
                continue
            p = (lambda c, n: _paper(obj, m, c, n)) if m != "lns" else (lambda c, n: None)
            pg = f"{p(0.5, 40) / p(0.5, 10):.0f}×" if p(0.5, 40) else "–"
            pc = f"{p(0.5, 40) / p(0.1, 40):.0f}×" if p(0.5, 40) else "–"
            fo = f"{fastest_ours.get(m, 0)} of 20" if m != "lns" else "–"
            fp = f"{fastest_paper.get(m, 0)} of 20" if m != "lns" else "–"
            lines.append(f"| {obj} | {LABEL[m]} | {g1 / g0:.1f}× | {pg} | {c1 / c0:.1f}× | {pc} | {fo} | {fp} |")
    return lines


def plot_fig2(ax, df, obj):
    """Fig. 2's panel of one objective on `ax`: per matcher, the mean ratio to the best known and
    its 95 % interval in every cell (complexity, jobs). Returns a summary row per matcher."""
    cells = [(c, n) for c in COMPLEXITY for n in JOBS]
    x = np.arange(len(cells))
    rows = []
    for m in MATCHERS:
        g = df[(df.objective == obj) & (df.matcher == m)]
        if g.empty:
            continue
        mean = [g[np.isclose(g.complexity, c) & (g.jobs == n)].ratio.mean() for c, n in cells]
        ci = [ci95(g[np.isclose(g.complexity, c) & (g.jobs == n)].ratio) for c, n in cells]
        # One run has no interval: draw no bar rather than fail on an all-NaN yerr.
        ci = None if np.all(np.isnan(ci)) else np.nan_to_num(ci)
        ax.errorbar(x, mean, yerr=ci, marker="o", ms=3, capsize=2, label=LABEL[m])
        rows.append(dict(objective=obj, matcher=m, mean=g.ratio.mean(), worst=np.nanmin(mean),
                         at_best=(g.ratio >= 1 - 1e-9).mean()))
    ax.set_xticks(x[::4])
    ax.set_xticklabels([f"p {c}" for c in COMPLEXITY])
    ax.set_xlabel("complexity (each: 10, 20, 30, 40 jobs)")
    ax.set_title(obj)
    ax.grid(alpha=0.3)
    return rows


def fig2(df, fig_dir):
    fig = new_figure(figsize=(15, 4.2))
    axes = fig.subplots(1, 3, sharey=True)
    rows = []
    for ax, obj in zip(axes, OBJECTIVES):
        rows += plot_fig2(ax, df, obj)
    axes[0].set_ylabel("objective / best known (optimum)")
    axes[0].legend(fontsize=8)
    fig.suptitle("Garbacki & Naik Fig. 2 reproduced: objective relative to the optimum (mean ± 95 % CI)")
    path = save_figure(fig, fig_dir, "matching_fig2.png", dpi=120)
    return path, pd.DataFrame(rows)


ANYTIME_GRID = np.logspace(-4, 1, 60)


def plot_anytime(ax, df, obj):
    """The anytime curves of one objective on `ax`: per matcher, the median over batches of the
    best incumbent so far relative to the best known. Returns a row per matcher: batches, how
    many reached 99.5 % of the best known, and the median and largest time to it."""
    grid = ANYTIME_GRID
    g = df[df.objective == obj]
    rows = []
    for m in ["cbc", "ea", "hybrid", "lns"]:
        h = g[g.matcher == m]
        if h.empty:
            continue
        curves = []
        for _run, r in h.groupby("run"):
            r = r.sort_values("at_seconds")
            best = np.maximum.accumulate(r.ratio.values)  # CBC's solves need not end in order
            idx = np.searchsorted(r.at_seconds.values, grid, side="right") - 1
            curves.append(np.where(idx >= 0, best[np.maximum(idx, 0)], np.nan))
        c = np.array(curves)
        # Median over batches, a batch without a solution yet counting 0: robust to one
        # batch whose first solution the machine delayed by a few milliseconds.
        ax.plot(grid, np.median(np.where(np.isnan(c), 0.0, c), axis=0), label=LABEL[m])
        reach = [r.sort_values("at_seconds").query("ratio >= 0.995").at_seconds.min()
                 for _run, r in h.groupby("run")]
        rows.append(dict(objective=obj, matcher=m, runs=len(reach),
                         reached=np.sum(~np.isnan(reach)), median_s=np.nanmedian(reach) if
                         np.any(~np.isnan(reach)) else np.nan, max_s=np.nanmax(reach) if
                         np.any(~np.isnan(reach)) else np.nan))
    ax.set_xscale("log")
    ax.set_xlabel("elapsed wall time [s]")
    ax.set_title(obj)
    ax.grid(alpha=0.3, which="both")
    return rows


def anytime(out_dir, fig_dir):
    df = read_offline(out_dir)
    if df.empty:
        return None, None
    fig = new_figure(figsize=(15, 4.2))
    axes = fig.subplots(1, 3, sharey=True)
    rows = []
    for ax, obj in zip(axes, OBJECTIVES):
        rows += plot_anytime(ax, df, obj)
    axes[0].set_ylabel("incumbent / best known (median over batches)")
    axes[0].set_ylim(0.8, 1.005)
    axes[0].legend(fontsize=8)
    fig.suptitle("Anytime: 40 jobs, complexity 0.5, 200 resources")
    path = save_figure(fig, fig_dir, "matching_anytime.png", dpi=120)
    return path, pd.DataFrame(rows)


def section(out_dir, fig_dir):
    d2, da = os.path.join(out_dir, "matching_table2"), os.path.join(out_dir, "matching_anytime")
    if not os.path.isdir(d2) and not os.path.isdir(da):
        return []
    parts = ["## Garbacki & Naik: hybrid LP / evolutionary resource matching", ""]

    def rel(p):
        return os.path.relpath(p, out_dir)

    if os.path.isdir(d2):
        df = read_offline(d2)
        runs = df.groupby(["objective", "complexity", "jobs"]).run.nunique()
        proven = df[df.matcher == "lp"].status.eq("optimal").mean()
        parts += [f"### Table 2: execution time ({runs.min()}–{runs.max()} batches per cell)", ""]
        parts += table2_lines(df) + [""]
        parts += ["How times grow and how the matchers rank (ratios of medians):", ""]
        parts += growth_lines(df) + [""]
        path, t = fig2(df, fig_dir)
        parts += ["### Fig. 2: objective relative to the optimum", "", f"![Fig. 2]({rel(path)})", "",
                  f"The exact lp (CBC) proved the optimum of {100 * proven:.1f} % of the batches; the "
                  "best known value of a batch is then the optimum.", "",
                  "| objective | matcher | mean ratio | worst cell mean | batches at the optimum |",
                  "|---|---|---|---|---|"]
        for _, r in t.iterrows():
            parts.append(f"| {r.objective} | {LABEL[r.matcher]} | {r['mean']:.4f} | {r.worst:.4f} | "
                         f"{100 * r.at_best:.1f} % |")
        parts += [""] + comparison_lines(df) + ea_vs_hybrid(t) + greedy_start_lines(df)
    if os.path.isdir(da):
        path, t = anytime(da, fig_dir)
        if path:
            parts += ["### Anytime curves (not in the paper)", "", f"![anytime]({rel(path)})", "",
                      "| objective | matcher | batches | reached 99.5 % of the best known | median time to it [s] | "
                      "max [s] |", "|---|---|---|---|---|---|"]
            for _, r in t.iterrows():
                parts.append(f"| {r.objective} | {LABEL[r.matcher]} | {r.runs} | {r.reached} | "
                             f"{r.median_s:.4f} | {r.max_s:.4f} |")
            parts += [""]
    parts += READINGS
    return parts


def ea_vs_hybrid(t):
    """The paper's Fig. 2 reading: EA at least as good as the hybrid for throughput, the hybrid
    clearly better for load balance. Says whether ours agree, for every hybrid reading run."""
    out = []
    for obj in OBJECTIVES:
        e = t[(t.objective == obj) & (t.matcher == "ea")]
        if e.empty:
            continue
        ea = e["mean"].iloc[0]
        paper = ("the hybrid clearly better (paper)" if obj == "load_balance"
                 else "EA at least as good in all cells but one (paper)")
        for m in HYBRIDS:
            h = t[(t.objective == obj) & (t.matcher == m)]
            if h.empty:
                continue
            hy = h["mean"].iloc[0]
            agree = (ea < hy) if obj == "load_balance" else (ea >= hy)
            out.append(f"- {obj}: EA {ea:.4f}, {LABEL[m]} {hy:.4f} mean ratio; {paper}: "
                       f"{'agrees' if agree else '**contradicts the paper**'}.")
    return ["Fig. 2, EA against the hybrid:", ""] + out + [""]


def greedy_start(df):
    """Per objective and evolutionary matcher: batches whose generations improved on the best
    greedy start, batches whose greedy start was already the best known (the optimum where lp
    proved it; nothing to improve), and the rest (stuck below it)."""
    rows = []
    for obj in OBJECTIVES:
        for m in ["ea"] + HYBRIDS:
            g = df[(df.objective == obj) & (df.matcher == m)]
            if g.empty or "initial" not in g:
                continue
            improved = g.value > g.initial + 1e-9
            at_best = g.initial >= g.best_known - 1e-9
            rows.append(dict(objective=obj, matcher=m, batches=len(g), improved=improved.mean(),
                             start_best=at_best.mean(), stuck=(~improved & ~at_best).mean(),
                             neither=None))
    t = pd.DataFrame(rows)
    if t.empty:
        return t
    # Batches where neither the EA nor the (default) hybrid improved on its greedy start.
    keys = ["objective", "complexity", "jobs", "run"]
    ea = df[df.matcher == "ea"].set_index(keys)
    hy = df[df.matcher == "hybrid"].set_index(keys)
    both = ea.join(hy, lsuffix="_ea", rsuffix="_hy", how="inner")
    if not both.empty:
        neither = ((both.value_ea <= both.initial_ea + 1e-9) & (both.value_hy <= both.initial_hy + 1e-9))
        for obj in OBJECTIVES:
            sel = neither[both.index.get_level_values("objective") == obj]
            t.loc[t.objective == obj, "neither"] = sel.mean() if len(sel) else np.nan
        t.attrs["neither_all"] = neither.mean()
    return t


def greedy_start_lines(df):
    t = greedy_start(df)
    if t.empty:
        return []
    lines = ["### Why the evolutionary matchers rarely improve on their greedy start", "",
             f"Of all batches, {100 * t.attrs.get('neither_all', np.nan):.1f} % saw neither the EA nor "
             "the hybrid (default) improve on its best greedy start. Per matcher:", "",
             "| objective | matcher | batches | improved | greedy start already best known | stuck below it |",
             "|---|---|---|---|---|---|"]
    for _, r in t.iterrows():
        lines.append(f"| {r.objective} | {LABEL[r.matcher]} | {r.batches} | {100 * r.improved:.1f} % | "
                     f"{100 * r.start_best:.1f} % | {100 * r.stuck:.1f} % |")
    return lines + [""]


def comparison_lines(df):
    """Our Table 2 against the paper's claims, in numbers computed from the runs (one repetition;
    `repeats` gives the range over several)."""
    med = df.groupby(["objective", "matcher", "complexity", "jobs"]).matcher_seconds.median()
    out = ["Against the paper (Table 2): its LP beats the hybrid only on the simplest problems "
           "(hybrid faster in 10, 11 and 16 of the 20 cells) and grows to 800 s (throughput) and "
           "2,437 s (load balance) at complexity 0.5 and 40 jobs; its EA is the slowest everywhere. "
           "Ours:", ""]
    for obj in OBJECTIVES:
        cells = [(c, n) for c in COMPLEXITY for n in JOBS if (obj, "lp", c, n) in med and
                 (obj, "ea", c, n) in med and (obj, "hybrid", c, n) in med]
        if not cells:
            continue
        hyb = sum(med[(obj, "hybrid", c, n)] < med[(obj, "lp", c, n)] for c, n in cells)
        one = [(c, n) for c, n in cells if (obj, HYBRID_ONE, c, n) in med]
        hyb_one = sum(med[(obj, HYBRID_ONE, c, n)] < med[(obj, "lp", c, n)] for c, n in one)
        one_text = f" ({hyb_one} of {len(one)} for the hybrid before it followed §3.1)" if one else ""
        ea_slow = sum(max(("lp", "ea", "hybrid"), key=lambda m: med[(obj, m, c, n)]) == "ea"
                      for c, n in cells)
        g = df[df.objective == obj]
        cbc_max = g[g.matcher == "lp"].matcher_seconds.max()
        glpk = g[g.matcher == "lp-glpk"].matcher_seconds
        glpk_text = f", GLPK at most {glpk.max():.2f} s" if len(glpk) else ""
        out.append(f"- {obj}: exact CBC at most {cbc_max:.2f} s per batch{glpk_text}; the hybrid "
                   f"is faster than CBC in {hyb} of {len(cells)} cells{one_text}; the EA is the slowest in "
                   f"{ea_slow} of {len(cells)}.")
    out += ["", "Where exact CBC takes at most a fraction of a second at the paper's sizes, the premise "
            "of the hybrid (LP too slow for on-line matching) does not hold on this machine with "
            "these solvers; the growth table above shows how little their times grow.", ""]
    return out


READINGS = [
    "Readings (details in `schedulers/matching/README.md`):", "",
    "- **Resources.** Table 1's types and attributes; values generated (distributions in "
    "`workloads/README.md`), since the paper's SRM trace is proprietary.",
    "- **Load balance.** The literal model of §3.2.3 (one G_a shared by all resources) forces every "
    "resource of a type to the same load and makes the empty matching optimal; the figures use our "
    "reading: throughput first, then F = the least free fraction over every resource and attribute, "
    "value = throughput + 0.5 F. lp solves it lexicographically (throughput, then F at that "
    "throughput).",
    "- **Times.** Wall seconds on this 2-core machine, single-threaded solvers; compare growth and "
    "ranking, not seconds. The EA and hybrid stop on the paper's iteration limits, not on time.", "",
]


def repeat_rows(dirs, before=False):
    """One row per repetition (a matching_table2 output folder, e.g. one per --seed) and
    objective: cells (of 20, medians over the batches of a cell) where each hybrid is faster than
    CBC, and the mean ratio to the best known of the EA and each hybrid."""
    rows = []
    for d in dirs:
        df = read_offline(d)
        if before:  # run by a build whose `hybrid` was today's HYBRID_ONE
            df["matcher"] = df.matcher.replace({"hybrid": HYBRID_ONE})
        med = df.groupby(["objective", "matcher", "complexity", "jobs"]).matcher_seconds.median()
        for obj in OBJECTIVES:
            row = dict(repetition=os.path.basename(os.path.normpath(d)), objective=obj)
            for m in ["ea"] + HYBRIDS:
                g = df[(df.objective == obj) & (df.matcher == m)]
                if g.empty:
                    continue
                row[f"ratio:{m}"] = g.ratio.mean()
                if m == "ea":
                    continue
                cells = [(c, n) for c in COMPLEXITY for n in JOBS
                         if (obj, m, c, n) in med and (obj, "lp", c, n) in med]
                row[f"faster:{m}"] = sum(med[(obj, m, c, n)] < med[(obj, "lp", c, n)] for c, n in cells)
            rows.append(row)
    return pd.DataFrame(rows)


def repeat_lines(dirs, before=False):
    """Ranges over repetitions (min–max) of repeat_rows, as markdown."""
    t = repeat_rows(dirs, before)
    if t.empty:
        return []
    out = [f"Over {t.repetition.nunique()} repetitions (min–max; cells of 20 where the hybrid's median "
           "time is below CBC's; mean objective / best known):", "",
           "| objective | matcher | faster than CBC (cells) | mean ratio |", "|---|---|---|---|"]
    for obj in OBJECTIVES:
        g = t[t.objective == obj]
        for m in ["ea"] + HYBRIDS:
            if f"ratio:{m}" not in g or g[f"ratio:{m}"].isna().all():
                continue
            r = g[f"ratio:{m}"]
            f = g.get(f"faster:{m}")
            faster = "–" if f is None or f.isna().all() else f"{int(f.min())}–{int(f.max())}"
            out.append(f"| {obj} | {LABEL[m]} | {faster} | {r.min():.4f}–{r.max():.4f} |")
    return out + [""]


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Ranges over repetitions of matching_table2 (one output "
                                 "folder per --seed), and the greedy-start table of each")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--before", action="store_true",
                    help="the folders were run by a build whose hybrid was one partial problem per "
                    "generation, population 4")
    args = ap.parse_args()
    print("\n".join(repeat_lines(args.dirs, args.before)))
    for d in args.dirs:
        print(f"#### {d}\n")
        print("\n".join(greedy_start_lines(read_offline(d))))
