"""Ctrl-C in a Python program while arsim.run works ends arsim and every run it forked (no orphan
process), and the runs cut short leave no folder that looks complete: a later arsim.run into the
same folder resumes the sweep and makes exactly the runs that did not end."""

import os
import signal
import subprocess
import sys
import threading
import time

import arsim
import pytest
from conftest import TINY

RUNS = 200
PROGRAM = """
import sys, arsim
try:
    arsim.run(sys.argv[1], out=sys.argv[2], set={"scenario.runs": %d}, jobs=2, progress=False)
except KeyboardInterrupt:
    sys.exit(42)
""" % RUNS


def processes_naming(text):
    """The pids of the processes whose command line holds `text` (arsim and its forked runs)."""
    pids = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if text.encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def complete_runs(out):
    return sorted(d for d in os.listdir(out)
                  if os.path.exists(os.path.join(out, d, "run.json")))


def test_sigint_ends_arsim_and_leaves_no_complete_looking_half_run(tmp_path):
    out = str(tmp_path / "sweep")
    child = subprocess.Popen([sys.executable, "-c", PROGRAM, TINY, out], env=os.environ)
    deadline = time.monotonic() + 120
    # Wait for arsim to be running with a run or two made, then Ctrl-C the Python program.
    while time.monotonic() < deadline:
        if os.path.isdir(out) and len(complete_runs(out)) >= 2:
            break
        time.sleep(0.05)
    assert processes_naming(out), "arsim did not start"
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=60) == 42  # KeyboardInterrupt reached the program

    assert processes_naming(out) == []  # no arsim and no run left behind
    done = complete_runs(out)
    assert 2 <= len(done) < RUNS, "the sweep ended before the interrupt"
    assert not os.path.exists(os.path.join(out, "sweep.csv"))
    # Every folder with run.json is complete: its tables read with the counts run.json states.
    for d in done:
        run = arsim.Result(os.path.join(out, d))
        assert len(run.requests) == run.run_json["requests"]

    # Resumed: only the runs without run.json are made again, and the sweep ends whole.
    r = arsim.run(TINY, out=out, set={"scenario.runs": RUNS}, jobs=2, progress=False)
    assert f"({len(done)} resumed)" in r.stdout
    assert len(r.sweep) == RUNS and len(r.runs) == RUNS


def test_an_exception_in_the_caller_ends_arsim(tmp_path):
    # A signal handler raising in the main thread while arsim.run waits: any exception, not only
    # KeyboardInterrupt, must end the child's whole process group before it propagates.
    out = str(tmp_path / "sweep")

    def watch():
        while not (os.path.isdir(out) and complete_runs(out)):
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGUSR1)

    def fail(signum, frame):
        raise RuntimeError("caller failed")

    old = signal.signal(signal.SIGUSR1, fail)
    try:
        threading.Thread(target=watch, daemon=True).start()
        with pytest.raises(RuntimeError, match="caller failed"):
            arsim.run(TINY, out=out, set={"scenario.runs": RUNS}, progress=False)
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert processes_naming(out) == []
    assert len(complete_runs(out)) < RUNS
