"""The step-wise interface (arsim.CoallocationEnv) with the agents of examples/python/agents.py:
a random agent and a greedy agent each play one episode of a small co-allocation scenario. Their
runs pass the auditor, the rewards add up to the accepted CPU·s the run's requests.csv shows, and
the greedy agent, answering with the plans of the Python greedy, gets exactly what the C++ greedy
gets."""

import os
import sys

import arsim
from conftest import ROOT, scenario_text

sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
from agents import GreedyAgent, RandomAgent, play  # noqa: E402


def accepted_cpu_seconds(result):
    requests = result.requests
    accepted = requests[requests["outcome"] == "accepted"]
    return float((accepted["cpus"] * accepted["duration"]).sum())


def test_a_random_agent_plays_an_audited_episode(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    env = arsim.CoallocationEnv(path, out=str(tmp_path / "random"), audit=True)
    total, steps, result = play(env, RandomAgent(5), seed=3)
    assert "audit: passed" in result.stdout
    assert steps == len(result.requests) > 0
    assert total == accepted_cpu_seconds(result) > 0


def test_a_greedy_agent_gets_what_the_cpp_greedy_gets(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    env = arsim.CoallocationEnv(path, out=str(tmp_path / "greedy"), audit=True)
    total, steps, result = play(env, GreedyAgent(), seed=3)
    assert "audit: passed" in result.stdout
    cpp = arsim.run(path, out=str(tmp_path / "cpp"), seed=3, audit=True, progress=False,
                    set={"grc.plan_all": True})
    assert total == accepted_cpu_seconds(result) == accepted_cpu_seconds(cpp)
    columns = ["request_id", "outcome", "reserved_start", "sites", "paths", "plans_found"]
    assert result.requests[columns].equals(cpp.requests[columns])


def test_close_in_the_middle_of_an_episode_stops_arsim(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    env = arsim.CoallocationEnv(path, out=str(tmp_path / "cut"), audit=True)
    observation, _ = env.reset(seed=3)
    assert observation is not None
    proc = env._proc
    env.close()
    assert proc.poll() is not None
    assert not os.path.exists(os.path.join(str(tmp_path / "cut"), "run.json"))
