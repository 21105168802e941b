"""analysis/scale.py on hand-made Google Benchmark JSON: names parsed, counters kept, the last
reading of a benchmark wins, other benchmarks ignored, bad files refused."""
import json

import pytest

from analysis import scale


def bench(name, **counters):
    return {"name": name, "run_type": "iteration", **counters}


def write(path, *benchmarks):
    path.write_text(json.dumps({"context": {}, "benchmarks": list(benchmarks)}))
    return str(path)


def test_names_are_planner_params_and_sizes():
    assert scale.parse_name("coallocation/scale/greedy/50/20/0/iterations:1") == ("greedy", 50, 20)
    assert scale.parse_name("coallocation/scale/ctaap/candidates=8/10/10/0/iterations:1") == (
        "ctaap candidates=8", 10, 10)
    assert scale.parse_name("routing/widest/1000") is None
    with pytest.raises(ValueError):
        scale.parse_name("coallocation/scale/greedy/x/y/z/w")


def test_rows_keep_counters_and_the_last_reading(tmp_path):
    first = write(tmp_path / "a.json",
                  bench("coallocation/scale/greedy/10/10/0/iterations:1", sites=100, edges=201,
                        planner_median_us=80.0, planner_p90_us=110.0, accepted=0.15),
                  bench("routing/widest/100", real_time=3.0))
    second = write(tmp_path / "b.json",
                   bench("coallocation/scale/greedy/10/10/0/iterations:1", sites=100, edges=201,
                         planner_median_us=44.0, planner_p90_us=86.0, accepted=0.15,
                         peak_rss_mb=52.5),
                   bench("coallocation/scale/greedy/2/5/0/iterations:1", sites=10, edges=21,
                         planner_median_us=9.0, planner_p90_us=12.0, accepted=0.6))
    df = scale.read_bench([first, second])
    assert list(df["sites"]) == [10, 100]  # sorted by size within a planner
    big = df[df["sites"] == 100].iloc[0]
    assert big["planner_median_us"] == 44.0 and big["peak_rss_mb"] == 52.5
    assert df[df["sites"] == 10]["peak_rss_mb"].isna().all()  # not measured: NaN, not 0


def test_bad_input_is_one_line_and_exit_two(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"benchmarks": [\n  oops')
    assert scale.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"analysis.scale: {bad}:2: ") and err.count("\n") == 1
    other = write(tmp_path / "other.json", bench("routing/widest/100"))
    assert scale.main([other]) == 2


def test_figure_is_written(tmp_path):
    data = write(tmp_path / "a.json",
                 bench("coallocation/scale/greedy/2/5/0/iterations:1", sites=10, edges=21,
                       planner_median_us=9.0, planner_p90_us=12.0, peak_rss_mb=20.0),
                 bench("coallocation/scale/greedy/10/10/0/iterations:1", sites=100, edges=201,
                       planner_median_us=44.0, planner_p90_us=86.0, peak_rss_mb=40.0))
    assert scale.main([data, "--fig-dir", str(tmp_path / "img"), "--csv",
                       str(tmp_path / "s.csv")]) == 0
    assert (tmp_path / "img" / "scale.png").stat().st_size > 10000
    assert (tmp_path / "s.csv").read_text().splitlines()[2].startswith("greedy,10,10,100,201,")
