#!/usr/bin/env python3
"""A shipped scenario, checked and run briefly (one ctest test per file under scenarios/).

1. `arsim check SCENARIO` on the file as shipped must pass, and print no note: a shipped
   scenario uses no old spelling ("Old spellings" in scenarios/README.md).
2. `arsim run SCENARIO` shortened must exit 0, with --audit when the run kind has an auditor
   (a kind without one refuses --audit, and then it runs without), and every run must leave its
   run.json. Shortened means, without a per-scenario list, so that new scenarios are covered:
   - one run per sweep point (scenario.runs=1);
   - a sweep dimension whose values are all numbers keeps its first value only (a size or a
     load); dimensions of names (planners, schedulers, objectives, <variant>s) keep every value,
     so every algorithm and variant a scenario names still runs;
   - workloads made small: the kind's keys of size (KIND_SETS, WORKLOAD_SETS), the <workload>
     attributes of size the scenario writes (WORKLOAD_SIZES), and the offline experiment's
     parameters of size, by name (EXPERIMENT_SETS; only those the experiment has, as `arsim list`
     prints them).

Usage: shipped_scenarios.py ARSIM SCENARIO (from the source root).
"""

import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

# Per run kind, and per run kind and workload generator: fewer and smaller solves.
KIND_SETS = {
    # Three candidate frames per request instead of ten: the GLPK variants of
    # paper/gridars_table2.xml solve every frame and take about a second per request.
    "coallocation": ["grc.frames=3"],
}
WORKLOAD_SETS = {
    # Half an hour of arrivals (about 9 requests from two GridARS users) instead of a day.
    ("coallocation", "gridars"): ["workload.arrival_end=1800"],
}
# Attributes of <workload> that set its size, whatever the kind: made small where the scenario
# writes them (so the key exists and applies).
WORKLOAD_SIZES = {"jobs": "40", "tasks": "60"}

# Offline experiments: parameters that set an instance's size, by name.
EXPERIMENT_SETS = {
    "jobs": "20",  # gangmatch and matching batches
    "tasks": "60",  # interval experiments (N; overrides N = load / granularity)
    "window_tasks": "100",  # a trace window
    "request_nodes": "10",  # ctaap request graphs
    "repeats": "1",
    "realizations": "1",
    "resources_per_type": "10",
}


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def experiment_params(arsim):
    """{experiment: set of parameter names} from `arsim list`."""
    out = subprocess.run([arsim, "list"], check=True, capture_output=True, text=True).stdout
    params, section, current = {}, None, None
    for line in out.splitlines():
        if line and not line.startswith(" "):
            section = line
            continue
        if section is None or not section.lower().startswith("offline experiments"):
            continue
        m = re.match(r"^  (\S+)", line)
        if m and not line.startswith("      "):
            current = m.group(1)
            params[current] = set()
        elif current and line.startswith("      "):
            params[current].add(line.split()[0])
    return params


def shortened(arsim, root):
    kind = root.get("kind", "coallocation")
    sets = ["scenario.runs=1"]
    workload = root.find("workload")
    generator = workload.get("generator") if workload is not None else None
    sets += KIND_SETS.get(kind, []) + WORKLOAD_SETS.get((kind, generator), [])
    if workload is not None:
        sets += [f"workload.{k}={v}" for k, v in WORKLOAD_SIZES.items() if k in workload.attrib]
    offline = root.find("offline")
    if offline is not None:
        experiment = offline.get("algorithm")
        names = experiment_params(arsim).get(experiment)
        if names is None:
            sys.exit(f"experiment '{experiment}' is not listed by `arsim list`")
        sets += [f"offline.param.{k}={v}" for k, v in EXPERIMENT_SETS.items() if k in names]
    fixed = {s.split("=", 1)[0] for s in sets}
    sweep = root.find("sweep")
    for param in sweep.findall("param") if sweep is not None else []:
        key, values = param.get("name"), param.get("values", "").split()
        if key not in fixed and values and all(is_number(v) for v in values):
            sets.append(f"{key}={values[0]}")
    return sets


def arsim_call(args):
    print("$", " ".join(args), flush=True)
    r = subprocess.run(args, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.stdout.write(r.stderr)
    return r


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    arsim, scenario = sys.argv[1], sys.argv[2]
    root = ET.parse(scenario).getroot()

    checked = arsim_call([arsim, "check", scenario])
    if checked.returncode != 0:
        sys.exit(f"FAILED: arsim check {scenario}")
    if "note:" in checked.stderr:
        sys.exit(f"FAILED: {scenario} uses an old spelling (arsim check printed a note)")

    set_args = [a for s in shortened(arsim, root) for a in ("--set", s)]
    r = arsim_call([arsim, "check", scenario] + set_args)
    m = re.search(r": ok \((\d+) runs?\)", r.stdout)
    if r.returncode != 0 or not m:
        sys.exit(f"FAILED: arsim check of the shortened {scenario}")
    runs = int(m.group(1))

    tmp = Path(tempfile.mkdtemp(prefix="arsim-shipped-"))
    try:
        out = tmp / "out"
        args = [arsim, "run", scenario, "--out", str(out), "--jobs", "1"] + set_args
        r = arsim_call(args + ["--audit"])
        audited = not (r.returncode == 2 and "have no auditor" in r.stderr)
        if not audited:
            shutil.rmtree(out, ignore_errors=True)
            r = arsim_call(args)
        if r.returncode != 0:
            sys.exit(f"FAILED: arsim run {scenario} exited {r.returncode}")
        done = sorted(out.rglob("run.json"))
        if len(done) != runs:
            sys.exit(f"FAILED: {len(done)} run.json files for {runs} runs")
        if audited:
            # A single run prints its audit; runs of a sweep write it to their report.txt.
            reports = [r.stdout] + [p.read_text() for p in out.rglob("report.txt")]
            passed = sum(text.count("audit: passed (") for text in reports)
            if passed != runs:
                sys.exit(f"FAILED: {passed} audits passed for {runs} runs")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{scenario}: checked, {runs} shortened runs passed", "(audited)" if audited else "")


if __name__ == "__main__":
    main()
