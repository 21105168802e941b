"""The step-wise interface (arsim.CoallocationEnv): a random agent and a greedy agent each play one
episode of a small co-allocation scenario. Their runs pass the auditor, the rewards add up to the
accepted CPU·s the run's requests.csv shows, and the greedy agent, answering with the plans of the
Python greedy (examples/python/greedy.py), gets exactly what the C++ greedy gets."""

import collections
import importlib.util
import os
import random

import arsim
from conftest import ROOT, scenario_text

GREEDY = os.path.join(ROOT, "examples", "python", "greedy.py")


def load_greedy():
    spec = importlib.util.spec_from_file_location("greedy_example", GREEDY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Greedy


def route(graph, free, source, target, demand, rng):
    """A path of edges with `demand` free from source to target (breadth first, neighbours in a
    random order), or None."""
    adjacent = collections.defaultdict(list)
    for e, edge in enumerate(graph["edges"]):
        if free[e] >= demand:
            adjacent[edge["a"]].append((e, edge["b"]))
            adjacent[edge["b"]].append((e, edge["a"]))
    came = {source: None}
    queue = collections.deque([source])
    while queue:
        v = queue.popleft()
        if v == target:
            break
        step = adjacent[v][:]
        rng.shuffle(step)
        for e, w in step:
            if w not in came:
                came[w] = (e, v)
                queue.append(w)
    if target not in came:
        return None
    path, v = [], target
    while came[v] is not None:
        e, v = came[v]
        path.append(e)
    return path[::-1]


def random_plan(observation, rng):
    """A random frame, random distinct sites with enough free cores, random shortest routes; None
    when that does not fit."""
    graph, request = observation["graph"], observation["request"]
    k = rng.randrange(len(observation["frames"]))
    frame = observation["frames"][k]
    sites = [v for v, x in enumerate(graph["vertices"]) if x["role"] == "site"]
    rng.shuffle(sites)
    placed, taken = [], set()
    for component in request["components"]:
        site = next((v for v in sites if v not in taken
                     and frame["free_cores"][v] >= component["cpus"]), None)
        if site is None:
            return None
        placed.append(site)
        taken.add(site)
    free = list(frame["free_bandwidth"])
    routes = []
    for pair in request["pairs"]:
        if pair["bandwidth"] <= 0:
            routes.append([])
            continue
        path = route(graph, free, placed[pair["a"]], placed[pair["b"]], pair["bandwidth"], rng)
        if path is None:
            return None
        for e in path:
            free[e] -= pair["bandwidth"]
        routes.append(path)
    return {"frame": k, "sites": placed, "routes": routes}


def play(env, agent, seed):
    observation, _ = env.reset(seed=seed)
    total, steps, done = 0.0, 0, observation is None
    while not done:
        observation, reward, done, truncated, info = env.step(agent(observation))
        assert not truncated
        total += reward
        steps += 1
    return total, steps, info["result"]


def accepted_cpu_seconds(result):
    requests = result.requests
    accepted = requests[requests["outcome"] == "accepted"]
    return float((accepted["cpus"] * accepted["duration"]).sum())


def test_a_random_agent_plays_an_audited_episode(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    env = arsim.CoallocationEnv(path, out=str(tmp_path / "random"), audit=True)
    rng = random.Random(5)
    total, steps, result = play(env, lambda obs: random_plan(obs, rng), seed=3)
    assert steps == len(result.requests) > 0
    assert total == accepted_cpu_seconds(result) > 0
    assert (result.requests["outcome"] == "rejected").any() or total > 0


def test_a_greedy_agent_gets_what_the_cpp_greedy_gets(tmp_path, write_scenario):
    path = write_scenario("s.xml", scenario_text())
    Greedy = load_greedy()
    planner = Greedy({"max_hops": 0}, random.Random(1))
    known = {}

    def agent(observation):
        if known.get("graph") is not observation["graph"]:
            planner.graph(observation["graph"])
            known["graph"] = observation["graph"]
        return planner.plan(observation)["plans"]

    env = arsim.CoallocationEnv(path, out=str(tmp_path / "greedy"), audit=True)
    total, steps, result = play(env, agent, seed=3)
    cpp = arsim.run(path, out=str(tmp_path / "cpp"), seed=3, audit=True, progress=False,
                    set={"grc.plan_all": True})
    assert total == accepted_cpu_seconds(result) == accepted_cpu_seconds(cpp)
    columns = ["request_id", "outcome", "reserved_start", "sites", "paths", "plans_found"]
    assert result.requests[columns].equals(cpp.requests[columns])
