"""Each plot_* function draws on the Axes it is given (artists are added to it and to no other
Axes), from the tiny runs; each script's main path writes its files; importing the package
chooses no matplotlib backend."""
import shutil
import subprocess
import sys

import pytest
from matplotlib.figure import Figure

from analysis import (ctaap, gangmatch, gangmatch_data, gridars, gridars_factorial, gridars_fig7,
                      matching, matching_sim, multi_grc, readers, reproduce, scs_data, scs_plots)

MODULES = ["common", "ctaap", "failures", "gangmatch", "gangmatch_data", "gridars",
           "gridars_factorial", "gridars_fig7", "matching", "matching_sim", "multi_grc", "readers",
           "reproduce", "scs", "scs_data", "scs_plots", "stats"]


def artists(ax):
    return len(ax.lines) + len(ax.collections) + len(ax.patches) + len(ax.containers)


def drawn(plot, *args, **kwargs):
    """Calls plot(ax, ...) on one Axes of a two-Axes Figure; asserts it drew there only."""
    fig = Figure()
    ax, other = fig.subplots(1, 2)
    result = plot(ax, *args, **kwargs)
    assert artists(ax) > 0, plot.__name__
    assert artists(other) == 0, plot.__name__
    return result


def test_gridars_plots(runs):
    paper = runs / "paper"
    drawn(gridars_fig7.plot_fig7, gridars_fig7.success_table(paper / "gridars_fig7"), None, "t")
    agg = readers.read_aggregate(paper / "gridars_fig8")
    rows = drawn(gridars.plot_fig8, agg[agg.point == "variant=A"],
                 gridars.site_sizes(paper / "gridars_fig8"), {}, "(A)")
    assert rows and all(r[0] == "(A)" for r in rows)
    series = {readers.point_of(d): gridars.per_plan_times(d)
              for d in readers.run_dirs(str(paper / "gridars_table2"))}
    drawn(gridars.plot_fig9, series)
    name, df = next(iter(series.items()))
    drawn(gridars.plot_fig10, name, df)


def test_ctaap_plots(runs):
    t2 = ctaap.fig2_table(readers.read_offline(runs / "paper/ctaap_fig2"))
    drawn(ctaap.plot_fig2_rate, t2)
    drawn(ctaap.plot_fig2_fit, t2)
    df3 = readers.read_offline(runs / "paper/ctaap_fig3")
    t3 = ctaap.fig3_table(df3)
    drawn(ctaap.plot_fig3_times, t3, df3)
    drawn(ctaap.plot_fig3_ctaap, t3)


def test_scs_plots(runs):
    paper = runs / "paper"
    panels, width = scs_data.rho_panels(scs_data.load(paper / "scs_fig3"), "p_duration_cv", "cv")
    drawn(scs_plots.plot_rho, panels[0], width)
    rows = scs_data.deviation_rows(scs_data.load(paper / "scs_fig6_8"))
    _title, xname, series = rows[0][0]
    drawn(scs_plots.plot_deviation, series, scs_data.XLABEL[xname])
    cases, summary, _lines = scs_data.spectrum_cases(scs_data.load(paper / "scs_spectrum"))
    label, ev, m, loads = cases[0]
    drawn(scs_plots.plot_spectrum, label, ev, m)
    drawn(scs_plots.plot_cluster_sizes, label, loads)
    assert summary[0]["n"] == len(ev)


def test_gangmatch_plots(runs):
    df = gangmatch_data.read(runs / "paper/gangmatch_fig6_11")
    drawn(gangmatch_data.plot_curves, df[df.matcher == gangmatch_data.LR], "probes", "t", "probes")
    drawn(gangmatch_data.plot_versus, df, 0.5, paper_lines=True)
    sweep = gangmatch.read_sim_sweep(runs / "simulated/gangmatch_sim")
    drawn(gangmatch.plot_sim_sweep, sweep, "mean_wait", "wait")


def test_matching_plots(runs):
    df = readers.read_offline(runs / "paper/matching_table2")
    rows = drawn(matching.plot_fig2, df, "throughput")
    assert {r["matcher"] for r in rows} >= {"lp", "ea", "hybrid"}
    rows = drawn(matching.plot_anytime, readers.read_offline(runs / "paper/matching_anytime"),
                 "throughput")
    assert rows and all(r["runs"] > 0 for r in rows)
    mean = matching_sim.read_sweep_means(runs / "simulated/matching_sim")
    drawn(matching_sim.plot_metric, mean, "match_ratio", "ratio")


def test_reproduce_no_run_writes_report_and_figures(runs, tmp_path):
    out = tmp_path / "paper"
    shutil.copytree(runs / "paper", out)
    reproduce.main(["--no-run", "--out", str(out)])
    report = (out / "REPORT.md").read_text()
    figures = {p.name for p in (out / "figures").iterdir()}
    expected = {"gridars_fig7.png", "gridars_fig8.png", "gridars_fig9.png", "gridars_fig10.png",
                "ctaap_fig2.png", "ctaap_fig3.png", "scs_fig3.png", "scs_fig4.png",
                "scs_fig6_8.png", "scs_fig10_11.png", "scs_spectrum.png", "matching_fig2.png",
                "matching_anytime.png", "gangmatch_fig5.png", "gangmatch_fig6.png",
                "gangmatch_fig11.png"}
    assert expected <= figures
    for name in figures:
        assert (out / "figures" / name).stat().st_size > 1000
        assert f"figures/{name}" in report
    for section in ("## GridARS", "## CTAAP", "## SCS", "## Garbacki & Naik", "## Gangmatching"):
        assert section in report


def test_gangmatch_script(runs, tmp_path):
    out = tmp_path / "gangmatch_sim"
    shutil.copytree(runs / "simulated/gangmatch_sim", out)
    r = subprocess.run([sys.executable, "-m", "analysis.gangmatch", str(out)], capture_output=True,
                       text=True, check=True)
    assert (out / "gangmatch_sim.png").stat().st_size > 1000
    assert "indexed" in r.stdout and "dynamic" in r.stdout


def test_matching_sim_script(runs, tmp_path, capsys):
    png = tmp_path / "m.png"
    matching_sim.main([str(runs / "simulated/matching_sim"), "--png", str(png)])
    assert png.stat().st_size > 1000
    assert capsys.readouterr().out.count("| hybrid |") == 6  # 3 loads x 2 batch sizes


def test_multi_grc_script(runs, capsys):
    multi_grc.main([str(runs / "simulated/multi_grc")])
    lines = capsys.readouterr().out.splitlines()
    t = multi_grc.totals(runs / "simulated/multi_grc")
    assert len(lines) == 1 + (t.requests > 0).sum() == 4  # one_grc: grc; two_grcs: grc, g2
    for run in readers.run_dirs(str(runs / "simulated/multi_grc")):
        assert readers.read_grcs(run).requests.sum() == readers.read_run_json(run)["requests"]
    assert t.requests.sum() == sum(readers.read_run_json(d)["requests"]
                                   for d in readers.run_dirs(str(runs / "simulated/multi_grc")))


def test_gridars_factorial_script(runs, capsys):
    gridars_factorial.main(str(runs / "paper/gridars_fig7_factorial"))
    out = capsys.readouterr().out
    assert out.count("| ring |") + out.count("| complete |") >= 8  # 8 cells in the paper table


def test_matching_script(runs):
    folder = runs / "paper/matching_table2"
    r = subprocess.run([sys.executable, "-m", "analysis.matching", str(folder)], capture_output=True,
                       text=True, check=True)
    assert "Over 1 repetitions" in r.stdout and str(folder) in r.stdout


def test_import_chooses_no_backend():
    code = ("import sys\n" + "".join(f"import analysis.{m}\n" for m in MODULES) +
            "assert 'matplotlib.pyplot' not in sys.modules\n"
            "assert 'matplotlib.backends' not in sys.modules, sorted(sys.modules)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("module", MODULES)
def test_relative_imports_only(module):
    """Inside the package every import of a sibling is relative, so it can live under arsim."""
    import ast
    import pathlib
    tree = ast.parse(pathlib.Path(f"analysis/{module}.py").read_text())
    siblings = set(MODULES) | {"analysis"}
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                 [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
        assert not any(n.split(".")[0] in siblings for n in names), (module, names)
