"""analysis/failures.py on a hand-made output folder (sweep.csv and one summary.csv per run): the
per-run ratios, their means and 95 % intervals, and which panels are drawn. Needs no arsim run."""
import math

import pytest
from matplotlib.figure import Figure

from analysis import failures

SWEEP_HEADER = ("run,point,seed,run_index,failures.hosts.ttf,grc.planner,variant,submitted,"
                "accepted,success_ratio,mean_time_deviation\n")


def write_run(out, run, ttf, variant, metrics):
    """A run folder with a summary.csv holding `metrics` for user all, bucket all, and rows of
    another user and bucket that must be ignored; returns its sweep.csv row."""
    d = out / run
    d.mkdir(parents=True)
    rows = ["metric,user,resource,bucket_end,value"]
    rows += [f"{m},all,,all,{v}" for m, v in metrics.items()]
    rows += ["accepted,UserA,,all,999", "success_ratio,all,,8640,0.5"]
    (d / "summary.csv").write_text("\n".join(rows) + "\n")
    return (f"{run},x,1,0,{ttf},greedy,{variant},{metrics['submitted']},{metrics['accepted']},"
            f"0,0\n")


LOST = {"failures": 3, "reservations_broken": 4, "bandwidth_seconds_lost": 0}


@pytest.fixture
def out(tmp_path):
    rows = [
        # 1 h, no policy, two runs: success (8 - 2) / 10 and (9 - 1) / 10.
        write_run(tmp_path, "a/run_000", 3600, "no_resubmit",
                  {"submitted": 10, "accepted": 8, "requests_released": 2, "requests_lost": 2,
                   "cpu_seconds_lost": 7200, **LOST}),
        write_run(tmp_path, "a/run_001", 3600, "no_resubmit",
                  {"submitted": 10, "accepted": 9, "requests_released": 1, "requests_lost": 1,
                   "cpu_seconds_lost": 3600, **LOST}),
        # 1 h with a policy: 15 requests from 10 originals; 9 accepted, 2 of them released.
        write_run(tmp_path, "b/run_000", 3600, "resubmit",
                  {"submitted": 15, "accepted": 9, "attempts_per_request": 1.5,
                   "eventual_acceptance": 0.7, "requests_released": 2, "requests_lost": 1,
                   "cpu_seconds_lost": 1800, **LOST}),
        # 256 h, no policy: nothing breaks.
        write_run(tmp_path, "c/run_000", 921600, "no_resubmit",
                  {"submitted": 10, "accepted": 10, "requests_released": 0, "requests_lost": 0,
                   "cpu_seconds_lost": 0, **LOST}),
    ]
    (tmp_path / "sweep.csv").write_text(SWEEP_HEADER + "".join(rows))
    return tmp_path


def test_per_run_values(out):
    df = failures.per_run(out).set_index("run")
    assert list(df.success) == pytest.approx([0.6, 0.8, 0.7, 1.0])
    assert list(df.released_share) == pytest.approx([2 / 8, 1 / 9, 2 / 9, 0])
    assert list(df.originals) == [10, 10, 10, 10]
    assert list(df.resubmit) == [False, False, True, False]
    assert list(df.cpu_hours_lost) == pytest.approx([2, 1, 0.5, 0])
    # The policy's success ratio is the run's eventual acceptance.
    assert df.loc["b/run_000", "success"] == pytest.approx(0.7)


def test_means_and_intervals(out):
    df = failures.per_run(out)
    t = failures.summarise(df, ["success", "cpu_hours_lost"])
    first = t[(t.ttf == 3600) & ~t.resubmit].iloc[0]
    assert first.runs == 2
    assert first.success == pytest.approx(0.7)
    # t(1) = 12.706, sample sd of {0.6, 0.8} = 0.1414: half-width 12.706 × 0.1414 / √2.
    assert first.success_ci95 == pytest.approx(12.706 * 0.1)
    assert (first.success_min, first.success_max) == pytest.approx((0.6, 0.8))
    assert first.cpu_hours_lost == pytest.approx(1.5)
    one = t[t.resubmit].iloc[0]
    assert one.runs == 1 and math.isnan(one.success_ci95)


def test_panels_leave_out_zeros_and_absent_columns(out):
    df = failures.per_run(out)
    assert [c for c, _ in failures.panels(df)] == ["success", "released_share", "cpu_hours_lost"]
    df["requests_repaired"] = [3, 0, 2, 0]
    df = failures.derive(df[failures.COUNTS + ["run", "ttf", "planner"]])
    assert list(df.repaired_share.iloc[:3]) == pytest.approx([3 / 5, 0, 0.5])
    assert math.isnan(df.repaired_share.iloc[3])  # nothing broke: no share
    assert "repaired_share" in [c for c, _ in failures.panels(df)]


def test_draw_writes_the_figure_and_plot_panel_draws_on_its_axes(out):
    table = failures.draw(failures.per_run(out), str(out / "f.png"))
    assert (out / "f.png").stat().st_size > 0
    assert len(table) == 3
    ax, other = Figure().subplots(1, 2)
    failures.plot_panel(ax, table, "success", "s")
    # One error-bar line per planner and policy with data: greedy without (1 h and 256 h), with.
    assert len(ax.containers) == 2
    line = ax.containers[0].lines[0]
    assert list(line.get_xdata()) == pytest.approx([1, 256])
    assert list(line.get_ydata()) == pytest.approx([0.7, 1.0])
    assert len(other.containers) == 0 and len(other.lines) == 0
