"""A step-wise interface to a co-allocation scenario for learning agents, in the manner of
Gymnasium's API (no dependency on it): reset(seed) starts one run, step(action) answers the GRC's
pending request and runs the simulation to the next one (docs/guide/your-own-algorithm.md).

The run is `arsim run` in a child process whose GRC planner is `external`, connected to a Unix
socket this object listens on (docs/guide/protocol.md), with `grc.plan_all=true` so that every
decision shows every frame of its request at once.

Observation: {"request": ..., "frames": [...], "graph": ...}, the `plan` message's request and
frames (each frame's free cores per vertex and free bandwidth per edge, as the GRC saw them) and
the `graph` message; a component with a "site" is pinned to that vertex, and a plan must keep it
there. Action: a plan {"frame": k, "sites": [...], "routes": [...]}, a list of plans
(tried in the GRC's order), or None to reject. Reward: the CPU·s of the request the action decided,
cpus × duration, when a plan was committed, else 0; known when the GRC has tried the plans, so it
is paid by the step() that answered. An episode is one run: step() returns terminated=True when
the run has ended, and `result` is then its arsim.Result (audited when audit=True: its `stdout`
ends with the auditor's verdict, and a failed audit raises RunError).
"""

import json
import os
import socket
import subprocess
import tempfile

from .command import RunError, _raise, _set_args, _stop, binary
from .result import Result


class _Lines:
    """JSON lines over the connected socket."""

    def __init__(self, conn):
        conn.settimeout(None)  # arsim's own timeout bounds the agent; its exit ends the stream
        self._file = conn.makefile("rwb")

    def send(self, message):
        self._file.write(json.dumps(message).encode() + b"\n")
        self._file.flush()

    def receive(self):
        line = self._file.readline()
        return json.loads(line) if line else None


class CoallocationEnv:
    """One co-allocation scenario as an environment: reset(seed) -> (observation, info),
    step(action) -> (observation, reward, terminated, truncated, info)."""

    def __init__(self, scenario, set=None, out=None, audit=True, timeout=60.0):
        self.scenario = os.path.abspath(scenario)
        self.set = dict(set or {})
        self.out = out
        self.audit = audit
        self.timeout = timeout
        self.result = None
        self._proc = self._conn = self._dir = None
        self._graph = self._pending = None

    # -- the episode ---------------------------------------------------------------------------
    def reset(self, seed=None):
        """Starts a run (the scenario's seed, or `seed`) and returns its first decision."""
        self.close()
        self.result = None
        self._dir = tempfile.mkdtemp(prefix="arsim-env-")
        path = os.path.join(self._dir, "grc.sock")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(path)
        listener.listen(1)
        listener.settimeout(0.2)
        out = self.out or os.path.join(self._dir, "out")
        self._out = out
        overrides = dict(self.set)
        overrides.update({"grc.algorithm": "external", "grc.param.connect": path,
                          "grc.param.timeout": self.timeout, "grc.plan_all": True,
                          "scenario.runs": 1})
        args = ["run", self.scenario, "--out", out, "--progress", "0"]
        args += _set_args(overrides, seed)
        if self.audit:
            args.append("--audit")
        # Files, not pipes: nothing read while the agent decides can fill up and block arsim.
        self._stdout, self._stderr = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        self._proc = subprocess.Popen([binary()] + args, stdin=subprocess.DEVNULL,
                                      stdout=self._stdout, stderr=self._stderr,
                                      start_new_session=True)
        try:
            self._conn = self._accept(listener)
        finally:
            listener.close()
            os.unlink(path)  # the connection lives on; the socket's name is no longer needed
        self._io = _Lines(self._conn)
        observation, _, done = self._advance()
        if done:
            return None, {"result": self.result}
        return observation, {}

    def step(self, action):
        """Answers the pending request with `action` and runs to the next decision."""
        if self._pending is None:
            raise RuntimeError("step() without a pending request: call reset() first")
        plans = [] if action is None else ([action] if isinstance(action, dict) else list(action))
        self._io.send({"plans": plans})
        observation, reward, done = self._advance()
        info = {"result": self.result} if done else {}
        return observation, reward, done, False, info

    def close(self):
        """Stops a run still going and forgets it."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._proc is not None and self._proc.poll() is None:
            _stop(self._proc)  # its whole process group, as arsim.run stops one
        self._proc = None
        self._pending = None

    # -- inside ---------------------------------------------------------------------------------
    def _accept(self, listener):
        while True:
            try:
                conn, _ = listener.accept()
                return conn
            except socket.timeout:
                if self._proc.poll() is not None:
                    self._fail()

    def _advance(self):
        """Reads messages up to the next `plan` (returned as the observation) or the run's end;
        pays the outcome of the request last answered."""
        reward = 0.0
        while True:
            message = self._io.receive()
            if message is None or message.get("type") == "end":
                self._finish()
                return None, reward, True
            kind = message.get("type")
            if kind == "hello":
                self._io.send({"protocol": 1})
            elif kind == "graph":
                self._graph = message
                self._io.send({})
            elif kind == "outcome":
                if message.get("accepted") and self._pending is not None:
                    request = self._pending["request"]
                    cpus = sum(c["cpus"] for c in request["components"])
                    reward += cpus * request["duration"]
                self._io.send({})
            elif kind == "plan":
                self._pending = message
                return {"request": message["request"], "frames": message["frames"],
                        "graph": self._graph}, reward, False
            else:
                self._io.send({"error": f"unexpected message type {kind!r}"})

    def _finish(self):
        self._pending = None
        self._conn.close()
        self._conn = None
        status = self._proc.wait()
        if status != 0:
            self._fail()
        self._proc = None
        self._stdout.seek(0)
        self.result = Result(self._out, self._stdout.read().decode(errors="replace"))

    def _fail(self):
        status = self._proc.wait()
        self._stderr.seek(0)
        lines = self._stderr.read().decode(errors="replace").splitlines()
        self._proc = None
        if status == 0:
            raise RunError("arsim ended before connecting to the environment", 1, "\n".join(lines))
        _raise([binary(), "run", self.scenario], status, lines)
