#!/usr/bin/env python3
"""The reports of `arsim report` (docs/guide/report.md) in headless Chromium: each page loads with
no console message, its scripts run (a request named in the URL is highlighted in every chart),
its Gantt charts hold one bar per row of reservations.csv or jobs.csv, and a screenshot of it is
kept as OUT/<name>.png. Also: `arsim report` on a folder that is not a run's says so in one line
with exit status 2, and `arsim run --report` prints the path of the report it wrote.

Usage (from the source root): browser_test.py ARSIM RUNS OUT, RUNS the folder of
tests/analysis/make_runs.py."""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from analysis import readers

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT = 120  # seconds a Chromium call may take


def chromium(args, url):
    """stdout and the page's console lines of one Chromium call on a fresh profile."""
    with tempfile.TemporaryDirectory() as profile:
        r = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr",
                            "--v=0", *args, url], capture_output=True, text=True, timeout=TIMEOUT)
    # Chromium's other lines (D-Bus, GPU, sandbox) are not the page's; console ones say CONSOLE.
    return r.stdout, [line for line in r.stderr.splitlines() if "CONSOLE" in line]


def check(cond, what):
    if not cond:
        sys.exit(f"FAILED: {what}")


def check_page(arsim, run, out, name, rows, req):
    html = out / f"{name}.html"
    r = subprocess.run([arsim, "report", str(run), "--out", str(html)], capture_output=True,
                       text=True, timeout=TIMEOUT)
    check(r.returncode == 0 and r.stdout.strip() == f"report: {html}", f"{name}: {r.stdout}{r.stderr}")
    dom, console = chromium(["--dump-dom"], f"{html.as_uri()}#req={req}")
    check(not console, f"{name}: console messages:\n" + "\n".join(console))
    bars = re.findall(r'<rect class="bar[^"]*"[^>]*data-row="(\d+)"', dom)
    check(sorted(map(int, bars)) == rows, f"{name}: {len(bars)} bars, expected rows {len(rows)}")
    lit = re.findall(rf'<rect class="bar hl"[^>]*data-req="{req}"', dom)
    check(lit and len(lit) == len(re.findall(rf'data-req="{req}"', dom)),
          f"{name}: #req={req} highlighted {len(lit)} bars")
    shot = out / f"{name}.png"
    chromium([f"--screenshot={shot}", "--window-size=1400,2000"], html.as_uri())
    check(shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{name}: no screenshot")
    print(f"{name}: {len(bars)} bars, {len(lit)} of request {req} highlighted, {shot}")


def first(folder):
    return Path(readers.run_dirs(str(folder))[0])


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    arsim, runs, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    run = first(runs / "simulated" / "multi_grc")
    res = readers.read_reservations(str(run))
    check_page(arsim, run, out, "coallocation", list(range(len(res))), res["request_id"].iloc[0])
    run = first(runs / "simulated" / "interval")
    jobs = readers.read_jobs(str(run))
    started = [i for i, t in enumerate(jobs["starting_time"].notna()) if t]
    check_page(arsim, run, out, "interval", started, jobs["job_id"].iloc[started[0]])

    r = subprocess.run([arsim, "report", str(out)], capture_output=True, text=True, timeout=TIMEOUT)
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and "not a results folder" in r.stderr,
          f"arsim report on a folder that is not a run's: {r.returncode} {r.stderr}")
    tiny = out / "tiny_run"
    r = subprocess.run([arsim, "run", "scenarios/elgl_greedy.xml", "--out", str(tiny), "--report",
                        "--set", "workload.arrival_end=3600"], capture_output=True, text=True,
                       timeout=TIMEOUT)
    check(r.returncode == 0 and f"report: {tiny / 'report.html'}" in r.stdout
          and (tiny / "report.html").exists(), f"arsim run --report: {r.stdout}{r.stderr}")
    print("arsim run --report:", tiny / "report.html")


if __name__ == "__main__":
    main()
