"""analysis/report (docs/guide/report.md) on the runs of make_runs.py: one bar per row of the
file a Gantt chart draws, aggregation above the threshold, the sweep page, the same bytes twice,
and one line with exit status 2 for a folder that is not a run's."""
import re
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from analysis import readers
from analysis.report import NotResults, render
from analysis.report.__main__ import main
from analysis.report.gantt import gantt, mean_occupancy, stack
from analysis.report.sweep import axis_key, series
from conftest import first_run


def bars_of(html):
    return re.findall(r'<rect class="bar"[^>]*data-row="(\d+)"', html)


def test_coallocation_one_bar_per_reservation(runs):
    d = first_run(runs / "simulated" / "multi_grc")
    html = render(d)
    rows = readers.read_reservations(d)
    assert sorted(map(int, bars_of(html))) == list(range(len(rows)))
    # the bars of one request carry its id and the colour of its id in both charts
    req = rows["request_id"].iloc[0]
    linked = re.findall(rf'<rect class="bar"[^>]*fill="([^"]+)"[^>]*data-req="{req}"', html)
    assert len(linked) == (rows["request_id"] == req).sum() and len(set(linked)) == 1


def test_transfers_section(runs):
    d = first_run(runs / "simulated" / "transfers")
    html = render(d)
    assert "<h3>Transfers</h3>" in html
    assert len(bars_of(html)) == len(readers.read_reservations(d))


def test_interval_one_bar_per_started_job(runs):
    d = first_run(runs / "simulated" / "interval")
    html = render(d)
    jobs = readers.read_jobs(d)
    started = np.flatnonzero(jobs["starting_time"].notna().to_numpy())
    assert sorted(map(int, bars_of(html))) == list(started)
    assert html.count('class="wait"') == len(started)


@pytest.mark.parametrize("kind", ["gangmatch_sim", "matching_sim"])
def test_other_kinds_render(runs, kind):
    d = first_run(runs / "simulated" / kind)
    html = render(d)
    assert html.count("<svg") >= 1
    if kind == "gangmatch_sim":
        assert len(bars_of(html)) == len(readers.read_holds(d))


def test_same_bytes_twice(runs, tmp_path):
    d = first_run(runs / "simulated" / "multi_grc")
    outs = []
    for name in ("a.html", "b.html"):  # two processes: no state of one render reaches the other
        subprocess.run([sys.executable, "-m", "analysis.report", d, "--out", str(tmp_path / name)],
                       check=True, capture_output=True)
        outs.append((tmp_path / name).read_bytes())
    assert outs[0] == outs[1]
    # nothing to fetch: the only URLs are SVG's namespaces
    assert set(re.findall(rb'(?:src|href)="[a-z]+:[^"]*', outs[0])) == set()
    assert set(re.findall(rb"https?://[^\"' ]*", outs[0])) <= {
        b"http://www.w3.org/2000/svg", b"http://www.w3.org/1999/xlink"}


def test_aggregation_threshold():
    bars = pd.DataFrame({"lane": ["a", "a", "b"], "start": [0.0, 5, 2], "end": [10.0, 20, 4],
                         "amount": [1.0, 2, 1], "row": [0, 1, 2], "req": [7, 8, 7]})
    lanes = [("a", 4.0), ("b", 1.0)]
    svg, note = gantt(lanes, bars, limit=3)
    assert note is None and svg.count('class="bar"') == 3 and 'data-bars="3"' in svg
    svg, note = gantt(lanes, bars, limit=2, rows="reservations")
    assert svg.count('class="bar"') == 0 and svg.count('class="occupancy"') == 2
    assert note.startswith("3 reservations aggregated") and 'data-aggregated="3"' in svg


def test_mean_occupancy_is_exact():
    s, e, a = np.array([0.0, 5]), np.array([10.0, 20]), np.array([1.0, 2])
    # 0-10: 1 (plus 2 from 5), 10-20: 2
    assert np.allclose(mean_occupancy(s, e, a, np.array([0.0, 10, 20, 30])), [2.0, 2.0, 0.0])


def test_stack_never_overlaps():
    rng = np.random.default_rng(1)
    s = rng.uniform(0, 100, 200)
    e = s + rng.uniform(1, 30, 200)
    a = rng.integers(1, 4, 200).astype(float)
    y = stack(s, e, a)
    for i in range(200):
        for j in range(i):
            if s[i] < e[j] and s[j] < e[i]:
                assert y[i] + a[i] <= y[j] or y[j] + a[j] <= y[i]


def test_sweep_page(runs):
    folder = runs / "simulated" / "multi_grc"
    html = render(str(folder))
    agg = readers.read_aggregate(str(folder))
    overall = agg[(agg["bucket_end"] == "all") & (agg["resource"] == "")]
    assert html.count('<div class="cell">') == len(overall[["metric", "user"]].drop_duplicates())
    assert "variant" in html and "aggregate.csv ci95" in html


def test_sweep_axis_and_variants():
    points = ["a=x;n=1", "a=x;n=2", "a=y;n=1", "a=y;n=2"]
    assert axis_key(points) == "n"
    agg = pd.DataFrame({"point": points, "metric": "m", "user": "all", "resource": "",
                        "bucket_end": "all", "mean": [1.0, 2, 3, 4], "ci95": 0.1})
    key, data = series(agg)
    assert key == "n" and sorted(data[("m", "all")]) == ["a=x", "a=y"]
    assert data[("m", "all")]["a=y"] == [(1.0, "1", 3.0, 0.1), (2.0, "2", 4.0, 0.1)]


def test_not_a_results_folder(tmp_path, capsys):
    with pytest.raises(NotResults):
        render(str(tmp_path))
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a results folder" in err


def test_runs_without_aggregate_name_one(tmp_path, capsys):
    run = tmp_path / "p=1" / "run_000"
    run.mkdir(parents=True)
    (run / "run.json").write_text("{}")
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"arsim report {run}" in err
