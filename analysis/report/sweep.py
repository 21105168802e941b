"""The report of a sweep folder (aggregate.csv, docs/guide/sweeps.md): every summary metric over
all buckets against the swept parameter, one line per variant (the other sweep keys), with the
95 % intervals of aggregate.csv; then the runs of sweep.csv, linked to their reports."""
import os

from .. import readers
from .page import esc


def split_point(point):
    """{"key": "value"} of an aggregate.csv point ("k=v;k=v", or "all" without a sweep)."""
    if point == "all":
        return {}
    return dict(p.split("=", 1) for p in point.split(";"))


def number(v):
    try:
        return float(v)
    except ValueError:
        return None


def axis_key(points):
    """The swept parameter drawn on the x axis: the key with the most distinct values, numeric
    keys first; the others name the variants."""
    keys = {}
    for p in points:
        for k, v in split_point(p).items():
            keys.setdefault(k, set()).add(v)
    if not keys:
        return None
    return max(keys, key=lambda k: (all(number(v) is not None for v in keys[k]), len(keys[k]),
                                    -list(keys).index(k)))


def series(agg):
    """{(metric, user): {variant: [(x, label, mean, ci95)]}} of the overall rows of aggregate.csv
    (bucket_end "all", no resource), x the swept value."""
    key = axis_key(agg["point"].unique())
    out = {}
    rows = agg[(agg["bucket_end"] == "all") & (agg["resource"] == "")]
    for r in rows.itertuples(index=False):
        p = split_point(r.point)
        label = p.pop(key, "all") if key else "all"
        variant = ";".join(f"{k}={v}" for k, v in p.items()) or "all"
        out.setdefault((r.metric, r.user), {}).setdefault(variant, []).append(
            (number(label), label, r.mean, r.ci95))
    return key, out


def sweep(page, folder):
    agg = readers.read_aggregate(folder)
    key, data = series(agg)
    page.note(f"{agg['point'].nunique()} sweep points; x axis: {key or 'none (one point)'}; "
              "one line per variant (the other sweep keys); error bars: 95 % interval of the "
              "mean over runs (aggregate.csv ci95).")
    for (metric, user), variants in sorted(data.items()):
        page.figure(lambda fig, v=variants, m=metric: _metric(fig, v, m, key), (5.2, 2.6),
                    f"{metric} ({user})")
    if os.path.exists(os.path.join(folder, "sweep.csv")):
        runs = readers.read_sweep(folder)
        page.heading("Runs", 2)
        rows = []
        for r in runs.itertuples(index=False):
            link = os.path.join(r.run, "report.html")
            has = os.path.exists(os.path.join(folder, link))
            rows.append(f"<tr><td>{esc(r.run)}</td><td>{esc(r.seed)}</td><td>"
                        + (f'<a href="{esc(link)}">report</a>' if has
                           else f"arsim report {esc(os.path.join(folder, r.run))}")
                        + "</td></tr>")
        page.raw("<table><tr><th>run</th><th>seed</th><th>report</th></tr>" + "".join(rows)
                 + "</table>")


def _metric(fig, variants, metric, key):
    ax = fig.add_subplot()
    numeric = all(x is not None for v in variants.values() for x, *_ in v)
    labels = sorted({lab for v in variants.values() for _, lab, *_ in v},
                    key=lambda s: (number(s) is None, number(s) or 0, s))
    for variant, pts in sorted(variants.items()):
        pts = sorted(pts, key=lambda p: (p[0] if numeric else labels.index(p[1])))
        xs = [p[0] if numeric else labels.index(p[1]) for p in pts]
        err = [p[3] if p[3] == p[3] else 0.0 for p in pts]  # no interval from one run (NaN)
        ax.errorbar(xs, [p[2] for p in pts], yerr=err, marker="o", capsize=3, label=variant)
    if not numeric:
        ax.set_xticks(range(len(labels)), labels, rotation=20, fontsize=7)
    ax.set(xlabel=key or "", ylabel=metric)
    if len(variants) > 1:
        ax.legend(fontsize=6)
