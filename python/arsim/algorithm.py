"""An algorithm class behind the `external` protocol (docs/guide/protocol.md): serve() is the loop
a client runs on its stdin and stdout, one JSON object a line.

The class is the one the in-process bridge calls too:

    class Greedy:
        params = {"max_hops": 0}          # declared parameters and their defaults (optional)
        def __init__(self, params, rng):  # typed params; rng: random.Random(hello's seed)
        def graph(self, message): ...     # planner, optional
        def plan(self, message): return {"plans": [...]}
        def outcome(self, message): ...   # planner, optional

Each message goes to the method named by its `type`, the message dict in, the answer dict out
(None answers {}). A component of a `plan` message that carries "site" is pinned there (the
re-planning of a broken reservation): every plan must keep it on that vertex, or it is refused. This module imports only the standard library, so that a client starts fast
(`python3 -m arsim.serve FILE.py:Class`, arsim/serve.py)."""

import contextlib
import json
import random
import sys

PROTOCOL = 1
# Messages a class may leave out: their answer is then {}.
OPTIONAL = ("graph", "outcome")


def _typed(key, text, default):
    """`text` (a parameter's value as the scenario wrote it) as the type of `default`."""
    if not isinstance(text, str) or isinstance(default, str):
        return text
    if isinstance(default, bool):  # before int: bool is an int
        words = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
        if text.strip().lower() not in words:
            raise ValueError(f"parameter {key}: expected true or false, found '{text}'")
        return words[text.strip().lower()]
    kind = type(default)
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"parameter {key}: expected {kind.__name__}, found '{text}'") from None


def typed_params(cls, given, overrides=None):
    """The class's declared parameters (its `params` dict of defaults): those of `given` (hello's,
    strings) converted to the default's type, undeclared ones dropped (hello also carries those
    arsim uses itself, such as `timeout`), then `overrides` on top. An override the class does
    not declare raises ValueError: it is a typing mistake of whoever started the client."""
    declared = dict(getattr(cls, "params", None) or {})
    unknown = sorted(set(overrides or {}) - set(declared))
    if unknown:
        raise ValueError(f"{cls.__name__} declares no parameter {', '.join(unknown)}"
                         f" (it declares: {', '.join(sorted(declared)) or 'none'})")
    out = dict(declared)
    for source in (given or {}, overrides or {}):
        for key, value in source.items():
            if key in declared:
                out[key] = _typed(key, value, declared[key])
    return out


def _answer(algorithm, message):
    """The answer to one message other than hello and end, or an exception."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind.startswith("_"):
        raise ValueError(f"a message whose type is {kind!r}")
    method = getattr(algorithm, kind, None)
    if method is None:
        if kind in OPTIONAL:
            return {}
        raise NotImplementedError(f"{type(algorithm).__name__} has no method {kind}")
    answer = method(message)
    if answer is None:
        return {}
    if not isinstance(answer, dict):
        raise TypeError(f"{kind} returned {type(answer).__name__}, expected a dict")
    return answer


def _reply(cls, algorithm, params, line):
    """(answer or None, algorithm, done) for one input line."""
    try:
        message = json.loads(line)
        if not isinstance(message, dict):
            raise ValueError("a line that is not a JSON object")
        if message.get("type") == "end":
            return None, algorithm, True
        if message.get("type") == "hello":
            rng = random.Random(message.get("seed", 0))
            algorithm = cls(typed_params(cls, message.get("params"), params), rng)
            return {"protocol": PROTOCOL}, algorithm, False
        if algorithm is None:
            raise ValueError(f"a {message.get('type')!r} message before hello")
        return _answer(algorithm, message), algorithm, False
    except Exception as e:  # the run stops with this text and the request's id
        return {"error": f"{type(e).__name__}: {e}"}, algorithm, False


def serve(cls, params=None, stdin=None, stdout=None):
    """Answers arsim's messages with an instance of `cls` until `end` or the end of input.
    `params` (a dict) overrides hello's parameters. What the class prints goes to stderr, so that
    it cannot break the protocol stream."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    typed_params(cls, {}, params)  # an unknown override fails before the first message
    algorithm = None
    for line in stdin:
        if not line.strip():
            continue
        with contextlib.redirect_stdout(sys.stderr):
            answer, algorithm, done = _reply(cls, algorithm, params, line)
        if done:
            return
        try:
            text = json.dumps(answer, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as e:  # not JSON: a set, NaN...
            text = json.dumps({"error": f"{type(e).__name__}: {e}"})
        stdout.write(text + "\n")
        stdout.flush()
