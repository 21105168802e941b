"""arsim from Python: run scenarios and read their outputs as pandas DataFrames
(docs/guide/python.md).

    import arsim
    r = arsim.run("scenarios/elgl_greedy.xml", seed=2)
    r.summary, r.requests, r.run_json

algorithms() and keys() come from the simulator's registries (the extension arsim._core, as
`arsim list` prints them); run() and check() start the arsim binary built or installed beside this
package, one child process per call."""

from ._core import algorithms, keys
from .command import ArsimError, RunError, ScenarioError, binary, check, run
from .env import CoallocationEnv
from .result import Result

__all__ = ["algorithms", "keys", "run", "check", "Result", "ArsimError", "ScenarioError",
           "RunError", "binary", "CoallocationEnv"]
