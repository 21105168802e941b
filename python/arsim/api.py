"""arsim.run and arsim.check: the command line (docs/reference/command_line.md) in a child
process, since SimGrid allows one engine per process."""

import os
import tempfile

from . import _process
from .result import Result


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(_text(v) for v in value)
    return str(value)


def _set_args(set=None, seed=None):
    pairs = dict(set or {})
    if seed is not None:
        pairs["scenario.seed"] = seed
    args = []
    for key, value in pairs.items():
        args += ["--set", f"{key}={_text(value)}"]
    return args


def run(scenario, out=None, set=None, seed=None, jobs=1, audit=False, progress=True):
    """Runs `arsim run SCENARIO` and returns a Result over its output folder.

    out: the output folder (default: a new temporary folder, left in place: Result.dir); an
    existing sweep folder is resumed as arsim run resumes it. set: {key: value} overrides
    (--set key=value; lists are joined by spaces, booleans are true/false). seed: the base seed
    (scenario.seed). jobs: runs in parallel processes. audit: audit every run (--audit).
    progress: forward the sweep's progress line and a long run's progress lines to stderr.

    Raises ScenarioError (status 2) when arsim refuses the scenario or an override, RunError on
    any other failure. An exception or KeyboardInterrupt while it runs ends arsim and its runs."""
    if out is None:
        out = tempfile.mkdtemp(prefix="arsim-")
    args = ["run", os.path.abspath(scenario), "--out", os.path.abspath(out), "--jobs", int(jobs)]
    args += _set_args(set, seed)
    if audit:
        args.append("--audit")
    if not progress:
        args += ["--progress", "0"]
    stdout, _ = _process.call(args, progress=progress)
    return Result(out, stdout)


def check(scenario, set=None):
    """Runs `arsim check SCENARIO`: returns its lines, the notes (old spellings read) then
    "SCENARIO: ok (N runs)"; raises ScenarioError with arsim's one line on a bad scenario."""
    stdout, notes = _process.call(["check", os.path.abspath(scenario)] + _set_args(set))
    return notes + stdout.splitlines()
