"""Two agents for the step-wise interface arsim.CoallocationEnv
(docs/guide/your-own-algorithm.md, Step by step): a random one and the Python greedy.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/agents.py scenarios/elgl_greedy.xml

plays one episode with each and prints the total reward (accepted CPU·s) and the success ratio.
"""

import collections
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from greedy import Greedy  # noqa: E402


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


class RandomAgent:
    """A random frame, random distinct sites with enough free cores (a pinned component's own),
    random shortest routes; rejects when that does not fit."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def __call__(self, observation):
        graph, request = observation["graph"], observation["request"]
        k = self.rng.randrange(len(observation["frames"]))
        frame = observation["frames"][k]
        sites = [v for v, x in enumerate(graph["vertices"]) if x["role"] == "site"]
        self.rng.shuffle(sites)
        pinned = {c["site"] for c in request["components"] if "site" in c}
        placed = []
        for component in request["components"]:
            fits = (v for v in sites if frame["free_cores"][v] >= component["cpus"])
            if "site" in component:  # pinned: its site or nothing
                site = next((v for v in fits if v == component["site"]), None)
            else:
                site = next((v for v in fits if v not in placed and v not in pinned), None)
            if site is None:
                return None
            placed.append(site)
        free = list(frame["free_bandwidth"])
        routes = []
        for pair in request["pairs"]:
            if pair["bandwidth"] <= 0:
                routes.append([])
                continue
            path = route(graph, free, placed[pair["a"]], placed[pair["b"]], pair["bandwidth"],
                         self.rng)
            if path is None:
                return None
            for e in path:
                free[e] -= pair["bandwidth"]
            routes.append(path)
        return {"frame": k, "sites": placed, "routes": routes}


class GreedyAgent:
    """The plans of examples/python/greedy.py for every frame, tried in the GRC's order."""

    def __init__(self):
        self.planner = Greedy({"max_hops": 0}, random.Random(1))
        self.graph = None

    def __call__(self, observation):
        if observation["graph"] is not self.graph:
            self.graph = observation["graph"]
            self.planner.graph(self.graph)
        return self.planner.plan(observation)["plans"]


def play(env, agent, seed):
    """One episode: (total reward, steps, the run's arsim.Result)."""
    observation, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, observation is None
    while not done:
        observation, reward, done, truncated, info = env.step(agent(observation))
        total += reward
        steps += 1
    return total, steps, info["result"]


def main():
    import arsim
    scenario = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "scenarios",
                                                                  "elgl_greedy.xml")
    for name, agent in (("random", RandomAgent(1)), ("greedy", GreedyAgent())):
        total, steps, result = play(arsim.CoallocationEnv(scenario), agent, seed=1)
        accepted = (result.requests.outcome == "accepted").mean()
        print(f"{name}: {steps} decisions, reward {total:.0f} CPU·s, success ratio {accepted:.3f}")


if __name__ == "__main__":
    main()
