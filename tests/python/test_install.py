"""cmake --install puts bin/arsim and the packages arsim and analysis under
PREFIX/lib/python3/dist-packages; from there, in a folder outside the source tree, the package
imports, finds the installed binary and runs a scenario."""

import os
import shutil
import subprocess
import sys
import textwrap

from conftest import PLATFORM, scenario_text

PROGRAM = textwrap.dedent("""
    import arsim, analysis
    print(arsim.__file__)
    print(analysis.__file__)
    print(arsim.binary())
    print(arsim.algorithms()["planners"][0]["name"])
    r = arsim.run("tiny.xml", out="out", progress=False)
    print(len(r.jobs), r.run_json["requests"], len(r.requests))
""")


def test_the_installed_package_runs_a_scenario_from_outside_the_tree(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", os.environ["ARSIM_BUILD_DIR"], "--prefix", str(prefix)],
                   check=True, capture_output=True)
    site = prefix / "lib" / "python3" / "dist-packages"
    assert (prefix / "bin" / "arsim").exists()
    assert list((site / "arsim").glob("_core*.so"))
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(PLATFORM, work / "tiny.xml.platform")
    (work / "tiny.xml").write_text(
        scenario_text().replace(PLATFORM, "tiny.xml.platform"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", PROGRAM], cwd=work, env=env, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    arsim_file, analysis_file, binary, planner, counts = out
    assert arsim_file.startswith(str(site)) and analysis_file.startswith(str(site))
    assert binary == str(prefix / "bin" / "arsim")
    assert planner == "ctaap"
    jobs, requests, rows = map(int, counts.split())
    assert requests == rows > 0 and jobs > 0
    assert (work / "out" / "run.json").exists()
    # The installed `arsim report` draws with the installed analysis package, not the source
    # tree's: Python's verbose import lines say where `analysis` came from.
    env.pop("PYTHONPATH")
    env["PYTHONVERBOSE"] = "1"
    report = subprocess.run([str(prefix / "bin" / "arsim"), "report", str(work / "out")],
                            cwd=work, env=env, capture_output=True, text=True)
    assert report.returncode == 0, report.stderr[-2000:]
    origins = [l for l in report.stderr.splitlines() if "analysis/__init__.py" in l]
    assert origins and all(str(site) in l for l in origins), origins
    assert (work / "out" / "report.html").exists()
