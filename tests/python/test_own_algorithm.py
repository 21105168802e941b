"""What docs/guide/your-own-algorithm.md shows: a Python class passed to arsim.run as the planner
runs in the simulation and passes the auditor, and examples/python/compare_planners.py compares
it with greedy and gridars-ip and draws the plot."""

import os
import subprocess
import sys

import arsim
from conftest import ROOT, TINY, scenario_text

EXAMPLES = os.path.join(ROOT, "examples", "python")
sys.path.insert(0, EXAMPLES)
from cheapest import Cheapest  # noqa: E402


def test_a_class_given_to_run_plans_an_audited_run(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    r = arsim.run(path, out=str(tmp_path / "own"), audit=True, progress=False,
                  set={"grc.algorithm": Cheapest, "grc.param.max_hops": 2})
    assert f"{os.path.join(EXAMPLES, 'cheapest.py')}:Cheapest" in " ".join(r.run_json["overrides"])
    assert "audit: passed" in r.stdout
    accepted = r.requests[r.requests.outcome == "accepted"]
    assert len(accepted) > 0
    # The class's parameter reached it: no route longer than max_hops edges.
    assert all(len(p.split("+")) <= 2 for paths in accepted.paths.dropna()
               for p in str(paths).split(";") if p)


def test_the_comparison_script_plots_the_three_planners(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    out = tmp_path / "compare"
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, "compare_planners.py"),
                           "--seeds", "2", "--out", str(out), "--scenario", path],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    for label in ("greedy", "gridars-ip", "cheapest (Python)"):
        assert done.stdout.count(f"{label} seed") == 2, done.stdout
    assert os.path.getsize(out / "compare.png") > 10000
