"""arsim.run and arsim.check: the command line (docs/reference/command_line.md) in a child
process, since SimGrid allows one engine per process. The child gets a process group of its own
(start_new_session), so an exception or Ctrl-C in the caller ends it and every run process it
forked. Its stderr is read on a pseudo-terminal when progress is wanted, since the sweep prints
its "N/M runs done" line only to a terminal (sim/engine/runner.cpp)."""

import inspect
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import tty

from . import _paths
from .result import Result

# How long a stopped child may take to end after SIGTERM before it is killed.
STOP_GRACE_SECONDS = 5.0

# Lines the runner prints while it works: the sweep's count and a long run's progress line
# (sim/engine/progress.cpp).
_PROGRESS = re.compile(r"^(\d+/\d+ runs done|arsim: .*: \d+ s of wall time, simulated time)")


class ArsimError(Exception):
    """A failed arsim command: `message` (its last error line), `status` (its exit status),
    `stderr` (all it wrote there)."""

    def __init__(self, message, status, stderr=""):
        super().__init__(message)
        self.message, self.status, self.stderr = message, status, stderr


class ScenarioError(ArsimError):
    """arsim refused the scenario, an override or an option (exit status 2) before running:
    `message` is its one line naming the file, line or key and what was expected."""


class RunError(ArsimError):
    """arsim failed otherwise: a run failed, a file could not be written, the process died."""


def binary():
    """The arsim binary beside this package: the build tree's, or the installed bin/arsim."""
    path = _paths.ARSIM_BINARY
    if not os.access(path, os.X_OK):
        raise RunError(f"{path}: no arsim binary there (build the 'arsim' target)", 127)
    return path


def _stop(proc):
    """SIGTERM to the whole group, then SIGKILL to what is left after STOP_GRACE_SECONDS."""
    for sig, wait in ((signal.SIGTERM, STOP_GRACE_SECONDS), (signal.SIGKILL, None)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            # The group may outlive its leader for a moment (runs stopping); SIGKILL them too.
            if sig == signal.SIGTERM:
                continue
            return
        except subprocess.TimeoutExpired:
            continue


class _StderrReader(threading.Thread):
    """Reads the child's stderr; progress pieces go to sys.stderr when `forward`, the rest is
    kept. Pieces end at '\\r' or '\\n', as the sweep rewrites its line with '\\r'."""

    def __init__(self, fd, forward):
        super().__init__(daemon=True)
        self.fd, self.forward, self.lines, self.shown = fd, forward, [], False

    def run(self):
        pending = b""
        while True:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # EIO: the pseudo-terminal's other end closed
                chunk = b""
            if not chunk:
                break
            pending += chunk
            *pieces, pending = re.split(rb"[\r\n]", pending)
            for piece in pieces:
                self._piece(piece.decode(errors="replace"))
        self._piece(pending.decode(errors="replace"))
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()

    def _piece(self, text):
        if not text:
            return
        if _PROGRESS.match(text):
            if self.forward:
                sys.stderr.write("\r" + text)
                sys.stderr.flush()
                self.shown = True
        else:
            self.lines.append(text)


def call(args, progress=False, cwd=None):
    """Runs `arsim ARGS`; returns (stdout, stderr lines) or raises ScenarioError (status 2) or
    RunError (any other non-zero status, or death by a signal)."""
    cmd = [binary()] + [str(a) for a in args]
    if progress:
        master, slave = os.openpty()
        tty.setraw(slave)  # no '\n' -> '\r\n' translation
    else:
        master, slave = os.pipe()
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=slave, cwd=cwd, start_new_session=True)
    finally:
        os.close(slave)
    reader = _StderrReader(master, progress)
    reader.start()
    try:
        out = proc.stdout.read()
        proc.wait()
        reader.join()
    except BaseException:
        _stop(proc)
        reader.join(timeout=STOP_GRACE_SECONDS)
        raise
    finally:
        proc.stdout.close()
        if not reader.is_alive():
            os.close(master)
    stdout = out.decode(errors="replace")
    if proc.returncode != 0:
        _raise(cmd, proc.returncode, reader.lines)
    return stdout, reader.lines


def _raise(cmd, status, lines):
    text = "\n".join(lines)
    last = lines[-1] if lines else ""
    message = last[len("arsim: "):] if last.startswith("arsim: ") else last
    if status == 2:
        raise ScenarioError(message, status, text)
    if status < 0:
        message = f"{' '.join(cmd)}: killed by signal {-status}" + (f" ({message})" if message else "")
    raise RunError(message or f"{' '.join(cmd)}: exit status {status}", status, text)


def _text(value):
    if isinstance(value, type):  # a Python algorithm: arsim imports it from its file by name
        return f"{os.path.abspath(inspect.getfile(value))}:{value.__qualname__}"
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
    stdout, _ = call(args, progress=progress)
    return Result(out, stdout)


def check(scenario, set=None):
    """Runs `arsim check SCENARIO`: returns its lines, the notes (old spellings read) then
    "SCENARIO: ok (N runs)"; raises ScenarioError with arsim's one line on a bad scenario."""
    stdout, notes = call(["check", os.path.abspath(scenario)] + _set_args(set))
    return notes + stdout.splitlines()
