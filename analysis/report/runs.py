"""The sections of a run's report, one function per run kind (docs/guide/report.md). Every file
is read by analysis.readers; the Gantt charts come from gantt.py, the other figures from
matplotlib through Page.figure."""
import os
import re

import numpy as np

from .. import readers
from .gantt import gantt, shares

HOUR = 3600.0


def natural(name):
    """Sort key of resource names: m2 before m10."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(name))]


def counts(page, column, header):
    """A table of how many rows hold each value of a column."""
    page.table(sorted(column.value_counts().items()), [header, "rows"])


def unit_lanes(bars):
    """One lane of capacity 1 per resource of the bars, in natural order."""
    return [(n, 1.0) for n in sorted(bars["lane"].unique(), key=natural)]


def add_gantt(page, lanes, bars, what, **kw):
    svg, note = gantt(lanes, bars, what, **kw)
    if note:
        page.note(note)
    page.raw(svg)


def coallocation(page, d):
    requests = readers.read_requests(d)
    res = readers.read_reservations(d)
    resources = readers.read_resources(d)
    res = res.assign(row=np.arange(len(res)), req=res["request_id"], lane=res["resource"])
    page.note("Each bar is one row of reservations.csv, coloured by its request: hover or click "
              "one to highlight every component (site) and path of that request.")
    capacity = resources.groupby("resource", sort=False)["capacity"].first()
    kinds = resources.groupby("resource", sort=False)["kind"].first()
    # A site holds tens of cores: its lanes are taller than a link's so one core stays visible.
    for kind, title, lane in (("cores", "Cores reserved per site", 90),
                              ("bandwidth", "Bandwidth reserved per network link", 34)):
        names = sorted(set(kinds.index[kinds == kind]) | set(res.loc[res["kind"] == kind, "resource"]),
                       key=natural)
        page.heading(title, 3)
        add_gantt(page, [(n, float(capacity.get(n, 0.0))) for n in names],
                  res[res["kind"] == kind], "request", rows="reservations", lane=lane)
    page.heading("Reserved (blue) against used (black) share of capacity per resource", 3)
    page.note("Mean share in each bucket of resources.csv.")
    order = sorted(resources["resource"].unique(), key=lambda n: (kinds[n] != "cores", natural(n)))
    page.raw(shares(resources.set_index("resource").loc[order].reset_index()))
    page.heading("Success ratio per user over time", 3)
    summary = readers.read_summary(d)
    page.figure(lambda fig: _success(fig, summary))
    page.heading("Time deviation (reserved start − EST) of accepted requests", 3)
    page.figure(lambda fig: _deviation(fig, requests))
    if os.path.exists(os.path.join(d, "transfers.csv")):
        page.heading("Transfers", 3)
        transfers = readers.read_transfers(d)
        page.table(_transfer_rows(transfers), ["mode", "pairs", "on time", "mean throughput (Gbps)"])
        page.figure(lambda fig: _transfers(fig, transfers))


def _success(fig, summary):
    ax = fig.add_subplot()
    s = summary[(summary["metric"] == "success_ratio") & (summary["bucket_end"] != "all")]
    for user, g in s.groupby("user", sort=True):
        ax.plot(g["bucket_end"].astype(float) / HOUR, g["value"], marker=".", label=user)
    ax.set(xlabel="end of the submission bucket (h)", ylabel="success ratio", ylim=(0, 1.05))
    ax.legend()


def _deviation(fig, requests):
    ax = fig.add_subplot()
    acc = requests[requests["outcome"] == "accepted"]
    users = sorted(acc["user"].unique())
    ax.hist([acc.loc[acc["user"] == u, "time_deviation"] / HOUR for u in users], bins=40,
            stacked=True, label=users)
    ax.set(xlabel="time deviation (h)", ylabel="requests")
    ax.legend()


def _transfer_rows(t):
    return [(mode, len(g), int(g["on_time"].sum()), f"{g['throughput_gbps'].mean():.3g}")
            for mode, g in t.groupby("mode", sort=True)]


def _transfers(fig, t):
    ax1, ax2 = fig.subplots(1, 2)
    for mode, g in t.groupby("mode", sort=True):
        ax1.scatter(g["transfer_start"] / HOUR, (g["transfer_end"] - g["reserved_end"]) / 60, s=6,
                    label=mode)
        ax2.hist(g["throughput_gbps"] / g["reserved_gbps"], bins=30, alpha=0.6, label=mode)
    ax1.axhline(0, color="k", lw=0.6)
    ax1.set(xlabel="transfer start (h)", ylabel="end − reserved end (min)")
    ax2.set(xlabel="throughput / reserved bandwidth", ylabel="pairs")
    ax1.legend()


def jobs_bars(jobs):
    """Bars of the jobs of jobs.csv that ran: one lane per allocated resource."""
    j = jobs.assign(row=np.arange(len(jobs)))
    j = j[j["starting_time"].notna() & j["finish_time"].notna()]
    j = j.assign(res=j["allocated_resources"].str.split(";")).explode("res")
    return j.assign(lane=j["res"], start=j["starting_time"], end=j["finish_time"], amount=1.0,
                    req=j["job_id"])


def interval(page, d):
    jobs = readers.read_jobs(d)
    counts(page, jobs["final_state"], "final_state")
    page.heading("Jobs per resource: requested start (red line) against actual run", 3)
    page.note("Each bar is one row of jobs.csv, from starting_time to finish_time; the red line "
              "runs from its requested start (submission_time) to its actual start.")
    bars = jobs_bars(jobs)
    add_gantt(page, unit_lanes(bars), bars, "job", wait="submission_time", rows="jobs")
    page.heading("Start deviation (actual − requested start)", 3)
    page.figure(lambda fig: fig.add_subplot().hist(jobs["waiting_time"].dropna(), bins=40))


def gangmatch(page, d):
    gangs, holds = readers.read_gangs(d), readers.read_holds(d)
    util = readers.read_utilisation(d)
    counts(page, gangs["outcome"], "gang outcome")
    page.heading("Claims per workstation and licence", 3)
    page.note("Each bar is one row of holds.csv, coloured by its gang: hover one to highlight "
              "the workstation and licences the gang claimed.")
    h = holds.assign(row=np.arange(len(holds)), lane=holds["resource"], amount=1.0,
                     req=holds["gang"])
    add_gantt(page, unit_lanes(h), h, "gang", rows="claims")
    page.heading("Gangs decided over time and resource use", 3)
    page.figure(lambda fig: _gangs(fig, gangs, util), (10, 3.4))


def _gangs(fig, gangs, util):
    ax1, ax2 = fig.subplots(1, 2)
    outcomes = sorted(gangs["outcome"].unique())
    ax1.hist([gangs.loc[gangs["outcome"] == o, "decided"] / HOUR for o in outcomes], bins=30,
             stacked=True, label=outcomes)
    ax1.set(xlabel="time decided (h)", ylabel="gangs")
    ax1.legend()
    for kind, g in util.groupby("kind", sort=True):
        mid = (g["bucket_start"] + g["bucket_end"]) / 2 / HOUR
        for col, style in (("held", "-"), ("running", "--"), ("unavailable", ":")):
            ax2.plot(mid, g[col], style, label=f"{kind} {col}")
    ax2.set(xlabel="time (h)", ylabel="share of the pool", ylim=(0, 1.05))
    ax2.legend(fontsize=6)


def matching(page, d):
    batches, jobs = readers.read_batches(d), readers.read_jobs(d)
    res = readers.read_matching_resources(d)
    counts(page, jobs["final_state"], "final_state")
    page.heading("Batches, queue and utilisation over time", 3)
    page.note("Queue: jobs submitted and not yet matched (rejected jobs are not counted). "
              "Utilisation: used / capacity per resource type and attribute, summed over resources.")
    page.figure(lambda fig: _matching(fig, batches, jobs, res), (10, 3.4))


def _matching(fig, batches, jobs, res):
    ax1, ax2, ax3 = fig.subplots(1, 3)
    ax1.vlines(batches["start"] / HOUR, 0, batches["size"], lw=1, label="size")
    ax1.plot(batches["start"] / HOUR, batches["matched"], ".", label="matched")
    ax1.set(xlabel="batch start (h)", ylabel="jobs")
    ax1.legend()
    kept = jobs[jobs["final_state"] != "REJECTED"]
    t = np.concatenate([kept["submission_time"], kept["match"].dropna()])
    step = np.concatenate([np.ones(len(kept)), -np.ones(int(kept["match"].notna().sum()))])
    order = np.argsort(t, kind="stable")
    ax2.step(t[order] / HOUR, np.cumsum(step[order]), where="post")
    ax2.set(xlabel="time (h)", ylabel="queue length")
    for (typ, attr), g in res.groupby(["type", "attribute"], sort=True):
        s = g.groupby("bucket_start", sort=True)[["used", "capacity"]].sum()
        ax3.plot(s.index / HOUR, s["used"] / s["capacity"], label=f"{typ} {attr}")
    ax3.set(xlabel="time (h)", ylabel="utilisation", ylim=(0, 1.05))
    ax3.legend(fontsize=6)


def offline(page, d):
    results = readers.read_results(d)
    page.note(f"An offline run: {len(results)} rows in results.csv; the studies of "
              "analysis/ (python3 -m analysis.reproduce) draw its figures.")
    page.table(results.head(20).itertuples(index=False), list(results.columns))


KINDS = {"requests.csv": ("coallocation", coallocation), "cycles.csv": ("gangmatch", gangmatch),
         "batches.csv": ("matching", matching), "results.csv": ("offline", offline),
         "jobs.csv": ("interval", interval)}


def kind_of(d):
    """The run kind of a run folder, from the files it wrote, and its section writer."""
    for name, entry in KINDS.items():
        if os.path.exists(os.path.join(d, name)):
            return entry
    raise ValueError(f"{d}: run.json but none of {', '.join(KINDS)}")
