"""arsim.serve: a scripted conversation through io.StringIO (hello with typed parameters and the
seed, graph, plan, an exception answered as an error, end), and the command line
python3 -m arsim.serve FILE.py:Class."""

import io
import json
import os
import random
import subprocess
import sys

import pytest
from arsim.algorithm import serve, typed_params
from conftest import ROOT

GREEDY = os.path.join(ROOT, "examples", "python", "greedy.py")


class Recorder:
    params = {"scale": 1.5, "name": "x", "flag": False, "count": 2}

    def __init__(self, params, rng):
        self.params, self.rng, self.graphs = params, rng, []

    def graph(self, message):
        self.graphs.append(message["vertices"])  # answers None: {}

    def plan(self, message):
        print("a debugging line")  # must not reach the protocol stream
        return {"plans": [], "params": self.params, "draw": self.rng.random(),
                "graphs": len(self.graphs), "request": message["request"]["id"]}

    def schedule(self, message):
        raise ValueError("no schedule today")


def converse(cls, messages, params=None):
    stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in messages))
    stdout = io.StringIO()
    serve(cls, params, stdin, stdout)
    return [json.loads(line) for line in stdout.getvalue().splitlines()], stdin.read()


def hello(params, seed=7):
    return {"type": "hello", "protocol": 1, "family": "planner", "algorithm": "external",
            "params": params, "seed": seed}


def test_a_scripted_conversation(capsys):
    answers, unread = converse(Recorder, [
        hello({"scale": "2.5", "flag": "true", "timeout": "60"}),
        {"type": "graph", "vertices": [{"name": "A"}], "edges": []},
        {"type": "plan", "request": {"id": 4}, "frames": []},
        {"type": "schedule"},
        {"type": "outcome", "request": 4, "accepted": True},
        {"type": "end"},
        {"type": "plan", "request": {"id": 5}, "frames": []},
    ], params={"count": "9"})
    assert answers == [
        {"protocol": 1},
        {},
        {"plans": [], "params": {"scale": 2.5, "name": "x", "flag": True, "count": 9},
         "draw": random.Random(7).random(), "graphs": 1, "request": 4},
        {"error": "ValueError: no schedule today"},
        {},  # outcome is optional
    ]
    assert unread == json.dumps({"type": "plan", "request": {"id": 5}, "frames": []}) + "\n"
    assert capsys.readouterr().err == "a debugging line\n"


def test_the_end_of_input_ends_the_loop_like_end():
    answers, _ = converse(Recorder, [hello({})])
    assert answers == [{"protocol": 1}]


def test_parameters_take_the_type_of_their_default_and_only_declared_ones_stay():
    assert typed_params(Recorder, {"count": "3", "command": "python3 x.py"}) == {
        "scale": 1.5, "name": "x", "flag": False, "count": 3}
    assert typed_params(Recorder, {"count": "3"}, {"count": 4}) == {
        "scale": 1.5, "name": "x", "flag": False, "count": 4}
    with pytest.raises(ValueError, match="declares no parameter cont"):
        typed_params(Recorder, {}, {"cont": "3"})


@pytest.mark.parametrize("messages, error", [
    ([hello({"count": "two"})], "ValueError: parameter count: expected int, found 'two'"),
    ([hello({"flag": "maybe"})], "ValueError: parameter flag: expected true or false"),
    ([{"type": "plan"}], "ValueError: a 'plan' message before hello"),
    ([hello({}), {"type": "match"}], "NotImplementedError: Recorder has no method match"),
    ([hello({}), {"type": "__init__"}], "ValueError: a message whose type is '__init__'"),
])
def test_what_cannot_be_answered_is_an_error_answer(messages, error):
    answers, _ = converse(Recorder, messages)
    assert answers[-1]["error"].startswith(error)


def test_a_line_that_is_not_json_is_an_error_answer_and_the_loop_goes_on():
    stdin, stdout = io.StringIO("not json\n" + json.dumps(hello({})) + "\n"), io.StringIO()
    serve(Recorder, None, stdin, stdout)
    first, second = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert first["error"].startswith("JSONDecodeError:") and second == {"protocol": 1}


def test_an_answer_that_json_cannot_write_is_an_error_answer():
    class Bad:
        def __init__(self, params, rng):
            pass

        def plan(self, message):
            return {"cost": float("nan")}

    answers, _ = converse(Bad, [hello({}), {"type": "plan"}])
    assert answers[1]["error"].startswith("ValueError: Out of range float values")


def run_serve(args, lines):
    env = dict(os.environ, PYTHONPATH=os.environ["PYTHONPATH"])
    return subprocess.run([sys.executable, "-m", "arsim.serve", *args], input="".join(lines),
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)


def test_the_command_line_serves_a_class_of_a_file_with_overrides():
    graph = {"type": "graph", "vertices": [{"role": "site"}, {"role": "site"}],
             "edges": [{"a": 0, "b": 1, "latency": 0.001}]}
    plan = {"type": "plan", "request": {"components": [{"cpus": 1}, {"cpus": 1}],
                                        "pairs": [{"a": 0, "b": 1, "bandwidth": 1}]},
            "frames": [{"free_cores": [1, 1], "free_bandwidth": [1]}]}
    done = run_serve([f"{GREEDY}:Greedy", "max_hops=1"],
                     [json.dumps(m) + "\n" for m in (hello({"max_hops": "0"}), graph, plan)])
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        {"protocol": 1}, {}, {"plans": [{"frame": 0, "sites": [0, 1], "routes": [[0]]}]}]


@pytest.mark.parametrize("args, line", [
    ([], "arsim.serve: usage: python3 -m arsim.serve FILE.py:Class [key=value ...]"),
    (["greedy.py"], "arsim.serve: 'greedy.py': expected FILE.py:Class"),
    (["nowhere.py:Greedy"], "arsim.serve: nowhere.py: no such file"),
    ([f"{GREEDY}:Greed"], f"arsim.serve: {GREEDY}: no class Greed"),
    ([f"{GREEDY}:Greedy", "max_hops"], "arsim.serve: 'max_hops': expected key=value"),
    ([f"{GREEDY}:Greedy", "max_hop=2"],
     "arsim.serve: Greedy declares no parameter max_hop (it declares: max_hops)"),
])
def test_a_bad_command_line_is_one_line_and_status_2(args, line):
    done = run_serve(args, [json.dumps(hello({})) + "\n"])
    assert (done.returncode, done.stderr, done.stdout) == (2, line + "\n", "")


def test_the_client_starts_without_the_extension_and_pandas():
    done = subprocess.run(
        [sys.executable, "-c", "import sys, arsim.serve; "
         "print(sorted(m for m in ('arsim._core', 'pandas') if m in sys.modules))"],
        capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout == "[]\n"


def test_a_file_that_is_not_python_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("class Bad:\n    def plan(self\n")
    done = run_serve([f"{bad}:Bad"], [])
    assert done.returncode == 2 and done.stderr.startswith(f"{bad}:2: ")
    assert done.stderr.count("\n") == 1
