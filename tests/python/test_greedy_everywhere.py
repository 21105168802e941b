"""The Python port of greedy (examples/python/greedy.py), run in the simulation as a Python class,
writes the same files as the C++ greedy, byte for byte, on every co-allocation scenario under
scenarios/: each scenario with its planner replaced by greedy (the parameters of its own planner
left out, one run per point of its sweep). Only the wall-clock files differ
(docs/reference/determinism.md), and run.json's overrides, which name the planner."""

import glob
import json
import os
import subprocess
import xml.etree.ElementTree as ET

import pytest
from conftest import ROOT

BUILD = os.environ.get("ARSIM_BUILD_DIR", os.path.join(ROOT, "build"))
ARSIM = os.path.join(BUILD, "arsim")
GREEDY = os.path.join(ROOT, "examples", "python", "greedy.py") + ":Greedy"
TIMED_FILES = {"timings.csv", "run.json"}
RUN_JSON_DIFFERS = {"planning_wall_seconds", "planning_cpu_seconds", "wall_seconds", "overrides",
                    "scenario_hash"}


def coallocation_scenarios():
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "scenarios", "**", "*.xml"), recursive=True)):
        root = ET.parse(path).getroot()
        if root.tag == "scenario" and root.get("kind", "coallocation") == "coallocation":
            found.append(os.path.relpath(path, ROOT))
    return found


def greedy_copy(scenario, folder):
    """The scenario with greedy as its planner: its planner's parameters and any sweep over the
    planner left out, file paths made absolute."""
    source = os.path.join(ROOT, scenario)
    tree = ET.parse(source)
    for parent in tree.getroot().iter():
        for child in list(parent):
            name = child.get("name", "")
            if child.tag == "param" and (parent.tag == "grc" or name.startswith("grc.param.")
                                         or name == "grc.algorithm"):
                parent.remove(child)
        if parent.get("file"):
            parent.set("file", os.path.normpath(os.path.join(os.path.dirname(source),
                                                             parent.get("file"))))
    tree.getroot().find("grc").set("algorithm", "greedy")
    path = os.path.join(folder, os.path.basename(scenario))
    tree.write(path)
    return path


def run(scenario, out, planner):
    done = subprocess.run([ARSIM, "run", scenario, "--out", str(out), "--progress", "0",
                           "--jobs", "2", "--set", "scenario.runs=1",
                           "--set", f"grc.algorithm={planner}"],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    return out


def files(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder)
                  for d, _, names in os.walk(folder) for f in names)


def without(record, keys):
    return {k: v for k, v in record.items() if k not in keys}


def test_every_coallocation_scenario_is_found():
    assert "scenarios/elgl_greedy.xml" in coallocation_scenarios()
    assert len(coallocation_scenarios()) >= 9


@pytest.mark.parametrize("scenario", coallocation_scenarios())
def test_the_python_greedy_writes_the_files_of_the_cpp_greedy(tmp_path, scenario):
    path = greedy_copy(scenario, tmp_path)
    cpp = run(path, tmp_path / "cpp", "greedy")
    py = run(path, tmp_path / "py", GREEDY)
    names = files(cpp)
    assert names == files(py) and names
    runs = 0
    for name in names:
        a, b = (open(os.path.join(d, name), "rb").read() for d in (cpp, py))
        if os.path.basename(name) not in TIMED_FILES:
            assert a == b, name
        elif name.endswith("run.json"):
            runs += 1
            assert without(json.loads(a), RUN_JSON_DIFFERS) == without(json.loads(b),
                                                                       RUN_JSON_DIFFERS)
    assert runs >= 1
