"""Gantt charts as hand-written SVG (docs/guide/report.md): one lane per resource, its bars
stacked on the amount axis (cores of a site, bandwidth of a path), each bar a <rect class="bar">
naming its row of the CSV file it comes from (data-row: 0 for the first row under the header),
its request (data-req, which links the bars of one request) and its resource (data-res).

Above `limit` bars a chart is aggregated: each lane shows its mean occupancy over `BINS` time bins
as a step function (<path class="occupancy">), and the chart says how many bars it aggregated."""
import zlib

import numpy as np

from .page import esc

BAR_LIMIT = 4000  # bars a chart draws one by one; above, lanes are step functions
BINS = 400  # time bins of an aggregated lane
WIDTH, LEFT, LANE = 1150, 140, 34  # chart width, label column, lane height (px)
TICKS = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 7200, 4 * 3600, 6 * 3600, 12 * 3600, 86400,
         2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400, 91 * 86400, 182 * 86400, 364 * 86400]


def colour(req):
    """The colour of a request in every chart: golden-angle hues tell neighbours apart (a name
    that is not a number is hashed)."""
    key = int(req) if str(req).isdigit() else zlib.crc32(str(req).encode())
    return f"hsl({key * 137.508 % 360:.0f},65%,50%)"


def stack(starts, ends, amounts):
    """First-fit offsets: each bar, in start order, goes at the lowest offset where it overlaps
    no bar still running (a drawing of who holds what, not the hosts the cores are on)."""
    y = np.zeros(len(starts))
    active = []  # (end, bottom, top) of bars still running
    for i in np.lexsort((ends, starts)):
        s, a = starts[i], amounts[i]
        active = [b for b in active if b[0] > s]
        for c in sorted({0.0, *(b[2] for b in active)}):
            if all(c + a <= b[1] or c >= b[2] for b in active):
                break
        y[i] = c
        active.append((ends[i], c, c + a))
    return y


def mean_occupancy(starts, ends, amounts, edges):
    """Mean of the summed amounts over each bin between consecutive edges, exactly: the running
    area under the step function is piecewise linear between events, so interpolation is exact."""
    t = np.concatenate([starts, ends])
    d = np.concatenate([amounts, -amounts])
    order = np.argsort(t, kind="stable")
    t, d = t[order], d[order]
    level = np.cumsum(d)
    area = np.concatenate([[0.0], np.cumsum(level[:-1] * np.diff(t))])
    cum = np.interp(edges, t, area, left=0.0, right=area[-1])
    return np.diff(cum) / np.diff(edges)


class TimeAxis:
    """The x axis shared by the lanes of one chart: seconds from t0 to t1 over the plot width."""

    def __init__(self, t0, t1, lane=LANE):
        self.t0, self.t1, self.lane = t0, max(t1, t0 + 1.0), lane
        self.k = (WIDTH - LEFT - 10) / (self.t1 - self.t0)

    def x(self, t):
        return LEFT + (t - self.t0) * self.k

    def svg(self, lanes, body, attrs=""):
        """The chart: ticks, one grey lane per name, then the body's elements."""
        frames = [f'<rect class="lane" x="{LEFT}" y="{self.top(n)}" width="{WIDTH - LEFT - 10}" '
                  f'height="{self.lane - 4}"/><text x="4" y="{self.top(n) + self.lane / 2 + 2}">'
                  f"{esc(name)}</text>" for n, name in enumerate(lanes)]
        return (f'<svg class="gantt" xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" '
                f'height="{len(lanes) * self.lane + 20}"{attrs}>' + self._ticks() + "".join(frames)
                + "".join(body) + "</svg>")

    def _ticks(self):
        t0, t1 = self.t0, self.t1
        step = next((s for s in TICKS if (t1 - t0) / s <= 12), TICKS[-1])
        unit, name = ((86400, "d") if step >= 86400 else (3600, "h") if step >= 1800
                      else (60, "min") if step >= 60 else (1, "s"))
        out = []
        for t in np.arange(np.ceil(t0 / step) * step, t1 + 1e-9, step):
            if self.x(t) > WIDTH - 45:  # no room for the label
                break
            out.append(f'<line class="axis" x1="{self.x(t):.1f}" x2="{self.x(t):.1f}" y1="0" '
                       f'y2="100%"/><text x="{self.x(t) + 2:.1f}" y="11">{t / unit:g} {name}</text>')
        return "".join(out)


    def top(self, n):
        return n * self.lane + 16

    def base(self, n):
        return (n + 1) * self.lane + 12


def step_path(edges, values, base, scale, x, fill=True):
    """SVG path data of a step function over bins (values[i] on edges[i]..edges[i+1]) above a
    lane's base; closed to the base when filled."""
    d = [f"M{x(edges[0]):.1f},{base if fill else base - values[0] * scale:.1f}"]
    for i, v in enumerate(values):
        d.append(f"V{base - v * scale:.1f}H{x(edges[i + 1]):.1f}")
    d.append(f"V{base}Z" if fill else "")
    return "".join(d)


def gantt(lanes, bars, what="request", limit=BAR_LIMIT, wait=None, rows="rows", lane=LANE):
    """SVG of a Gantt chart and the page's note on it (None when every bar is drawn).
    lanes: [(name, capacity)] top to bottom; bars: DataFrame with lane, start, end, amount, row,
    req; wait: optional column of bars whose start each bar is drawn from (a red line from the
    requested start to the actual one); rows: what a bar is, for the note; lane: its height."""
    t0 = float(bars["start"].min()) if len(bars) else 0.0
    if wait is not None and len(bars):
        t0 = min(t0, float(bars[wait].min()))
    axis = TimeAxis(t0, float(bars["end"].max()) if len(bars) else 1.0, lane)
    x, k = axis.x, axis.k
    aggregated = len(bars) > limit
    body, groups = [], dict(tuple(bars.groupby("lane", sort=False)))
    for n, (name, capacity) in enumerate(lanes):
        base, g = axis.base(n), groups.get(name)
        if g is None or not len(g):
            continue
        s, e, a = (g[c].to_numpy(float) for c in ("start", "end", "amount"))
        if aggregated:
            body.append(_occupancy(name, s, e, a, capacity, base, axis))
            continue
        y = stack(s, e, a)
        scale = (lane - 4) / max(capacity, float((y + a).max()))
        for i, (row, req) in enumerate(zip(g["row"], g["req"])):
            y0 = base - (y[i] + a[i]) * scale
            if wait is not None:
                w, mid = float(g[wait].iloc[i]), y0 + a[i] * scale / 2
                body.append(f'<line class="wait" x1="{x(w):.2f}" x2="{x(s[i]):.2f}" '
                            f'y1="{mid:.2f}" y2="{mid:.2f}"/>')
            body.append(
                f'<rect class="bar" x="{x(s[i]):.2f}" y="{y0:.2f}" '
                f'width="{max((e[i] - s[i]) * k, 0.5):.2f}" height="{a[i] * scale:.2f}" '
                f'fill="{colour(req)}" data-row="{row}" data-req="{req}" data-res="{esc(name)}">'
                f'<title>{esc(what)} {req} on {esc(name)}: {s[i]:g}–{e[i]:g} s, '
                f'{a[i]:g}</title></rect>')
    svg = axis.svg([n for n, _ in lanes], body,
                   f' data-bars="{0 if aggregated else len(bars)}" data-aggregated="{len(bars) if aggregated else 0}"')
    note = (f"{len(bars)} {rows} aggregated into the mean occupancy of each of {len(lanes)} lanes "
            f"over {BINS} time bins (a chart draws {limit} bars at most)" if aggregated else None)
    return svg, note


def shares(resources):
    """SVG of reserved (filled) against used (black line) share of capacity per resource and
    bucket of resources.csv, one lane per resource, on the Gantt charts' layout."""
    names = list(dict.fromkeys(resources["resource"]))
    axis = TimeAxis(float(resources["bucket_start"].min()), float(resources["bucket_end"].max()))
    body = []
    groups = dict(tuple(resources.groupby("resource", sort=False)))
    for n, name in enumerate(names):
        g = groups[name]
        edges = np.append(g["bucket_start"].to_numpy(float), float(g["bucket_end"].iloc[-1]))
        scale = LANE - 4
        reserved = step_path(edges, g["reserved"].to_numpy(), axis.base(n), scale, axis.x)
        used = step_path(edges, g["used"].to_numpy(), axis.base(n), scale, axis.x, False)
        body.append(f'<path class="occupancy" d="{reserved}"/><path class="used" d="{used}"/>')
    return axis.svg(names, body)


def _occupancy(name, s, e, a, capacity, base, axis):
    edges = np.linspace(axis.t0, axis.t1, BINS + 1)
    occ = mean_occupancy(s, e, a, edges)
    scale = (axis.lane - 4) / max(capacity, float(occ.max()), 1e-12)
    return (f'<path class="occupancy" data-res="{esc(name)}" '
            f'd="{step_path(edges, occ, base, scale, axis.x)}">'
            f"<title>{esc(name)}: mean occupancy, peak {occ.max():.3g} of {capacity:g}</title></path>")
