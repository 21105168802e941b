"""arsim.run and arsim.check: a run's tables are its CSV files, a sweep's are sweep.csv and
aggregate.csv with a Result per run, and a refused scenario raises ScenarioError with arsim's
line."""

import csv
import os
import shutil

import arsim
import pytest
from conftest import TINY, scenario_text

SWEEP = '<sweep><param name="grc.frames" values="2 4"/></sweep>'


def csv_rows(path):
    with open(path, newline="") as f:
        return sum(1 for _ in csv.reader(f)) - 1  # without the header


def test_a_run_reads_every_table_with_the_rows_of_its_file(tmp_path):
    r = arsim.run(TINY, out=tmp_path / "one", progress=False)
    assert not r.is_sweep and r.kind == "coallocation" and r.dir == str(tmp_path / "one")
    for name in ("jobs", "summary", "requests", "reservations", "resources", "timings", "grcs",
                 "attempts"):
        assert len(getattr(r, name)) == csv_rows(os.path.join(r.dir, name + ".csv")), name
    assert r.run_json["requests"] == len(r.requests) > 0
    assert r.run_json["accepted"] == (r.requests["outcome"] == "accepted").sum()
    assert r.runs == [r]
    with pytest.raises(AttributeError, match="a sweep's table"):
        r.sweep


def test_seed_and_set_reach_the_run(tmp_path):
    r = arsim.run(TINY, out=tmp_path / "s", seed=3, set={"grc.frames": 2}, progress=False)
    assert r.run_json["seed"] == 3
    assert sorted(r.run_json["overrides"]) == ["grc.frames=2", "scenario.seed=3"]


def test_without_out_the_run_goes_to_a_temporary_folder_it_keeps():
    r = arsim.run(TINY, progress=False)
    try:
        assert os.path.exists(os.path.join(r.dir, "run.json"))
        assert len(r.jobs) == csv_rows(os.path.join(r.dir, "jobs.csv"))
    finally:
        shutil.rmtree(r.dir)


def test_a_sweep_of_two_points(tmp_path, write_scenario, capsys):
    path = write_scenario("sweep.xml", scenario_text(SWEEP))
    r = arsim.run(path, out=tmp_path / "sw", jobs=2)
    assert r.is_sweep
    assert len(r.sweep) == 2 == csv_rows(os.path.join(r.dir, "sweep.csv"))
    assert len(r.aggregate) == csv_rows(os.path.join(r.dir, "aggregate.csv")) > 0
    assert len(r.runs) == 2
    assert sorted(run.point for run in r.runs) == ["grc.frames=2", "grc.frames=4"]
    for run in r.runs:
        assert len(run.requests) == run.run_json["requests"]
    with pytest.raises(AttributeError, match="a sweep; its runs are .runs"):
        r.jobs
    assert "2/2 runs done" in capsys.readouterr().err  # the progress line, forwarded


def test_a_refused_scenario_raises_scenario_error_with_its_line(tmp_path, write_scenario):
    path = write_scenario("bad.xml", scenario_text(grc='<grc planner="nosuch" frames="4"/>'))
    with pytest.raises(arsim.ScenarioError) as e:
        arsim.run(path, out=tmp_path / "bad", progress=False)
    assert e.value.status == 2
    assert e.value.message.startswith(f"{path}:8:") and "nosuch" in e.value.message
    assert "\n" not in e.value.message
    assert not os.path.exists(tmp_path / "bad")  # refused before anything ran
    with pytest.raises(arsim.ScenarioError, match="bad.xml:8:"):
        arsim.check(path)


def test_a_refused_override_raises_scenario_error(tmp_path):
    with pytest.raises(arsim.ScenarioError, match="grc.frames") as e:
        arsim.run(TINY, out=tmp_path / "o", set={"grc.frames": -1}, progress=False)
    assert e.value.status == 2


def test_check_returns_its_lines(write_scenario):
    # tiny_greedy.xml spells <grc algorithm> by its old name: a note, then the verdict.
    assert arsim.check(TINY) == [
        f"{TINY}:8: note: <grc> attribute 'planner' is read as 'algorithm' (its old spelling)",
        f"{TINY}: ok (1 runs)"]
    path = write_scenario("sweep.xml", scenario_text(SWEEP))
    assert arsim.check(path, set={"scenario.runs": 3})[-1] == f"{path}: ok (6 runs)"


def test_other_failures_raise_run_error(tmp_path, monkeypatch):
    # A stand-in binary that fails as a run fails (exit 3) or dies of a signal.
    fake = tmp_path / "arsim"
    monkeypatch.setattr(arsim.command._paths, "ARSIM_BINARY", str(fake))
    fake.write_text("#!/bin/sh\necho 'arsim: run_000: solver failed' >&2\nexit 3\n")
    fake.chmod(0o755)
    with pytest.raises(arsim.RunError) as e:
        arsim.run(TINY, out=tmp_path / "o", progress=False)
    assert (e.value.status, e.value.message) == (3, "run_000: solver failed")
    fake.write_text("#!/bin/sh\nkill -9 $$\n")
    with pytest.raises(arsim.RunError, match="killed by signal 9") as e:
        arsim.run(TINY, out=tmp_path / "o")
    assert e.value.status == -9
