#!/usr/bin/env python3
"""Tiny runs of every run kind for the tests of analysis/ (tests/analysis/test_*.py), written by
the ctest fixture analysis_runs into OUT:

  OUT/simulated/<name>/     shipped simulation scenarios of every run kind made small, sweeps kept;
                       multi_grc with 3 runs a point (aggregate.csv with intervals) and GRCs
                       competing (attempts.csv has rows, some requests are rejected);
  OUT/paper/<name>/    every scenario of scenarios/paper/ made small, for `reproduce --no-run`.

Paper scenarios keep their sweeps (the report reads the sweep points), one run a point and small
instances; those whose sweeps are sizes keep the first size only (their report reads sizes from
results.csv, or does not read them). Usage: make_runs.py ARSIM OUT (from the source root).
"""
import shutil
import subprocess
import sys
import time
from pathlib import Path

# Half an hour of GridARS arrivals, three candidate frames a request.
SHORT_GRIDARS = ["grc.frames=3", "workload.arrival_end=1800"]
SIM = {
    "multi_grc": ("scenarios/multi_grc.xml", [
        "scenario.runs=3", "workload.arrival_end=3600", "workload.window_start=3600",
        "workload.window_end=18000", "workload.durations=1800", "output.horizon=18000",
        "output.bucket=1800", "grc.planning_delay=300", "user.UserA.mean_interarrival=60",
        "user.UserB.mean_interarrival=60"]),
    # One background flow a path per hour instead of 16 per 10 minutes.
    "transfers": ("scenarios/transfers_background.xml", SHORT_GRIDARS + [
        "background.flows=1", "background.slot=3600"]),
    "gangmatch_sim": ("scenarios/gangmatch_sim.xml", [
        "scenario.runs=1", "workload.jobs=40"]),
    "interval": ("scenarios/interval_synthetic.xml", ["scenario.runs=1", "workload.tasks=60"]),
    "matching_sim": ("scenarios/matching_sim.xml", [
        "scenario.runs=1", "workload.jobs=40"]),
}
PAPER = {
    "ctaap_fig2": ["offline.param.request_nodes=10"],
    "ctaap_fig3": ["offline.param.request_nodes=10"],
    "gangmatch_exact": [],
    "gangmatch_fig5": ["offline.param.jobs=20"],
    "gangmatch_fig6_11": ["offline.param.jobs=20"],
    "gangmatch_readings": ["offline.param.jobs=20"],
    "gridars_fig7": SHORT_GRIDARS,
    "gridars_fig7_factorial": SHORT_GRIDARS,
    "gridars_fig7_readings": SHORT_GRIDARS,
    "gridars_fig8": SHORT_GRIDARS,
    "gridars_table2": SHORT_GRIDARS,
    "matching_anytime": ["offline.param.jobs=20", "offline.param.resources_per_type=10"],
    # Run by `make reproduce`, not read by its report: the first complexity only.
    "matching_hybrid_readings": ["offline.param.jobs=20", "offline.param.resources_per_type=10",
                                 "offline.param.complexity=0.3"],
    "matching_perturbation": ["offline.param.jobs=20", "offline.param.resources_per_type=10",
                              "offline.param.complexity=0.3"],
    "matching_table2": ["offline.param.resources_per_type=10", "offline.param.jobs=20",
                        "offline.param.complexity=0.1"],
    "scs_fig10_11": ["offline.param.tasks=60"],
    "scs_fig3": ["offline.param.tasks=60", "offline.param.realizations=1"],
    "scs_fig3_scan": ["offline.param.tasks=60", "offline.param.realizations=1"],
    "scs_fig4": ["offline.param.tasks=60", "offline.param.realizations=1"],
    "scs_fig6_8": ["offline.param.tasks=60"],
    "scs_kth": ["offline.param.tasks=60", "offline.param.window_tasks=100"],
    "scs_spectrum": ["offline.param.tasks=60"],
    "scs_table1": [],
    "scs_table4": ["offline.param.tasks=60", "offline.param.repeats=1"],
}


def run(arsim, scenario, out, sets):
    args = [arsim, "run", scenario, "--out", str(out), "--jobs", "2"]
    args += [a for s in sets for a in ("--set", s)]
    start = time.time()
    r = subprocess.run(args, capture_output=True, text=True)
    print(f"{out.name}: exit {r.returncode}, {time.time() - start:.1f} s", flush=True)
    if r.returncode != 0:
        sys.exit(f"FAILED: {' '.join(args)}\n{r.stdout[-1000:]}{r.stderr[-1000:]}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    arsim, out = sys.argv[1], Path(sys.argv[2])
    shutil.rmtree(out, ignore_errors=True)
    for name, (scenario, sets) in SIM.items():
        run(arsim, scenario, out / "simulated" / name, sets)
    listed = {p.stem for p in Path("scenarios/paper").glob("*.xml")}
    if listed != set(PAPER):
        sys.exit(f"FAILED: scenarios/paper/ has {sorted(listed ^ set(PAPER))} not in PAPER (or gone)")
    for name, sets in PAPER.items():
        run(arsim, f"scenarios/paper/{name}.xml", out / "paper" / name, ["scenario.runs=1"] + sets)


if __name__ == "__main__":
    main()
