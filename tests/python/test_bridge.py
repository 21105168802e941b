"""Python classes as algorithms, in process (python/bridge/): a scenario names FILE.py:Class or
module:Class for each of the four families; the runs pass the audit, a wrong answer or a Python
exception ends the run with one line, a bad name or parameter is refused before anything runs.
The classes are those of tests/python/bridge/algorithms.py; every arsim is its own process."""

import filecmp
import os
import re
import shutil
import subprocess

import pytest
from conftest import ROOT

BUILD = os.environ.get("ARSIM_BUILD_DIR", os.path.join(ROOT, "build"))
ARSIM = os.path.join(BUILD, "arsim")
ALGORITHMS = os.path.join(ROOT, "tests", "python", "bridge", "algorithms.py")
# A short ELGL run: a quarter of the first day's requests.
SHORT = ["--set", "workload.arrival_end=21600"]


def arsim(*args):
    return subprocess.run([ARSIM, *args], capture_output=True, text=True, timeout=300)


def copy_scenario(tmp_path, name, planner="greedy"):
    """The shipped scenario `name` in tmp_path without its sweep, the platform path absolute,
    the <grc>'s algorithm `planner`, algorithms.py beside it."""
    with open(os.path.join(ROOT, "scenarios", name)) as f:
        text = f.read()
    text = re.sub(r'file="\.\./platforms/', f'file="{ROOT}/platforms/', text)
    text = re.sub(r"<sweep>.*</sweep>", "", text, flags=re.S)
    text = text.replace('<grc algorithm="greedy"', f'<grc algorithm="{planner}"')
    path = tmp_path / name
    path.write_text(text)
    shutil.copy(ALGORITHMS, tmp_path)
    return str(path)


def one_line(stderr):
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def test_a_python_planner_runs_and_passes_the_audit(tmp_path):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    out = tmp_path / "out"
    r = arsim("run", scenario, "--out", str(out), "--audit", *SHORT,
              "--set", "grc.algorithm=algorithms.py:FirstFit", "--set", "grc.param.max_plans=2",
              "--set", "grc.param.spread=no", "--set", "grc.param.label=x")
    assert r.returncode == 0, r.stderr
    with open(out / "requests.csv") as f:
        rows = f.read().splitlines()
    assert len(rows) > 20 and any(",accepted," in row for row in rows)


def test_forked_runs_in_parallel_use_the_class_and_match_one_at_a_time(tmp_path):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    outs = []
    for jobs in ("1", "2"):
        outs.append(tmp_path / f"jobs{jobs}")
        r = arsim("run", scenario, "--out", str(outs[-1]), "--jobs", jobs, "--audit", *SHORT,
                  "--set", "scenario.runs=2", "--set", "grc.algorithm=algorithms:FirstFit")
        assert r.returncode == 0, r.stderr
    for run in ("run_000", "run_001"):
        assert filecmp.cmp(outs[0] / run / "requests.csv", outs[1] / run / "requests.csv",
                           shallow=False)


def failed_run(scenario, out, *sets):
    """stderr's one line of a single run that fails (exit status 1), after checking that it left
    no completed run (run.json) in `out`."""
    r = arsim("run", scenario, "--out", str(out), *SHORT, *(a for s in sets for a in ("--set", s)))
    assert r.returncode == 1 and not os.path.exists(out / "run.json"), r.stderr
    return one_line(r.stderr)


def test_an_infeasible_plan_fails_the_run_naming_the_request_and_the_constraint(tmp_path):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    sets = ["workload.cpus=16", "grc.algorithm=algorithms.py:SmallestSite"]
    assert re.fullmatch(r"arsim: error: planner returned an infeasible plan for request \d+: "
                        r"component 0 needs 16 cores, site '\w+' has \d+ free",
                        failed_run(scenario, tmp_path / "out", *sets))
    # A run of a sweep, in a child process, fails the same way, and says why in its report.txt.
    r = arsim("run", scenario, "--out", str(tmp_path / "two"), *SHORT, "--set", sets[0],
              "--set", sets[1], "--set", "scenario.runs=2")
    assert r.returncode == 1
    for run in ("run_000", "run_001"):
        assert not os.path.exists(tmp_path / "two" / run / "run.json")
        with open(tmp_path / "two" / run / "report.txt") as f:
            assert re.fullmatch(r"run failed \(exit 1\): .*infeasible plan for request \d+: "
                                r"component 0 needs 16 cores.*\n", f.read())


@pytest.mark.parametrize("name, problem", [
    ("Raising", r"plan\(\) raised ZeroDivisionError: division by zero"),
    ("SetAnswer", "a value of type set in the answer, which JSON has no form for"),
    ("NoPlan", "the class has no method 'plan'"),
])
def test_an_exception_in_plan_is_one_line_with_the_exception(tmp_path, name, problem):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    line = failed_run(scenario, tmp_path / "out", f"grc.algorithm=algorithms.py:{name}")
    assert re.fullmatch(rf"arsim: error: plan of request \d+: Python class 'algorithms.py:{name}': "
                        rf"{problem}", line), line


@pytest.mark.parametrize("name, problem", [
    ("algorithms.py:Nope", "algorithms.py has no class 'Nope'"),
    ("algorithms.py:FirstFit.Inner", "algorithms.py has no class 'FirstFit.Inner'"),
    ("missing.py:C", "no file .*missing.py"),
    ("no_such_module_here:C", "importing no_such_module_here failed: ModuleNotFoundError: "
                              "No module named 'no_such_module_here'"),
    ("broken.py:C", r"importing broken.py failed: SyntaxError: .*\(broken.py, line 1\)"),
    ("algorithms.py:__doc__", "'__doc__' in algorithms.py is a str, not a class"),
    (":C", "expected FILE.py:Class or package.module:Class"),
    ("algorithms.py:BadInit", "its constructor raised ValueError: no such weight"),
])
def test_a_bad_class_name_is_refused_by_check_with_file_and_line(tmp_path, name, problem):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml", planner=name)
    (tmp_path / "broken.py").write_text("class C(:\n")
    r = arsim("check", scenario)
    assert r.returncode == 2
    assert re.fullmatch(rf"arsim: .*elgl_greedy.xml:13: <grc> attribute 'algorithm': "
                        rf"Python class '{re.escape(name)}': {problem}", one_line(r.stderr))


def test_an_unknown_parameter_is_refused_listing_the_valid_keys(tmp_path):
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml", planner="algorithms.py:FirstFit")
    r = arsim("check", scenario, "--set", "grc.param.nope=1")
    assert r.returncode == 2
    assert re.fullmatch(r"arsim: .*elgl_greedy.xml:13: <grc> attribute 'algorithm': planner "
                        r"'algorithms.py:FirstFit': unknown parameter 'nope'; valid: max_plans, "
                        r"spread, factor, label, seed", one_line(r.stderr))
    r = arsim("check", scenario, "--set", "grc.param.max_plans=many")
    assert r.returncode == 2 and "parameter 'max_plans' = 'many': expected an integer" in \
        one_line(r.stderr)


@pytest.mark.parametrize("scenario, sets", [
    ("interval_synthetic.xml", ["interval_rm.algorithm=algorithms.py:EarliestFree",
                                "scenario.runs=1"]),
    ("matching_sim.xml", ["matcher.algorithm=algorithms.py:FirstFitMatcher", "workload.jobs=60",
                          "scenario.runs=1"]),
    ("gangmatch_sim.xml", ["matchmaker.algorithm=algorithms.py:NoGangs", "workload.jobs=20",
                           "scenario.runs=1"]),
])
def test_a_python_algorithm_of_each_other_family_passes_the_audit(tmp_path, scenario, sets):
    path = copy_scenario(tmp_path, scenario)
    args = [a for s in sets for a in ("--set", s)]
    r = arsim("run", path, "--out", str(tmp_path / "out"), "--audit", *args)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("scenario, sets, problem", [
    ("matching_sim.xml", ["matcher.algorithm=algorithms.py:AllOnFirst", "workload.jobs=60",
                          "scenario.runs=1"], r"match of batch \d+: .*infeasible matching: job \d+"),
    ("gangmatch_sim.xml", ["matchmaker.algorithm=algorithms.py:LoneRoot", "workload.jobs=20",
                           "scenario.runs=1"], r"port"),
])
def test_a_wrong_matching_or_gang_fails_the_run_in_one_line(tmp_path, scenario, sets, problem):
    path = copy_scenario(tmp_path, scenario)
    args = [a for s in sets for a in ("--set", s)]
    r = arsim("run", path, "--out", str(tmp_path / "out"), *args)
    assert r.returncode == 1, r.stderr
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and re.search(problem, lines[0]), r.stderr


def test_a_class_in_process_sees_latencies_and_bounds_as_the_cpp_greedy_does(tmp_path):
    # examples/python/greedy.py routes within each pair's max_latency over the edges' latency, as
    # the C++ greedy does: in process too, the same plans. On ELGL (1 ms per path) 1.5 ms moves
    # pairs within a domain onto direct paths and refuses pairs across domains.
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    greedy = os.path.join(ROOT, "examples", "python", "greedy.py") + ":Greedy"
    outs = {}
    for planner in ("greedy", greedy):
        outs[planner] = tmp_path / ("py" if planner == greedy else "cpp")
        r = arsim("run", scenario, "--out", str(outs[planner]), *SHORT,
                  "--set", "workload.max_latency=0.0015", "--set", f"grc.algorithm={planner}")
        assert r.returncode == 0, r.stderr
    for name in ("requests.csv", "reservations.csv", "summary.csv"):
        assert filecmp.cmp(outs["greedy"] / name, outs[greedy] / name, shallow=False), name


def test_a_repair_pins_the_kept_components_for_python_as_for_the_cpp_greedy(tmp_path):
    # Host failures make the GRC re-plan the broken part of a reservation with the run's planner,
    # the kept components pinned to their sites (docs/design/coallocation.md, Failures):
    # examples/python/greedy.py keeps the pins as the C++ greedy does, so the same repairs.
    scenario = copy_scenario(tmp_path, "elgl_greedy.xml")
    greedy = os.path.join(ROOT, "examples", "python", "greedy.py") + ":Greedy"
    failures = ["--set", "failures.hosts.ttf=14400", "--set", "failures.hosts.ttr=1800",
                "--set", "failures.law=exponential"]
    outs = {}
    for planner in ("greedy", greedy):
        outs[planner] = tmp_path / ("py" if planner == greedy else "cpp")
        r = arsim("run", scenario, "--out", str(outs[planner]), *SHORT, *failures,
                  "--set", f"grc.algorithm={planner}", "--audit")
        assert r.returncode == 0, r.stderr
    with open(outs["greedy"] / "repairs.csv") as f:
        assert len(f.read().splitlines()) > 2, "no repair to compare"  # header and 2+ repairs
    for name in ("requests.csv", "reservations.csv", "repairs.csv", "releases.csv", "summary.csv"):
        assert filecmp.cmp(outs["greedy"] / name, outs[greedy] / name, shallow=False), name
