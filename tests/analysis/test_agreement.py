"""What the readers give agrees with what arsim reports: summary.csv, grcs.csv, run.json and
sweep.csv recomputed from the per-request, per-job and per-gang files; aggregate.csv's mean and
95 % interval recomputed by stats.interval from every run's summary.csv."""
import numpy as np
import pytest

from analysis import readers as r
from analysis import stats


def summary_value(run, metric, user="all"):
    s = r.read_summary(run)
    row = s[(s.metric == metric) & (s.user == user) & (s.resource == "") & (s.bucket_end == "all")]
    assert len(row) == 1, metric
    return row.value.iloc[0]


def coallocation_runs(runs):
    return r.run_dirs(str(runs / "simulated/multi_grc")) + r.run_dirs(str(runs / "simulated/transfers"))


def test_coallocation_summary_from_requests(runs):
    for run in coallocation_runs(runs):
        req = r.read_requests(run)
        ok = req[req.outcome == "accepted"]
        assert summary_value(run, "submitted") == len(req)
        assert summary_value(run, "accepted") == len(ok)
        assert summary_value(run, "success_ratio") == pytest.approx(len(ok) / len(req), rel=1e-12)
        assert summary_value(run, "mean_time_deviation") == pytest.approx(ok.time_deviation.mean(),
                                                                          rel=1e-12)
        for user, g in req.groupby("user"):
            ratio = (g.outcome == "accepted").mean()
            assert summary_value(run, "success_ratio", user) == pytest.approx(ratio, rel=1e-12)
        info = r.read_run_json(run)
        assert (info["requests"], info["accepted"]) == (len(req), len(ok))


def test_coallocation_competition(runs):
    """grcs.csv counts per GRC: requests and acceptances as requests.csv's rows say (a run of
    two_grcs: UserA to the <grc>, UserB to g2), every tried plan but the committed one an attempt."""
    attempts_seen = 0
    for run in r.run_dirs(str(runs / "simulated/multi_grc")):
        req, grcs, att = r.read_requests(run), r.read_grcs(run), r.read_attempts(run)
        grcs = grcs.set_index("coordinator")
        assert grcs.requests.sum() == len(req)
        assert grcs.accepted.sum() == (req.outcome == "accepted").sum()
        assert grcs.plans_tried.sum() == len(att) + grcs.accepted.sum()
        assert (att.groupby("coordinator").size().reindex(grcs.index, fill_value=0)
                == grcs.plans_tried - grcs.accepted).all()
        if r.read_run_json(run)["point"]["variant"] == "two_grcs":
            assert grcs.requests["grc"] == (req.user == "UserA").sum()
            assert grcs.requests["g2"] == (req.user == "UserB").sum()
        attempts_seen += len(att)
    assert attempts_seen > 0


def test_coallocation_jobs_and_reservations(runs):
    """One job per component of an accepted request, on the cores reserved for it."""
    for run in coallocation_runs(runs):
        req, jobs, res = r.read_requests(run), r.read_jobs(run), r.read_reservations(run)
        ok = req[req.outcome == "accepted"]
        assert len(jobs) == ok.components.sum()
        cores = res[res.kind == "cores"]
        assert cores.amount.sum() == jobs.requested_number_of_resources.sum()
        assert set(jobs.job_id.str.split(":").str[0].astype(int)) == set(ok.request_id)


def test_transfers_of_accepted_pairs(runs):
    for run in r.run_dirs(str(runs / "simulated/transfers")):
        req, tr = r.read_requests(run), r.read_transfers(run)
        ok = req[req.outcome == "accepted"]
        assert len(tr) == ok.pairs.sum()
        assert set(tr.request_id) <= set(ok.request_id)


def test_interval_summary_from_jobs(runs):
    for run in r.run_dirs(str(runs / "simulated/interval")):
        jobs = r.read_jobs(run)
        assert summary_value(run, "tasks") == len(jobs)
        assert (jobs.waiting_time >= 0).all()


def test_gangmatch_summary_from_jobs_and_gangs(runs):
    for run in r.run_dirs(str(runs / "simulated/gangmatch_sim")):
        jobs, gangs = r.read_jobs(run), r.read_gangs(run)
        assert summary_value(run, "jobs") == len(jobs)
        assert summary_value(run, "finished") == (jobs.state == "finished").sum()
        assert summary_value(run, "committed_gangs") == (gangs.outcome == "committed").sum()
        assert summary_value(run, "cycles") == len(r.read_cycles(run))
        assert summary_value(run, "probes") == r.read_cycles(run).probes.sum()


def test_matching_summary_from_jobs_and_batches(runs):
    for run in r.run_dirs(str(runs / "simulated/matching_sim")):
        jobs, batches = r.read_jobs(run), r.read_batches(run)
        done = jobs[jobs.status == "completed"]
        assert summary_value(run, "submitted") == len(jobs)
        assert summary_value(run, "completed") == len(done)
        assert summary_value(run, "rejected") == (jobs.status == "rejected").sum()
        assert summary_value(run, "match_ratio") == pytest.approx(len(done) / len(jobs), rel=1e-12)
        assert summary_value(run, "mean_wait") == pytest.approx(done.waiting_time.mean(), rel=1e-9)
        assert summary_value(run, "batches") == len(batches)


@pytest.mark.parametrize("name", ["multi_grc", "gangmatch_sim", "interval", "matching_sim"])
def test_sweep_rows_are_the_runs_summaries(runs, name):
    out = runs / "simulated" / name
    sweep = r.read_sweep(out)
    metrics = [c for c in sweep.columns[4:] if c not in r.read_run_json(r.run_dirs(str(out))[0])["point"]]
    assert metrics
    for row in sweep.itertuples(index=False):
        run = str(out / row.run)
        assert r.point_of(run) == row.point
        for m in metrics:
            assert getattr(row, m) == pytest.approx(summary_value(run, m), rel=1e-12), m


@pytest.mark.parametrize("name", ["multi_grc", "transfers", "gangmatch_sim", "matching_sim"])
def test_interval_equals_aggregate_ci95(runs, name):
    """stats.interval over the runs of each point gives aggregate.csv's runs, mean and ci95."""
    out = runs / "simulated" / name
    values = {}
    for run in r.run_dirs(str(out)):
        s = r.read_summary(run).dropna(subset=["value"])
        for row in s.itertuples(index=False):
            key = (r.point_of(run), row.metric, row.user, row.resource, row.bucket_end)
            values.setdefault(key, []).append(row.value)
    agg = r.read_aggregate(out)
    assert len(agg) == len(values)
    with_interval = 0
    for row in agg.itertuples(index=False):
        got = stats.interval(values[(row.point, row.metric, row.user, row.resource, row.bucket_end)])
        assert got.n == row.runs
        assert got.mean == pytest.approx(row.mean, rel=1e-12, abs=1e-300)
        if np.isnan(row.ci95):
            assert row.runs == 1 and np.isnan(got.half)
        else:
            assert got.half == pytest.approx(row.ci95, rel=1e-9, abs=1e-12)
            assert stats.ci95(values[(row.point, row.metric, row.user, row.resource,
                                      row.bucket_end)]) == got.half
            with_interval += got.half > 0
    if name == "multi_grc":  # 3 runs a point: t = 4.303, and most metrics vary between runs
        assert with_interval > 10


def test_t_table():
    assert stats.t95(0) != stats.t95(0)  # NaN: no interval from one value
    assert (stats.t95(1), stats.t95(2), stats.t95(30), stats.t95(31)) == (12.706, 4.303, 2.042, 1.96)
    xs = [1.0, 2.0, 4.0]
    assert stats.ci95(xs) == pytest.approx(4.303 * np.std(xs, ddof=1) / np.sqrt(3))
