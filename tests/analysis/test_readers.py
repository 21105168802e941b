"""Every reader reads its file with the columns and dtypes of readers.SCHEMAS, and refuses a file
without a required column or with a field not of its column's type."""
import numpy as np
import pandas as pd
import pytest

from analysis import readers as r
from conftest import first_run

# reader, folder below the runs (its first run), schema
RUN_FILES = [
    (r.read_summary, "simulated/multi_grc", "summary.csv"),
    (r.read_requests, "simulated/multi_grc", "requests.csv"),
    (r.read_reservations, "simulated/multi_grc", "reservations.csv"),
    (r.read_jobs, "simulated/multi_grc", "jobs.csv"),
    (r.read_resources, "simulated/multi_grc", "resources.csv"),
    (r.read_timings, "simulated/multi_grc", "timings.csv"),
    (r.read_grcs, "simulated/multi_grc", "grcs.csv"),
    (r.read_attempts, "simulated/multi_grc", "attempts.csv"),
    (r.read_transfers, "simulated/transfers", "transfers.csv"),
    (r.read_jobs, "simulated/interval", "jobs.csv"),
    (r.read_summary, "simulated/interval", "summary.csv"),
    (r.read_jobs, "simulated/gangmatch_sim", "jobs.csv"),
    (r.read_gangs, "simulated/gangmatch_sim", "gangmatch/gangs.csv"),
    (r.read_holds, "simulated/gangmatch_sim", "gangmatch/holds.csv"),
    (r.read_unavailability, "simulated/gangmatch_sim", "gangmatch/unavailability.csv"),
    (r.read_cycles, "simulated/gangmatch_sim", "gangmatch/cycles.csv"),
    (r.read_utilisation, "simulated/gangmatch_sim", "gangmatch/utilisation.csv"),
    (r.read_gangmatch_timings, "simulated/gangmatch_sim", "gangmatch/timings.csv"),
    (r.read_summary, "simulated/gangmatch_sim", "summary.csv"),
    (r.read_jobs, "simulated/matching_sim", "jobs.csv"),
    (r.read_batches, "simulated/matching_sim", "matching/batches.csv"),
    (r.read_offers, "simulated/matching_sim", "matching/offers.csv"),
    (r.read_matching_resources, "simulated/matching_sim", "matching/resources.csv"),
    (r.read_matching_timings, "simulated/matching_sim", "matching/timings.csv"),
    (r.read_summary, "simulated/matching_sim", "summary.csv"),
]
DTYPE = {r.S: "object", r.I: "int64", r.U: "uint64", r.F: "float64"}


def check_dtypes(df, schema):
    for column, kind in schema.items():
        if column not in df:
            continue
        assert str(df[column].dtype) == DTYPE[kind], column
        if kind == r.S:
            assert df[column].map(type).eq(str).all(), column


@pytest.mark.parametrize("reader,folder,schema", RUN_FILES,
                         ids=[f"{f}:{s}" for _, f, s in RUN_FILES])
def test_reader_columns_and_dtypes(runs, reader, folder, schema):
    df = reader(first_run(runs / folder))
    expected = list(r.SCHEMAS[schema])
    if schema == "jobs.csv":  # Batsim's columns, then the kind's own (named in KIND_JOBS)
        assert list(df.columns[:10]) == list(r.BATSIM_JOBS) and set(df.columns) <= set(expected)
    else:
        assert list(df.columns) == [c for c in expected if c in df.columns]
    missing = set(expected) - set(df.columns) - r.OPTIONAL.get(schema, set())
    assert not missing
    assert len(df) > 0
    check_dtypes(df, r.SCHEMAS[schema])


def test_interval_jobs_have_no_hosts_column(runs):
    assert "hosts" not in r.read_jobs(first_run(runs / "simulated/interval"))
    assert "hosts" in r.read_jobs(first_run(runs / "simulated/multi_grc"))


JOB_KINDS = {"multi_grc": "coallocation", "interval": "interval", "gangmatch_sim": "gangmatch",
             "matching_sim": "matching"}


@pytest.mark.parametrize("folder", list(JOB_KINDS), ids=list(JOB_KINDS.values()))
def test_one_jobs_reader_for_every_kind(runs, folder):
    """read_jobs reads every kind's jobs.csv: Batsim's ten columns first, in Batsim's order, typed,
    in seconds (execution_time = finish_time - starting_time, and a job that completed ran its
    requested_time; waiting_time = starting_time - submission_time except in coallocation, where
    it is starting_time - EST); a job that did not complete has no finish_time and says why."""
    jobs = r.read_jobs(first_run(runs / "simulated" / folder))
    assert list(jobs.columns[:10]) == list(r.BATSIM_JOBS)
    check_dtypes(jobs, r.BATSIM_JOBS)
    done = jobs[jobs.final_state == "COMPLETED_SUCCESSFULLY"]
    assert len(done) > 0 and done.finish_time.notna().all()
    assert np.allclose(done.execution_time, done.finish_time - done.starting_time, rtol=1e-12)
    assert np.allclose(done.execution_time, done.requested_time, rtol=1e-9)
    assert (done.requested_number_of_resources >= 1).all() and (done.allocated_resources != "").all()
    assert jobs[jobs.final_state != "COMPLETED_SUCCESSFULLY"].finish_time.isna().all()
    assert set(jobs.final_state) <= {"COMPLETED_SUCCESSFULLY", "REJECTED", "RUNNING_AT_END",
                                     "WAITING_AT_END", "NOT_SUBMITTED"}
    started = jobs[jobs.starting_time.notna()]
    if JOB_KINDS[folder] == "coallocation":
        est = r.read_requests(first_run(runs / "simulated" / folder)).set_index("request_id").est
        own = started.job_id.str.split(":").str[0].astype(int).map(est)
    else:
        own = started.submission_time
    assert np.allclose(started.waiting_time, started.starting_time - own, rtol=1e-12)


def test_empty_fields(runs):
    """A rejected request has no reserved frame (NaN) and no sites (""); summary.csv's resource
    is "" where the metric is of no resource, its bucket_end text."""
    run = first_run(runs / "simulated/multi_grc")
    req = r.read_requests(run)
    rejected = req[req.outcome == "rejected"]
    assert len(rejected) > 0
    assert rejected.reserved_start.isna().all() and (rejected.sites == "").all()
    accepted = req[req.outcome == "accepted"]
    assert accepted.reserved_start.notna().all() and (accepted.sites != "").all()
    s = r.read_summary(run)
    assert (s.resource == "").any() and set(s.bucket_end) >= {"all", "1800"}


def test_sweep_and_aggregate(runs):
    out = runs / "simulated/multi_grc"
    sweep = r.read_sweep(out)
    assert list(sweep.columns[:5]) == ["run", "point", "seed", "run_index", "variant"]
    assert sweep.seed.dtype == "uint64" and sweep.run_index.dtype == "int64"
    assert sweep.submitted.dtype == "int64" and sweep.success_ratio.dtype == "float64"
    assert len(sweep) == 6 and set(sweep.point) == {"variant=one_grc", "variant=two_grcs"}
    agg = r.read_aggregate(out)
    assert list(agg.columns) == list(r.SCHEMAS["aggregate.csv"])
    check_dtypes(agg, r.SCHEMAS["aggregate.csv"])
    assert (agg.runs == 3).all() and agg.ci95.notna().all()


def test_run_json(runs):
    run = first_run(runs / "simulated/multi_grc")
    info = r.read_run_json(run)
    assert info["point"] == {"variant": "one_grc"} and info["run_index"] == 0
    assert r.point_of(run) == "variant=one_grc"
    assert len(r.run_dirs(str(runs / "simulated/multi_grc"))) == 6


@pytest.mark.parametrize("name", ["ctaap_fig2", "gangmatch_exact", "matching_anytime",
                                  "matching_table2", "scs_fig3", "scs_spectrum", "scs_table1"])
def test_offline_results(runs, name):
    out = runs / "paper" / name
    run = first_run(out)
    res = r.read_results(run)
    tim = r.read_offline_timings(run)
    assert len(res) == len(tim) > 0 and list(tim.row) == list(range(len(tim)))
    check_dtypes(res, r.SCHEMAS["offline/results.csv"])
    for c in res.columns:  # the inferred columns: numbers, or text without NaN
        assert res[c].dtype.kind in "if" or res[c].map(type).eq(str).all(), c
    every = r.read_offline(out)
    assert len(every) == sum(len(r.read_results(d)) for d in r.run_dirs(str(out)))
    assert set(tim.columns) - {"row"} <= set(every.columns)
    assert {"run", "run_index"} <= set(every.columns)


def test_offline_sweep_keys(runs):
    every = r.read_offline(runs / "paper/scs_fig3")
    assert every.p_granularity.dtype == "float64" and every.p_duration_cv.nunique() > 1
    assert every.rho.dtype == "float64" and every.rho.isna().any()  # not found: empty


def test_largest_seed(tmp_path):
    (tmp_path / "sweep.csv").write_text("run,point,seed,run_index,x\nrun_000,all,18446744073709551615,0,1.5\n")
    sweep = r.read_sweep(tmp_path)
    assert int(sweep.seed[0]) == 2**64 - 1 and sweep.x[0] == 1.5


def test_missing_column_is_refused(tmp_path):
    (tmp_path / "grcs.csv").write_text("coordinator,requests\ngrc,3\n")
    with pytest.raises(ValueError, match=r"grcs.csv: missing column\(s\) accepted"):
        r.read_grcs(tmp_path)


def test_field_of_wrong_type_is_refused(tmp_path):
    header = ",".join(r.SCHEMAS["gangmatch/timings.csv"])
    (tmp_path / "timings.csv").write_text(f"{header}\n1,0.5\n,0.25\n")
    with pytest.raises(ValueError, match="timings.csv"):
        r.read_gangmatch_timings(tmp_path)
    (tmp_path / "timings.csv").write_text(f"{header}\n1,0.5\n2,\n")
    t = r.read_gangmatch_timings(tmp_path)
    assert t.cycle.tolist() == [1, 2] and np.isnan(t.matcher_wall_seconds[1])
    assert isinstance(t, pd.DataFrame)


def test_only_readers_parses_outputs():
    """No module but readers.py parses a CSV or JSON file itself."""
    from pathlib import Path
    for path in Path("analysis").glob("*.py"):
        if path.name == "readers.py":
            continue
        text = path.read_text()
        for call in ("read_csv(", "csv.reader(", "csv.DictReader(", "json.load(", "import csv\n"):
            assert call not in text, (path.name, call)
