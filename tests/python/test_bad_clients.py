"""The `external` algorithm (docs/guide/protocol.md) with clients that misbehave: each failure is
one line naming the request and what went wrong, the run fails (no run folder that looks
complete), and no client process is left behind."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, scenario_text
from test_interrupt import processes_naming, complete_runs

ARSIM = os.path.join(os.environ.get("ARSIM_BUILD_DIR", os.path.join(ROOT, "build")), "arsim")
CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clients", "bad_planner.py")


def run_with(tmp_path, write_scenario, mode, timeout=20):
    marker = f"marker-{mode}-{os.getpid()}"
    command = f"{sys.executable} {CLIENT} {mode} {marker}"
    path = write_scenario("s.xml", scenario_text())
    out = str(tmp_path / "out")
    proc = subprocess.run([ARSIM, "run", path, "--out", out, "--set", "grc.algorithm=external",
                           "--set", f"grc.param.command={command}",
                           "--set", f"grc.param.timeout={timeout}"],
                          capture_output=True, text=True, timeout=120)
    return proc, out, marker


CASES = [
    ("malformed", r"plan of request \d+: external .*: an answer that is not JSON: 'plans: none'"),
    ("shape", r"plan of request \d+: answer field 'plans\[0\]\.sites'"),
    ("infeasible", r"infeasible plan for request \d+: "),
    ("error", r"plan of request \d+: the algorithm's error: no idea"),
    ("exits", r"plan of request \d+: external .*closed its output without answering "
              r"\(exit status 3\)"),
]


@pytest.mark.parametrize("mode,pattern", CASES)
def test_a_bad_client_fails_the_run_in_one_line(tmp_path, write_scenario, mode, pattern):
    proc, out, marker = run_with(tmp_path, write_scenario, mode)
    assert proc.returncode == 1, proc.stderr
    errors = [l for l in proc.stderr.splitlines() if l.strip()]
    assert errors, proc.stderr
    assert re.search(pattern, errors[-1]), errors[-1]
    assert not os.path.isdir(out) or not complete_runs(out) and not os.path.exists(
        os.path.join(out, "run.json"))
    assert processes_naming(marker) == []


def test_a_silent_client_times_out_and_is_killed(tmp_path, write_scenario):
    proc, out, marker = run_with(tmp_path, write_scenario, "silent", timeout=1)
    assert proc.returncode == 1, proc.stderr
    last = [l for l in proc.stderr.splitlines() if l.strip()][-1]
    assert "no answer within 1 s" in last and "request" in last, last
    assert processes_naming(marker) == []


def test_a_missing_command_is_refused_before_the_run(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    proc = subprocess.run([ARSIM, "check", path, "--set", "grc.algorithm=external"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "exactly one of the parameters 'command' and 'connect'" in proc.stderr
