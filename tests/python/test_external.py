"""The examples behind the algorithm `external` in whole runs: examples/python/greedy.py served by
python3 -m arsim.serve writes the same files as the C++ greedy on scenarios/elgl_greedy.xml, and
the C client examples/external/earliest_free.c schedules scenarios/interval_synthetic.xml under --audit."""

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT

BUILD = os.environ.get("ARSIM_BUILD_DIR", os.path.join(ROOT, "build"))
ARSIM = os.path.join(BUILD, "arsim")
GREEDY = os.path.join(ROOT, "examples", "python", "greedy.py")
EARLIEST_FREE = os.path.join(BUILD, "examples", "earliest_free")
# What differs between two runs of the same scenario and seed: wall and CPU times
# (docs/reference/determinism.md). In run.json, the overrides that name the algorithm, and the
# scenario's hash, which covers them, differ too.
TIMED_FILES = ("timings.csv", "run.json")
RUN_JSON_TIMES = ("planning_wall_seconds", "planning_cpu_seconds", "wall_seconds")
RUN_JSON_SETTINGS = ("overrides", "scenario_hash")


def arsim_run(scenario, out, *options):
    done = subprocess.run([ARSIM, "run", os.path.join(ROOT, scenario), "--out", str(out),
                           "--progress", "0", *options],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


def without(record, keys):
    return {k: v for k, v in record.items() if k not in keys}


@pytest.mark.parametrize("cpp_options, served_options, client_params, workload", [
    ([], "", [], []),
    (["--set", "grc.param.max_hops=2"], " max_hops=2", [], []),  # refuses some requests
    # the same limit from the scenario's settings, sent in hello's params
    (["--set", "grc.param.max_hops=2"], "", ["grc.param.client_params=max_hops=2"], []),
    # ELGL's paths have 1 ms each: a bound of 1.5 ms moves a pair within a domain from the widest
    # route through an exchange point (10 Gbit/s, 2 edges) to the direct 5 Gbit/s path, and
    # refuses pairs across domains, which need 2 edges or more.
    ([], "", [], ["workload.max_latency=0.0015"]),
])
def test_greedy_in_python_writes_the_files_of_the_cpp_greedy(tmp_path, cpp_options,
                                                             served_options, client_params,
                                                             workload):
    command = f"{sys.executable} -m arsim.serve {GREEDY}:Greedy{served_options}"
    cpp_options = cpp_options + [w for s in workload for w in ("--set", s)]
    cpp = arsim_run("scenarios/elgl_greedy.xml", tmp_path / "cpp", *cpp_options)
    sets = ["grc.algorithm=external", f"grc.param.command={command}"] + client_params + workload
    py = arsim_run("scenarios/elgl_greedy.xml", tmp_path / "py",
                   *[w for s in sets for w in ("--set", s)])
    names = sorted(os.listdir(cpp))
    assert names == sorted(os.listdir(py))
    for name in names:
        if name not in TIMED_FILES:
            assert read(cpp / name) == read(py / name), name
    cpp_run, py_run = (json.loads(read(d / "run.json")) for d in (cpp, py))
    assert py_run["overrides"] == sorted(sets)  # recorded in key order
    assert cpp_run["overrides"] == [o for o in cpp_options if o != "--set"]
    assert cpp_run["scenario_hash"] != py_run["scenario_hash"]
    assert without(cpp_run, RUN_JSON_TIMES + RUN_JSON_SETTINGS) == without(
        py_run, RUN_JSON_TIMES + RUN_JSON_SETTINGS)
    # timings.csv: the same requests, one row each, with their own times.
    ids = [[line.split(b",")[0] for line in read(d / "timings.csv").splitlines()]
           for d in (cpp, py)]
    assert ids[0] == ids[1] and len(ids[0]) == cpp_run["requests"] + 1


def test_earliest_free_schedules_a_whole_run_that_the_audit_accepts(tmp_path):
    assert os.access(EARLIEST_FREE, os.X_OK), f"{EARLIEST_FREE}: build the earliest_free target"
    out = arsim_run("scenarios/interval_synthetic.xml", tmp_path / "ef", "--audit", "--set",
                    "interval_rm.algorithm=external", "--set",
                    f"interval_rm.param.command={EARLIEST_FREE}")
    # The override replaces the scenario's sweep of algorithms: its 5 runs, each audited (the
    # checker of schedulers::check_schedule refused no answer, or the run would have failed).
    runs = sorted(d for d in os.listdir(out) if d.startswith("run_"))
    assert len(runs) == 5
    for run in runs:
        report = read(out / run / "report.txt").decode()
        assert "tasks on 10 resources with external" in report, report
        assert "audit: passed" in report, report
