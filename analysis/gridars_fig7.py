"""GridARS Fig. 7 (Takefusa et al., §4.2): success ratios per 144-min bucket, our runs beside the
six published values, and the table of the open readings of Table 1 (gridars_fig7_readings.xml).

Comparison with a published value goes through intervals, not a fixed tolerance: the published
value is a mean of 10 runs, ours a mean of n runs with a per-bucket standard deviation s across runs
(0.07-0.15 at these loads). Two intervals are printed:
  - ours ± t_{n-1} s / sqrt(n): the 95 % confidence interval of our mean;
  - ours ± t_{n-1} s sqrt(1/n + 1/10): where a 10-run mean such as the paper's falls with 95 %
    probability if its runs spread as ours do (the difference of two independent means).
"""
import numpy as np
import pandas as pd

from .common import new_figure, save_figure
from .readers import read_run_json, read_summary, run_dirs
from .stats import interval

# Published values (GridARS §4.2): (variant, load %) -> (UserA, UserB).
FIG7 = {
    ("N", 50): (0.918, 0.897),
    ("N", 80): (0.618, 0.609),
    ("S", 100): (0.595, 0.374),
}
LOAD_MINUTES = {50: "720", 80: "1152", 100: "1440"}
SERVICE_LEVEL = {"N": "1", "S": "0.5"}
PAPER_RUNS = 10
READINGS = {  # variant of gridars_fig7_readings.xml -> what it changes
    "paper": "Table 1 as gridars_fig7.xml reads it (one core count per request, Type 4 complete, "
             "balance 1, earliest first)",
    "cores_per_component": "one core draw per site",
    "type4_ring": "Type 4 a ring of 4 pairs",
    "unit_values": "option (A) as plain unit values (balance 0)",
    "latest_first": "plans tried latest first (stage 2iv)",
    "two_frames": "N = 2 frames instead of 10 (not a reading: §4.1 says N = 10)",
}


def minutes(bucket_end):
    """summary.csv's bucket_end (seconds, or "all") as minutes text: "720" for "43200"."""
    return bucket_end if bucket_end == "all" else f"{float(bucket_end) / 60:g}"


def success_table(out_dir):
    """One row per run, user and bucket: point settings, run, user, bucket (end, minutes), value."""
    rows = []
    for d in run_dirs(out_dir):
        point = read_run_json(d)["point"]
        s = read_summary(d)
        s = s[(s.metric == "success_ratio") & s.value.notna()]
        for r in s.itertuples():
            rows.append({"variant": point.get("variant", ""),
                         "sl": str(point.get("user.UserB.service_level", "")),
                         "run": d, "user": r.user, "bucket": minutes(r.bucket_end), "value": r.value})
    return pd.DataFrame(rows)


def cell(df, variant, sl, user, bucket):
    """stats.Interval of one bucket's values across runs, None without runs."""
    sel = df[(df.sl == sl) & (df.user == user) & (df.bucket == bucket)]
    if variant is not None:
        sel = sel[sel.variant == variant]
    return interval(sel.value) if len(sel) else None


def _curve(ax, df, variant, sl, user, style, color, label):
    buckets = [str(144 * i) for i in range(1, 11)]
    stats = [cell(df, variant, sl, user, b) for b in buckets]
    xs = [int(b) for b, c in zip(buckets, stats) if c]
    means = np.array([c.mean for c in stats if c])
    half = np.array([c.half for c in stats if c])
    ax.plot(xs, means, style, color=color, label=label, lw=1.5, ms=4)
    ax.fill_between(xs, means - half, means + half, color=color, alpha=0.15, lw=0)


def plot_fig7(ax, df, variant, title):
    """One panel of Fig. 7 on `ax`: our curves with 95 % bands (runs of `variant`, or all runs
    when None) and the six published values."""
    colors = {"UserA": "tab:blue", "UserB": "tab:red"}
    for var, line in (("N", "-"), ("S", "--")):
        for user, marker in (("UserA", "o"), ("UserB", "s")):
            _curve(ax, df, variant, SERVICE_LEVEL[var], user, marker + line, colors[user],
                   f"ours {user}-{var} (95 % CI band)")
    for (var, load), values in FIG7.items():
        for user, value in zip(("UserA", "UserB"), values):
            # UserA a little left, UserB a little right of the bucket end, so close values stay apart.
            x = int(LOAD_MINUTES[load]) + (-18 if user == "UserA" else 18)
            ax.plot(x, value, "*" if user == "UserA" else "X", color="black", ms=12,
                    mfc="gold" if var == "N" else "white", mew=1.1, label=f"paper {user}-{var}",
                    zorder=5)
            ax.annotate(f"{value:.3f}", (x, value), xytext=(-34, 6) if user == "UserA" else (8, -10),
                        textcoords="offset points", fontsize=7)
    ax.set_title(title)
    ax.set_xlabel("elapsed time [min]: request load 10 % at 144 ... 100 % at 1440")
    ax.set_xticks([144 * i for i in range(1, 11)])
    ax.tick_params(axis="x", labelsize=7)
    ax.set_ylim(0, 1.05)
    ax.grid(alpha=0.3)


def draw(headline, thirty, fig_dir):
    panels = [(headline, None, f"{PAPER_RUNS} runs (the paper's count)")]
    if thirty is not None and not thirty.empty:
        n = thirty[(thirty.variant == "paper") & (thirty.sl == "1")].run.nunique()
        panels.append((thirty, "paper", f"{n} runs (gridars_fig7_readings, reading `paper`)"))
    fig = new_figure(figsize=(6.5 * len(panels), 4.8))
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)
    for ax, (df, variant, title) in zip(axes[0], panels):
        plot_fig7(ax, df, variant, title)
    axes[0][0].set_ylabel("success ratio (mean of runs)")
    handles, labels = axes[0][0].get_legend_handles_labels()
    unique = dict(zip(labels, handles))
    fig.legend(unique.values(), unique.keys(), loc="lower center", ncol=4, fontsize=8)
    fig.suptitle("GridARS Fig. 7 reproduced: co-allocation success ratio, -N solid, -S dashed; "
                 "published values as stars (UserA) and crosses (UserB)", fontsize=10)
    path = save_figure(fig, fig_dir, "gridars_fig7.png", dpi=120, rect=(0, 0.14, 1, 0.95))
    return path


def _fmt(c):
    return "–" if c is None else f"{c.mean:.3f} ± {c.half:.3f}"


def comparison(headline, thirty):
    """Markdown rows: each published value against our 10- and 30-run means and intervals."""
    lines = ["| variant | load | user | paper | ours, 10 runs | ours, n runs (`paper` reading) | n | sd | "
             "paper in our CI | 10-run-mean interval | paper in it |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for (var, load), values in FIG7.items():
        b = LOAD_MINUTES[load]
        for user, paper in zip(("UserA", "UserB"), values):
            ten = cell(headline, None, SERVICE_LEVEL[var], user, b)
            th = cell(thirty, "paper", SERVICE_LEVEL[var], user, b) if thirty is not None else None
            if th is None:
                lines.append(f"| -{var} | {load} % | {user} | {paper} | {_fmt(ten)} | – | – | – | – | – | – |")
                continue
            mean, sd, n, t, ci = th
            pi = t * sd * np.sqrt(1 / n + 1 / PAPER_RUNS)
            in_ci, in_pi = abs(paper - mean) <= ci, abs(paper - mean) <= pi
            verdicts.append((var, load, user, paper, mean, in_ci, in_pi))
            lines.append(f"| -{var} | {load} % | {user} | {paper} | {_fmt(ten)} | {_fmt(th)} | "
                         f"{n} | {sd:.3f} | {'yes' if in_ci else 'no'} | {mean - pi:.3f} … {mean + pi:.3f} "
                         f"| {'yes' if in_pi else 'no'} |")
    return "\n".join(lines), verdicts


def readings_table(readings):
    """Markdown: per reading, -N and -S, user, the 30-run mean ± 95 % CI at 50, 80, 100 % load,
    and the shift of the mean of both users from the paper reading."""
    lines = ["| reading | SL of UserB | user | 50 % (720 min) | 80 % (1152 min) | 100 % (1440 min) |",
             "|---|---|---|---|---|---|"]
    shifts = ["| reading | -N 50 % | -N 80 % | -N 100 % | -S 50 % | -S 80 % | -S 100 % |",
              "|---|---|---|---|---|---|---|"]
    variants = [v for v in READINGS if (readings.variant == v).any()]
    for v in variants:
        for var in ("N", "S"):
            sl = SERVICE_LEVEL[var]
            for user in ("UserA", "UserB"):
                cells = [_fmt(cell(readings, v, sl, user, LOAD_MINUTES[load])) for load in (50, 80, 100)]
                lines.append(f"| {v} | {sl} (-{var}) | {user} | " + " | ".join(cells) + " |")
        row = []
        for var in ("N", "S"):
            for load in (50, 80, 100):
                def both(variant):
                    sel = readings[(readings.variant == variant) & (readings.sl == SERVICE_LEVEL[var])
                                   & (readings.bucket == LOAD_MINUTES[load])]
                    return sel.value.mean() if len(sel) else float("nan")
                shift = both(v) - both("paper")
                row.append("–" if np.isnan(shift) else f"{shift:+.3f}")
        shifts.append(f"| {v} | " + " | ".join(row) + " |")
    legend = "\n".join(f"- `{v}`: {READINGS[v]}" for v in variants)
    return "\n".join(lines), "\n".join(shifts), legend


def reaching(readings):
    """Markdown: for each published value, the readings whose 30-run 95 % confidence interval holds
    it, so a point our default misses names the reading that would reach it."""
    lines = ["| variant | load | user | paper | readings whose 95 % CI holds it |", "|---|---|---|---|---|"]
    variants = [v for v in READINGS if (readings.variant == v).any()]
    for (var, load), values in FIG7.items():
        for user, paper in zip(("UserA", "UserB"), values):
            hits = []
            for v in variants:
                c = cell(readings, v, SERVICE_LEVEL[var], user, LOAD_MINUTES[load])
                if c is not None and abs(paper - c.mean) <= c.half:
                    hits.append(f"`{v}` ({c.mean:.3f})")
            lines.append(f"| -{var} | {load} % | {user} | {paper} | {', '.join(hits) or 'none'} |")
    return "\n".join(lines)
