"""SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013) section of REPORT.md: Table 1, Figs. 3-4, 6-8,
10-11, the KTH trace, the spectrum of the literal algorithm and Table 4, with a verdict on the paper's
claim computed from the runs of scenarios/paper/scs_*.xml."""
import os

import numpy as np

from . import scs_data as data

LITERAL, REPAIR, GREEDY = "scs", "scs-ls", "est-ect"


def _rel(path, out):
    return os.path.relpath(path, out)


def _has(out, name):
    return os.path.isdir(os.path.join(out, name))


def _who_wins(label, win):
    """One sentence per data set: levels where D = 0 is shared, who has the lowest positive D."""
    zero = [lv for lv, best, tied, _, _ in win if best == 0]
    positive = [(lv, best, tied, row) for lv, best, tied, row, _ in win if best > 0]
    counts = {}
    for _, _, tied, _ in positive:
        for t in tied:
            counts[t] = counts.get(t, 0) + 1
    lit = [row[LITERAL] / best for _, best, _, row in positive if LITERAL in row]
    text = f"**{label}**: "
    if zero:
        text += f"D = 0 for several schedulers at {len(zero)} level(s) (up to {max(zero):g}); "
    if positive:
        ranking = ", ".join(f"{k} at {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
        text += f"lowest positive D at the other {len(positive)} level(s): {ranking}. "
    if lit:
        text += (f"The literal scs is lowest at {counts.get(LITERAL, 0)} of them; its D is "
                 f"{np.min(lit):.3g}–{np.max(lit):.3g}× the lowest. ")
    return text, counts


def _repair_vs_greedy(df, level):
    mean = df.groupby([level, "scheduler"])["deviation"].mean().unstack()
    if REPAIR not in mean or GREEDY not in mean:
        return ""
    better = mean.index[mean[REPAIR] < mean[GREEDY] * (1 - 1e-9)]
    worse = mean.index[mean[REPAIR] > mean[GREEDY] * (1 + 1e-9)]
    positive = mean[(mean[GREEDY] > 0) & (mean[REPAIR] > 0)]
    ratio = (positive[REPAIR] / positive[GREEDY]).median() if len(positive) else np.nan
    return (f"scs-ls beats est-ect at {len(better)} level(s) ({', '.join(f'{x:g}' for x in better) or 'none'}) "
            f"and loses at {len(worse)} ({', '.join(f'{x:g}' for x in worse) or 'none'}); median "
            f"D(scs-ls)/D(est-ect) where both are positive: {ratio:.3g}.")


def _full_scan(out):
    """What the unlimited scan of scs_fig3_scan.xml found for the literal scs."""
    if not _has(out, "scs_fig3_scan"):
        return ""
    df = data.load(os.path.join(out, "scs_fig3_scan"))
    at_n = df[df.resources == df.tasks]
    gs = ", ".join(f"{g:g}" for g in sorted(df.p_granularity.unique()))
    return (f"Scanned without limit (scs_fig3_scan.xml, g = {gs}), the literal scs needs M̂ = N, one task per "
            f"resource, in {len(at_n)} of {len(df)} realizations (mean ρ = {df.rho.mean():.3g} against ρ_max = "
            f"{df.rho_max.mean():.3g}): its giant cluster is only split when every task has its own resource.")


def _dependency_note(df):
    """Fig. 4: how the largest dependent share moves rho_max against independent tasks, per g."""
    rm = df.groupby(["p_dependent_fraction", "p_granularity"])["rho_max"].mean().unstack(0)
    lo, hi = rm.columns.min(), rm.columns.max()
    ratio = rm[hi] / rm[lo]
    down = ", ".join(f"{g:g}" for g in ratio.index[ratio < 0.99]) or "none"
    up = ", ".join(f"{g:g}" for g in ratio.index[ratio > 1.01]) or "none"
    return (f"The paper: \"as the dependencies increase, the utilization factor improves\". Ours, share {hi:g} "
            f"against {lo:g}: ρ_max falls at g = {down} and rises at g = {up}. Our generator "
            "(workloads/intervals/synthetic.hpp) makes a random forest whose siblings all start at their "
            "parent's requested finish: with many short tasks (small g) they pile up and β grows (up to "
            f"{df[df.p_dependent_fraction == hi].beta.max():.0f}); with few long tasks the chains push requests "
            "past T, β shrinks and ρ = B/M can exceed 1 (B = N g counts one period's requests, served over "
            "several). est-ect and scs-ls still reach ρ_max or nearly.")


def _fig3_4(out, figs, parts):
    for name, key, label, title in (
            ("scs_fig3", "p_duration_cv", "duration cv", "SCS Fig. 3 reproduced: ρ vs g at B = 10 (cv 0 = symmetric)"),
            ("scs_fig4", "p_dependent_fraction", "dependent share", "SCS Fig. 4 reproduced: ρ vs g with dependencies")):
        if not _has(out, name):
            continue
        df = data.load(os.path.join(out, name))
        path, table, width = data.rho_figure(df, key, label, figs, f"{name}.png", title)
        runs = df.run_index.nunique()
        est = df[df.scheduler == GREEDY]
        lit = df[df.scheduler == LITERAL]
        rep = df[df.scheduler == REPAIR]
        parts += [f"### {'Fig. 3' if name == 'scs_fig3' else 'Fig. 4'}: utilization at zero deviation "
                  f"({runs} realizations per point; the paper: 500)", "", f"![{name}]({_rel(path, out)})", "",
                  table, "",
                  f"est-ect reaches ρ = ρ_max (M̂ = β) in {(est.resources == est.beta).mean():.0%} of the "
                  f"realizations (earliest-start list colouring is optimal on an interval graph). scs-ls: "
                  f"M̂ − β = {(rep.resources - rep.beta).mean():.2f} on average. The literal scs found no "
                  f"zero-deviation M up to β + {width} in {(lit.resources < 0).mean():.0%} of the realizations, "
                  f"so its ρ is below the plotted bound. " + (_full_scan(out) if name == "scs_fig3" else ""), ""]
        if name == "scs_fig4":
            parts += [_dependency_note(df), ""]


def _title(name, df):
    """The data set's title from what was run, not from what the scenario was meant to be."""
    g, n = df.granularity.median(), int(df.tasks.median())
    if name == "scs_fig6_8":
        return f"Figs. 6-8: D vs ρ and G, synthetic, g = {g:.3g}, N = {n}"
    if name == "scs_fig10_11":
        return f"Figs. 10-11: D vs g at G = {df.gain.median():.3g}, synthetic, N = {n}"
    w0 = int(df.p_window_start.iloc[0])
    return f"KTH-SP2 jobs {w0}-{w0 + n - 1}: D vs ρ, g = {g:.3g}"


def _deviation_set(name, df, level, label, xs, figs, out, parts, note=""):
    title = _title(name, df)
    runs = df.run_index.nunique()
    path = data.deviation_figure(df, figs, f"{name}.png", f"SCS {title} (mean of {runs} run(s))", xs)
    win = data.winners(df, level)
    names = [n for n in data.STYLE_ORDER if n in set(df.scheduler)]
    parts += [f"### {title}", ""] + ([note, ""] if note else [])
    parts += [f"![{name}]({_rel(path, out)})", "", "Mean D per scheduler:", "", data.winner_table(win, label, names), ""]
    return title, df, level, win


def _trace_note(sub):
    r = sub.iloc[0]
    ect = sub[sub.scheduler == "ect"].deviation.tolist()
    same = ect == sub[sub.scheduler == GREEDY].deviation.tolist()
    return (f"{int(r.tasks)} jobs, T = {r.period / 3600:.1f} h, {int(r.periods)} periods, β = {int(r.beta)}, "
            f"ρ_max = {r.rho_max:.3f}." + (" ect and est-ect coincide (the trace lists jobs in submit order)."
                                          if same else ""))


def _deviation_sets(out, figs, parts):
    sets = []
    for name, level, label, xs in (("scs_fig6_8", "p_rho", "ρ asked", ("rho", "gain")),
                                   ("scs_fig10_11", "p_granularity", "g", ("granularity",))):
        if _has(out, name):
            df = data.load(os.path.join(out, name))
            sets.append(_deviation_set(name, df, level, label, xs, figs, out, parts))
    if _has(out, "scs_kth"):
        df = data.load(os.path.join(out, "scs_kth"))
        for w0, sub in df.groupby("p_window_start"):
            sets.append(_deviation_set(f"scs_kth_{int(w0)}", sub, "p_rho", "ρ asked", ("rho",), figs, out, parts,
                                       _trace_note(sub)))
    return sets


def section(out_dir, fig_dir):
    out, figs = out_dir, fig_dir
    if not any(_has(out, n) for n in ("scs_table1", "scs_fig3", "scs_fig4", "scs_fig6_8", "scs_fig10_11",
                                      "scs_kth", "scs_spectrum", "scs_table4")):
        return []  # nothing of SCS was run (reproduce.py --only ...)
    parts = ["## SCS: spectral clustering scheduling for tasks with requested start and finish times", "",
             "Offline experiments on the execution model of §2.2–2.3 (experiments/interval/experiments.hpp). "
             "`scs` is the algorithm as published (Table 2); `scs-ls` is our repair (the same spectral start, then "
             "a local search on the deviation); the baselines are those of §6.2. D is eq. (23) in periods; D = 0 is "
             f"drawn at {data.plots.D_FLOOR:g} on log axes.", ""]
    if _has(out, "scs_table1"):
        table, t1 = data.table1(out)
        ours = t1[t1.algorithm != "table1-scs-assignment"].set_index("algorithm")["total_deviation"]
        five = ", ".join(ours.index[ours <= 5]) or "none"
        parts += ["### Table 1: the Fig. 1 example (8 tasks, 2 resources, T = 24)", "", table, "",
                  "The first two rows recompute the paper's two columns from a fresh run (Maxima IS defers tasks 2 "
                  "and 8 to the next period; the assignment printed for SCS, executed by §2.2, deviates by 5). "
                  f"Our literal scs gives a total deviation of {ours.get(LITERAL, np.nan):g}; total deviation ≤ 5: "
                  f"{five}.", ""]
    _fig3_4(out, figs, parts)
    sets = _deviation_sets(out, figs, parts)
    spectrum_summary = []
    if _has(out, "scs_spectrum"):
        path, table, spectrum_summary = data.spectrum(out, figs)
        parts += ["### The trap: spectrum and clusters of the literal SCS (N = 500, ρ = 1)", "",
                  f"![spectrum]({_rel(path, out)})", "", table, ""]
    if _has(out, "scs_table4"):
        table, n, r = data.table4(out)
        parts += [f"### Table 4: scheduler time on {n} KTH-SP2 jobs (M = B), best of 3", "", table, "",
                  "Paper (trace 1, Core2 Duo, g = 0.01): SCS 7 s, Zoltan 4 s, METIS 1 s, soft Maxima IS 0.07 s, "
                  "Maxima IS 0.05 s, i.e. SCS = 7× METIS and 100× soft Maxima IS. Ours at g = 0.01: scs = "
                  f"{r['scs_metis']:.2g}× METIS and {r['scs_soft']:.3g}× soft Maxima IS. Our scs uses an implicit "
                  "sparse operator with shift-invert Lanczos, while our METIS and Scotch baselines build the complete "
                  "σ graph explicitly (N² edges), so the partitioners, not SCS, are the slow ones here. They cannot "
                  "be given a sparse graph: σ_ij = a for every pair that does not overlap and a (1 − w_ij) for one "
                  "that does (SCS eq. (2)), and a partitioner reads a missing edge as weight 0, not a; dropping "
                  "the constant leaves the weights −a w_ij, which METIS and Scotch refuse (weights are positive), "
                  "and keeping a w_ij alone would cut the opposite pairs (it keeps overlapping tasks together).", ""]
    parts += _verdict(sets, spectrum_summary)
    return parts


def _greedy_zero_below_beta(sets):
    """Whether est-ect has D = 0 at every level with M >= beta (rho <= rho_max), over all data sets."""
    checked = ok = 0
    for _, df, _, _ in sets:
        sub = df[(df.scheduler == GREEDY) & (df.resources >= df.beta)]
        checked += len(sub)
        ok += int((sub.deviation == 0).sum())
    return checked, ok


def _trap_sentence(summary):
    if not summary:
        return "The spectrum run is missing."
    parts = [f"at g = {c['g']:g} (N = {c['n']}, M = {c['m']}) λ_2 − λ_M = {c['spread']:.1e} (λ_2 = {c['lambda2']:.2e}), "
             f"the largest scs cluster holds {c['largest']}/{c['n']} tasks and D(scs) = {c['d'].get(LITERAL, np.nan):.3g} "
             f"against D(est-ect) = {c['d'].get(GREEDY, np.nan):.3g}" for c in summary]
    return "; ".join(parts)


def _verdict(sets, spectrum_summary):
    lines = ["### Who has the lowest D, and the paper's claim", "",
             "The paper: \"SCS yields minimum time deviation for a given utilization ... compared to all the other "
             "examined methods\" (§6.2.4, Figs. 6-14). Computed from the runs above:", ""]
    totals = {}
    for title, df, level, win in sets:
        text, counts = _who_wins(title, win)
        for k, v in counts.items():
            totals[k] = totals.get(k, 0) + v
        lines += ["- " + text + _repair_vs_greedy(df, level)]
    lit_wins = totals.get(LITERAL, 0)
    if totals:
        best = max(totals, key=totals.get)
        lines += ["", f"Over all data sets, the most frequent lowest positive D is **{best}** "
                      f"({totals[best]} levels); the literal scs has it at {lit_wins}."]
    checked, ok = _greedy_zero_below_beta(sets)
    lines += ["", f"Why. Earliest-start earliest-completion (est-ect; soft Maxima IS coincides with it when no "
              f"task must be displaced) is an optimal interval-graph colouring when M ≥ β: in our runs it has "
              f"D = 0 in {ok} of the {checked} realizations with M ≥ β. The literal scs cannot follow: "
              "when most pairs of tasks are disjoint (N ≫ β), L^{-1/2} Σ L^{-1/2} has one "
              "eigenvalue 1 and the next M − 1 nearly equal — " + _trap_sentence(spectrum_summary) + ". The "
              "relaxed indicators then carry almost no information, k-means puts most tasks in one cluster, and "
              "that resource serialises them, shifting tasks by whole periods; the normalized cut (eq. 11) does "
              "not see capacity. scs-ls keeps the spectral start but then minimises D itself by local search: "
              "where est-ect is optimal (M ≥ β) it can at best tie it; on the synthetic sets (constant durations, "
              "one period) it stays slightly above est-ect once M < β, while on the KTH windows (unequal "
              "durations, bursts carried over between periods, where greedy earliest completion is no longer "
              "optimal) it is below every baseline at every level with D > 0 — the per-set ratios above."]
    claim = ("The paper's claim that SCS is lowest everywhere is not reproduced for the algorithm as published: "
             f"it has the lowest D at {lit_wins} level(s) of any data set"
             if lit_wins == 0 else
             f"The literal scs has the lowest D at {lit_wins} level(s), far from everywhere")
    lines += ["", claim + "; the repaired variant is competitive or best, and it owes that to the local search "
              "(the ablation starts of scs-ls, schedulers/spectral/scs.hpp, can test how much the spectral start "
              "contributes).", ""]
    return lines
