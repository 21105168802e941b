"""arsim from Python: run scenarios and read their outputs as pandas DataFrames
(docs/guide/python.md).

    import arsim
    r = arsim.run("scenarios/elgl_greedy.xml", seed=2)
    r.summary, r.requests, r.run_json

algorithms() and keys() come from the simulator's registries (the extension arsim._core, as
`arsim list` prints them); run() and check() start the arsim binary built or installed beside this
package, one child process per call.

The names are imported on first use (PEP 562), so that `python3 -m arsim.serve`, an algorithm's
client (arsim/algorithm.py), starts without the extension and pandas."""

import importlib

# Public name -> the submodule that defines it.
_HOMES = {"algorithms": "._core", "keys": "._core", "ArsimError": ".command",
          "RunError": ".command", "ScenarioError": ".command", "binary": ".command",
          "check": ".command", "run": ".command", "Result": ".result", "serve": ".algorithm",
          "CoallocationEnv": ".env"}

__all__ = ["algorithms", "keys", "run", "check", "Result", "ArsimError", "ScenarioError",
           "RunError", "binary", "serve", "CoallocationEnv"]


def __getattr__(name):
    if name not in _HOMES:
        raise AttributeError(f"module 'arsim' has no attribute '{name}'")
    value = getattr(importlib.import_module(_HOMES[name], __name__), name)
    globals()[name] = value  # looked up once
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
