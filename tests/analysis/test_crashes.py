"""analysis/crashes.py on a hand-made output folder (sweep.csv, one summary.csv and requests.csv
per run): the decision delays and success ratio per run, and the least and greatest per point.
Needs no arsim run."""
import pytest

from analysis import crashes

SWEEP_HEADER = ("run,point,seed,run_index,failures.coordinator.ttf,variant,submitted,accepted,"
                "success_ratio,mean_time_deviation\n")
REQUESTS_HEADER = ("request_id,user,type,submit,est,lst,duration,service_level,components,cpus,"
                   "pairs,outcome,frames,plans_found,plans_tried,reserved_start,reserved_end,"
                   "time_deviation,sites,paths,decision_time,solver_nodes,solves,component_cpus,"
                   "pair_demands\n")


def write_run(out, run, ttf, summary, decisions):
    """A run folder: summary.csv with `summary` (user all, bucket all) and requests.csv with one
    rejected request per (submit, decision_time) of `decisions`; returns its sweep.csv row."""
    d = out / run
    d.mkdir(parents=True)
    rows = ["metric,user,resource,bucket_end,value"] + [f"{m},all,,all,{v}" for m, v in summary.items()]
    (d / "summary.csv").write_text("\n".join(rows) + "\n")
    requests = [f"{i},UserA,1,{s},0,0,1,1,1,1,0,rejected,1,0,0,,,,,,{t},0,0,1,\n"
                for i, (s, t) in enumerate(decisions)]
    (d / "requests.csv").write_text(REQUESTS_HEADER + "".join(requests))
    return f"{run},x,1,0,{ttf},no_resubmit,{summary['submitted']},{summary['accepted']},0,0\n"


@pytest.fixture
def out(tmp_path):
    rows = [
        # 1 h: delays 1, 3 and 101 s; success (3 - 1) / 4.
        write_run(tmp_path, "a/run_000", 3600,
                  {"submitted": 4, "accepted": 3, "requests_released": 1, "failures": 5},
                  [(0, 1), (10, 13), (20, 121)]),
        # 1 h: delays 2 and 2 s; success 2 / 2.
        write_run(tmp_path, "a/run_001", 3600,
                  {"submitted": 2, "accepted": 2, "requests_released": 0, "failures": 7},
                  [(0, 2), (5, 7)]),
    ]
    (tmp_path / "sweep.csv").write_text(SWEEP_HEADER + "".join(rows))
    return tmp_path


def test_per_run_delays_and_success(out):
    df = crashes.per_run(str(out)).set_index("run")
    assert df.loc["a/run_000", "delay_mean"] == pytest.approx(35)
    assert df.loc["a/run_000", "delay_max"] == pytest.approx(101)
    assert df.loc["a/run_000", "delay_p99"] == pytest.approx(3 + 0.98 * 98)  # linear between 3 and 101
    assert df.loc["a/run_000", "success"] == pytest.approx(0.5)
    assert df.loc["a/run_001", "success"] == pytest.approx(1)


def test_table_gives_the_range_over_runs(out):
    t = crashes.table(crashes.per_run(str(out)))
    assert len(t) == 1
    row = t.iloc[0]
    assert row.ttf_h == pytest.approx(1) and row.runs == 2
    assert (row.failures_min, row.failures_max) == (5, 7)
    assert (row.delay_mean_min, row.delay_mean_max) == pytest.approx((2, 35))
    assert (row.success_min, row.success_max) == pytest.approx((0.5, 1))


def test_a_sweep_without_the_key_is_refused(tmp_path):
    (tmp_path / "sweep.csv").write_text(SWEEP_HEADER.replace("failures.coordinator.ttf", "other"))
    with pytest.raises(ValueError, match="failures.coordinator.ttf"):
        crashes.per_run(str(tmp_path))
