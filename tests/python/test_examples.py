"""The examples of examples/: greedy.py (the C++ greedy planner in Python) on small cases computed
by hand, and the protocol clients first_fit.py and earliest_free (built in the build folder) in a
child process through a scripted conversation."""

import importlib.util
import json
import os
import random
import subprocess
import sys

from conftest import ROOT

EXAMPLES = os.path.join(ROOT, "examples")
EARLIEST_FREE = os.path.join(os.environ.get("ARSIM_BUILD_DIR", "build"), "examples",
                             "earliest_free")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


Greedy = load(os.path.join("python", "greedy.py"), "Greedy")


def graph(sites, exchanges, edges, latencies=None):
    """The graph message: `sites` vertices first, then `exchanges`; edges (a, b, bandwidth), their
    latencies 0 unless given."""
    vertices = [{"name": f"v{v}", "role": "site" if v < sites else "exchange",
                 "domain": "d", "cores": 8 if v < sites else 0, "unit_value": 1}
                for v in range(sites + exchanges)]
    latencies = latencies or [0.0] * len(edges)
    return {"type": "graph", "vertices": vertices,
            "edges": [{"name": f"e{i}", "a": a, "b": b, "domain": "n", "bandwidth": w,
                       "unit_value": 1, "latency": latencies[i]}
                      for i, (a, b, w) in enumerate(edges)]}


def plan_message(cpus, pairs, frames):
    """frames: (free_cores, free_bandwidth) each; pairs: (a, b, bandwidth[, max_latency])."""
    return {"type": "plan",
            "request": {"id": 0, "user": "U", "submit": 0, "est": 0, "lst": 0, "duration": 60,
                        "service_level": 1, "components": [{"cpus": c} for c in cpus],
                        "pairs": [dict(zip(("a", "b", "bandwidth", "max_latency"), p))
                                  for p in pairs]},
            "frames": [{"start": 0, "end": 60, "free_cores": c, "free_bandwidth": b}
                       for c, b in frames]}


def greedy_plans(g, message, max_hops=0):
    planner = Greedy({"max_hops": max_hops}, random.Random(1))
    planner.graph(g)
    return planner.plan(message)["plans"]


# Sites A=0 and B=1, exchanges X=2 and Y=3: A-X-B narrow (5), A-Y-B wide (8 and 9), A-B direct (2).
TWO_PATHS = graph(2, 2, [(0, 2, 5), (2, 1, 5), (0, 3, 8), (3, 1, 9), (0, 1, 2)])
TWO_PATHS_FREE = [5, 5, 8, 9, 2]


def test_greedy_puts_the_largest_component_on_the_site_with_most_free_cores():
    g = graph(2, 1, [(0, 2, 10), (2, 1, 10)])
    # Component 1 (4 cpus) first, on site 0 (8 free); component 0 on site 1; the pair from the
    # site of component 0 to that of component 1.
    plans = greedy_plans(g, plan_message([2, 4], [(0, 1, 1)], [([8, 4, 0], [10, 10])]))
    assert plans == [{"frame": 0, "sites": [1, 0], "routes": [[1, 0]]}]


def test_greedy_routes_on_the_wider_path_and_deducts_in_pair_order():
    plans = greedy_plans(TWO_PATHS, plan_message([1, 1], [(0, 1, 4), (0, 1, 4)],
                                                 [([4, 4, 0, 0], TWO_PATHS_FREE)]))
    # Equal free cores: component 0 on the lowest id. Pair 0 takes A-Y-B (bottleneck 8), which
    # leaves 4 and 5 there; pair 1 then finds A-X-B (5) wider than A-Y-B (4).
    assert plans == [{"frame": 0, "sites": [0, 1], "routes": [[2, 3], [0, 1]]}]


def test_greedy_limits_the_hops():
    plans = greedy_plans(TWO_PATHS, plan_message([1, 1], [(0, 1, 1)],
                                                 [([4, 4, 0, 0], TWO_PATHS_FREE)]), max_hops=1)
    assert plans == [{"frame": 0, "sites": [0, 1], "routes": [[4]]}]


def test_greedy_breaks_ties_by_fewest_edges_then_smallest_edge_ids():
    # A=0, B=1; X=2, Y=3, Z=4. A-X-Y-B (3 edges, ids 0 1 2), A-Z-B (ids 3 4), A-Y-B (ids 5 2).
    # A-Y-B is wider by 5e-10 only, within the 1e-9 that makes bottlenecks tie; of the two
    # paths of two edges, [3, 4] comes before [5, 2] (the same sum, a larger last id).
    wide = 10 + 5e-10
    free = [10, 10, wide, 10, 10, wide]
    g = graph(2, 3, [(0, 2, 10), (2, 3, 10), (3, 1, wide), (0, 4, 10), (4, 1, 10), (0, 3, wide)])
    plans = greedy_plans(g, plan_message([1, 1], [(0, 1, 1)], [([4, 4, 0, 0, 0], free)]))
    assert plans == [{"frame": 0, "sites": [0, 1], "routes": [[3, 4]]}]


def test_greedy_gives_no_plan_for_a_frame_where_the_request_does_not_fit():
    frames = [([4, 4, 0, 0], TWO_PATHS_FREE),  # fits
              ([4, 3, 0, 0], TWO_PATHS_FREE),  # one site with 4 cores only
              ([4, 4, 0, 0], [5, 5, 8, 7.9, 2])]  # no path with 8 free
    plans = greedy_plans(TWO_PATHS, plan_message([4, 4], [(0, 1, 8)], frames))
    assert plans == [{"frame": 0, "sites": [0, 1], "routes": [[2, 3]]}]


def pinned(message, pins):
    """The plan message with component j pinned to vertex pins[j] (docs/guide/protocol.md)."""
    for component, site in zip(message["request"]["components"], pins):
        if site is not None:
            component["site"] = site
    return message


# Sites 0, 1, 2 with 8, 4 and 6 free cores, no network: each example's placement, then with pins.
THREE_SITES = graph(3, 0, [])
THREE_FREE = [([8, 4, 6], [])]


def test_greedy_keeps_pinned_components_on_their_sites_and_places_the_others_around_them():
    def sites(pins, frames=THREE_FREE):
        return [p["sites"] for p in greedy_plans(THREE_SITES,
                                                 pinned(plan_message([2, 4], [], frames), pins))]
    assert sites([None, None]) == [[2, 0]]  # 4 cores on the most free, 8; 2 cores on 6
    assert sites([None, 1]) == [[0, 1]]  # 1 on its pin, 0 on the most free left
    assert sites([0, None]) == [[0, 2]]
    assert sites([None, 1], [([8, 3, 6], [])]) == []  # the pin lacks the cores: no plan


def test_cheapest_and_first_fit_keep_pinned_components_on_their_sites():
    cheapest = load(os.path.join("python", "cheapest.py"), "Cheapest")({"max_hops": 0}, None)
    first_fit = load(os.path.join("external", "first_fit.py"), "FirstFit")()
    for planner in (cheapest, first_fit):
        planner.graph(THREE_SITES)

    def sites(planner, pins, frames=THREE_FREE):
        message = pinned(plan_message([2, 4], [], frames), pins)
        return [p["sites"] for p in planner.plan(message)["plans"]]
    assert sites(cheapest, [None, None]) == [[0, 2]]  # equal unit values: the most free first
    assert sites(cheapest, [1, None]) == [[1, 0]]
    assert sites(first_fit, [None, None]) == [[0, 1]]  # the lowest id with the cores
    assert sites(first_fit, [None, 0]) == [[1, 0]]
    for planner in (cheapest, first_fit):
        assert sites(planner, [None, 1], [([8, 3, 6], [])]) == []


def test_greedy_takes_a_narrower_path_within_a_latency_bound():
    # TWO_PATHS with latencies: A-Y-B (the widest) takes 3 s, A-X-B 2 s, A-B 1 s.
    g = graph(2, 2, [(0, 2, 5), (2, 1, 5), (0, 3, 8), (3, 1, 9), (0, 1, 2)], [1, 1, 1, 2, 1])
    frames = [([4, 4, 0, 0], TWO_PATHS_FREE)]
    routes = [greedy_plans(g, plan_message([1, 1], [(0, 1, 1, bound)], frames))[0]["routes"]
              for bound in (3, 2.5, 1)]
    assert routes == [[[2, 3]], [[0, 1]], [[4]]]
    assert greedy_plans(g, plan_message([1, 1], [(0, 1, 1, 0.5)], frames)) == []


def simple_paths(g, at, to, seen):
    """Every simple path from `at` to `to`, as edge ids."""
    if at == to:
        yield []
        return
    for e, edge in enumerate(g["edges"]):
        if at in (edge["a"], edge["b"]):
            w = edge["b"] if edge["a"] == at else edge["a"]
            if w not in seen:
                for rest in simple_paths(g, w, to, seen | {w}):
                    yield [e] + rest


def test_greedy_routes_within_a_bound_as_latency_path_hpp_orders_the_paths():
    # schedulers/routing/latency_path.hpp's order over every simple path meeting the bound, by
    # brute force on random graphs: largest bottleneck, then fewest edges, then smallest ids.
    # Integer bandwidths and latencies in eighths of a second keep every comparison exact.
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(3, 6)
        edges = [(a, b, rng.randint(1, 4)) for a in range(n) for b in range(a + 1, n)
                 if rng.random() < 0.6]
        if not edges:
            continue
        latencies = [rng.randint(0, 8) / 8 for _ in edges]
        g = graph(2, n - 2, edges, latencies)
        free = [w for _, _, w in edges]
        need, bound = rng.randint(1, 2), rng.randint(0, 16) / 8
        fits = [p for p in simple_paths(g, 0, 1, {0})
                if all(free[e] >= need for e in p) and sum(latencies[e] for e in p) <= bound]
        best = min(fits, key=lambda p: (-min(free[e] for e in p), len(p), p), default=None)
        plans = greedy_plans(g, plan_message([1, 1], [(0, 1, need, bound)],
                                             [([4, 4] + [0] * (n - 2), free)]))
        assert plans == ([] if best is None else
                         [{"frame": 0, "sites": [0, 1], "routes": [best]}]), (edges, latencies)


def converse(command, messages):
    done = subprocess.run(command, input="".join(json.dumps(m) + "\n" for m in messages),
                          capture_output=True, text=True, timeout=60)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


HELLO = {"type": "hello", "protocol": 1, "family": "planner", "algorithm": "external",
         "params": {"timeout": "60"}, "seed": 1}
END = {"type": "end"}


def test_first_fit_takes_the_first_site_and_the_fewest_hops():
    plan = plan_message([1, 1], [(0, 1, 1), (1, 0, 0)],
                        [([4, 4, 0, 0], TWO_PATHS_FREE), ([4, 0, 0, 0], TWO_PATHS_FREE)])
    status, answers, err = converse(
        [sys.executable, os.path.join(EXAMPLES, "external", "first_fit.py")],
        [HELLO, TWO_PATHS, plan, {"type": "outcome", "request": 0, "accepted": True}, END])
    # The direct edge A-B: one hop, however narrow. Frame 1 has one site with cores.
    assert (status, err) == (0, "")
    assert answers == [{"protocol": 1}, {}, {"plans": [{"frame": 0, "sites": [0, 1],
                                                        "routes": [[4], []]}]}, {}]


def schedule_message(busy_until, tasks):
    """tasks: (start, finish, predecessor, release) each."""
    return {"type": "schedule", "resources": len(busy_until), "busy_until": busy_until,
            "period_start": 0, "period": 60,
            "tasks": [{"id": 10 + i, "start": s, "finish": f, "predecessor": p, "release": r,
                       "processors": 1} for i, (s, f, p, r) in enumerate(tasks)]}


def check_schedule(message, answer):
    """The rules of schedulers::check_schedule (schedulers/interval_scheduler.cpp): each placed
    task starts no earlier than its ready time, its resource's busy time and its predecessor's
    actual finish; no two tasks overlap on a resource."""
    tasks, resource, start = message["tasks"], answer["resource"], answer["start"]
    on = {}
    for i, t in enumerate(tasks):
        r, p = resource[i], t["predecessor"]
        assert 0 <= r < message["resources"]
        assert start[i] >= max(t["start"], t["release"], message["busy_until"][r])
        if p >= 0:
            assert start[i] >= start[p] + tasks[p]["finish"] - tasks[p]["start"]
        on.setdefault(r, []).append((start[i], t["finish"] - t["start"]))
    for runs in on.values():
        runs.sort()
        for (s0, d0), (s1, _) in zip(runs, runs[1:]):
            assert s0 + d0 <= s1


def test_earliest_free_places_by_ready_time_on_the_resource_free_first():
    assert os.access(EARLIEST_FREE, os.X_OK), f"{EARLIEST_FREE}: build the earliest_free target"
    first = schedule_message([0, 35], [(0, 10, 2, 0), (5, 50, -1, 0), (1, 2, -1, 3)])
    second = schedule_message([0, 0], [(0, 10, -1, 0), (2, 3, 0, 0)])
    status, answers, err = converse([EARLIEST_FREE],
                                    [dict(HELLO, family="interval"), first, second,
                                     {"type": "gang"}, END])
    assert (status, err) == (0, "")
    # Task 2 (ready 3, its release) first, on resource 0, free first; task 0 waits for its
    # predecessor 2, listed after it, to finish at 4; task 1 then finds resource 0 free at 14,
    # before resource 1 (35). In the second activation task 1 waits for its predecessor's
    # actual finish (10) although resource 1 is free from 0.
    assert answers[:3] == [{"protocol": 1}, {"resource": [0, 0, 0], "start": [4, 14, 3]},
                           {"resource": [0, 1], "start": [0, 10]}]
    assert answers[3]["error"].startswith("earliest_free: ")
    check_schedule(first, answers[1])
    check_schedule(second, answers[2])


def test_earliest_free_answers_a_malformed_line_with_an_error():
    assert os.access(EARLIEST_FREE, os.X_OK), f"{EARLIEST_FREE}: build the earliest_free target"
    bad = '{"type": "schedule", "resources": 2, "tasks": [{"start": 1,}]}\n'
    done = subprocess.run([EARLIEST_FREE], input=bad + json.dumps(END) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert json.loads(done.stdout) == {"error": "earliest_free: expected a string"}
