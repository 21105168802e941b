"""GridARS Fig. 7 over the three readings of gridars_fig7_factorial.xml (Type 4's pairs, option
(A)'s weight, EST's grain): every combination's 30-run mean and 95 % confidence interval beside the
six published values, and each reading's effect as a paired difference over the same request streams.

Usage: /usr/bin/python3 -m analysis.gridars_factorial DIR   (DIR: the scenario's --out folder)
"""
import sys

import numpy as np
import pandas as pd

from .gridars_fig7 import FIG7, LOAD_MINUTES, SERVICE_LEVEL, minutes
from .readers import read_run_json, read_summary, run_dirs
from .stats import interval

FACTORS = {  # sweep key -> (short name, the reading gridars_fig7.xml ships, the other)
    "workload.type4": ("Type 4", "ring", "complete"),
    "planner.balance": ("balance", "1", "0"),
    "workload.est_grain": ("EST grain [s]", "1", "60"),
}
USERS = ("UserA", "UserB")


def success_table(out_dir):
    """One row per run, user and bucket: the three readings, sl, run index, user, bucket, value."""
    rows = []
    for d in run_dirs(out_dir):
        info = read_run_json(d)
        point = {k: str(v) for k, v in info["point"].items()}
        s = read_summary(d)
        s = s[(s.metric == "success_ratio") & s.value.notna()]
        for r in s.itertuples():
            row = {k: point.get(k, "") for k in FACTORS}
            row.update({"sl": point.get("user.UserB.service_level", ""), "run": info["run_index"],
                        "user": r.user, "bucket": minutes(r.bucket_end), "value": r.value})
            rows.append(row)
    return pd.DataFrame(rows)


def _select(df, combo, var, load, user=None):
    sel = df[(df.sl == SERVICE_LEVEL[var]) & (df.bucket == LOAD_MINUTES[load])]
    for key, value in combo.items():
        sel = sel[sel[key] == value]
    return sel if user is None else sel[sel.user == user]


def _cell(values, paper=None):
    if len(values) == 0:
        return "–"
    mean, _, _, _, half = interval(values)
    mark = "" if paper is None else (" **in**" if abs(paper - mean) <= half else "")
    return f"{mean:.3f} ± {half:.3f}{mark}"


def combos(df):
    keys = list(FACTORS)
    seen = df[keys].drop_duplicates().itertuples(index=False)
    order = {k: [FACTORS[k][1], FACTORS[k][2]] for k in keys}
    return sorted((dict(zip(keys, c)) for c in seen),
                  key=lambda c: [order[k].index(c[k]) if c[k] in order[k] else 2 for k in keys])


def paper_table(df):
    """Markdown: per combination, the six published cells (mean ± 95 % CI, **in** when the paper's
    value lies inside), n runs, and the -N 50 % mean of both users."""
    head = [FACTORS[k][0] for k in FACTORS]
    cols = [f"-{v} {load} % {u}" for (v, load) in FIG7 for u in USERS]
    lines = ["| " + " | ".join(head + cols + ["n", "-N 50 % both"]) + " |",
             "|" + "---|" * (len(head) + len(cols) + 2),
             "| " + " | ".join(["paper"] * len(head) + [f"{p}" for vs in FIG7.values() for p in vs]
                               + ["10", f"{np.mean(FIG7[('N', 50)]):.3f}"]) + " |"]
    for c in combos(df):
        cells = [_cell(_select(df, c, v, load, u).value, p)
                 for (v, load), values in FIG7.items() for u, p in zip(USERS, values)]
        n = _select(df, c, "N", 50, "UserA").run.nunique()
        both = _select(df, c, "N", 50).value.mean()
        lines.append("| " + " | ".join([c[k] for k in FACTORS] + cells + [str(n), f"{both:.3f}"])
                     + " |")
    return "\n".join(lines)


def all_loads_table(df):
    """Markdown: per combination and service level, both users at 50, 80 and 100 % load."""
    lines = ["| " + " | ".join([FACTORS[k][0] for k in FACTORS]) + " | UserB SL | user | "
             "50 % (720 min) | 80 % (1152 min) | 100 % (1440 min) |", "|" + "---|" * 8]
    for c in combos(df):
        for var in ("N", "S"):
            for u in USERS:
                cells = [_cell(_select(df, c, var, load, u).value,
                               dict(zip(USERS, FIG7[(var, load)])).get(u) if (var, load) in FIG7
                               else None) for load in (50, 80, 100)]
                lines.append("| " + " | ".join([c[k] for k in FACTORS] + [f"{SERVICE_LEVEL[var]} (-{var})",
                                                                          u] + cells) + " |")
    return "\n".join(lines)


def effects_table(df):
    """Markdown: each reading's effect (other - shipped) on the mean of both users, paired by run (the same request stream),
    service level, bucket and the other two readings; mean ± 95 % CI over those pairs."""
    lines = ["| reading | change | -N 50 % | -N 80 % | -S 100 % |", "|---|---|---|---|---|"]
    for key, (name, base, other) in FACTORS.items():
        rest = [k for k in FACTORS if k != key]
        row = []
        for var, load in FIG7:
            sel = _select(df, {}, var, load)
            both = sel.groupby(rest + [key, "run"]).value.mean().unstack(key)
            if base not in both or other not in both:
                row.append("–")
                continue
            row.append(_cell((both[other] - both[base]).dropna().values))
        lines.append(f"| {name} | {base} → {other} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(out_dir):
    df = success_table(out_dir)
    if df.empty:
        sys.exit(f"{out_dir}: no finished runs")
    print("Published cells, n-run mean ± 95 % CI (**in**: the paper's value is inside):\n")
    print(paper_table(df))
    print("\nEach reading's effect on the mean of both users (paired over runs):\n")
    print(effects_table(df))
    print("\nEvery cell:\n")
    print(all_loads_table(df))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/paper/gridars_fig7_factorial")
