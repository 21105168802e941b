"""The runs the ctest fixture analysis_runs made (tests/analysis/make_runs.py), found through
ARSIM_ANALYSIS_RUNS; run from the source root: `python3 -m pytest tests/analysis`."""
import os
from pathlib import Path

import pytest

from analysis.readers import run_dirs


@pytest.fixture(scope="session")
def runs():
    folder = os.environ.get("ARSIM_ANALYSIS_RUNS")
    if not folder or not (Path(folder) / "simulated").is_dir() or not (Path(folder) / "paper").is_dir():
        pytest.fail("ARSIM_ANALYSIS_RUNS must name the folder of tests/analysis/make_runs.py "
                    "(ctest -R analysis makes it)")
    return Path(folder)


def first_run(folder):
    """The first run folder (holding run.json) below `folder`."""
    found = run_dirs(str(folder))
    assert found, f"{folder}: no run"
    return found[0]
