"""The HTML report of an arsim output folder (docs/guide/report.md): `arsim report DIR`, or
`python3 -m analysis.report DIR [--out FILE]`.

A run folder (run.json) gets the page of its run kind (runs.py: Gantt charts of reservations,
claims or jobs, and the kind's figures); a sweep folder (aggregate.csv) gets every summary metric
against the swept parameter (sweep.py). One file, nothing fetched, the same bytes for the same
folder."""
import os

from .. import readers
from .page import Page
from .runs import kind_of
from .sweep import sweep


class NotResults(ValueError):
    """The folder is not an output folder of arsim run."""


def render(folder):
    """The HTML text of the report of `folder`."""
    if os.path.exists(os.path.join(folder, "run.json")):
        info = readers.read_run_json(folder)
        kind, section = kind_of(folder)
        what = {"coallocation": "request", "interval": "job", "gangmatch": "gang"}.get(kind, "")
        page = Page(f"{os.path.basename(info['scenario'])}: {kind} run", what)
        point = ";".join(f"{k}={v}" for k, v in info.get("point", {}).items()) or "—"
        page.table([(k, info[k]) for k in ("scenario", "seed", "run_index") if k in info]
                   + [("sweep point", point)]
                   + [(k, info[k]) for k in ("requests", "accepted", "tasks", "simulated_end")
                      if k in info])
        section(page, folder)
        return page.html()
    if os.path.exists(os.path.join(folder, "aggregate.csv")):
        page = Page(f"sweep {os.path.basename(os.path.normpath(folder))}", "")
        sweep(page, folder)
        return page.html()
    below = readers.run_dirs(folder) if os.path.isdir(folder) else []
    if below:  # e.g. an offline sweep: its runs have no summary.csv to aggregate
        raise NotResults(f"{folder}: {len(below)} runs below it but no aggregate.csv; "
                         f"report one run, e.g. arsim report {below[0]}")
    raise NotResults(f"{folder}: not a results folder (no run.json or aggregate.csv)")


def write_report(folder, out=None):
    """Write the report of `folder` to `out` (default folder/report.html); return its path."""
    out = out or os.path.join(folder, "report.html")
    text = render(folder)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
    return out
