"""Small algorithms of the four families for tests/python/test_bridge.py, named in scenarios as
algorithms.py:Class (docs/guide/protocol.md gives their messages)."""

from collections import deque


class FirstFit:
    """Each component on its own site with enough free cores, pairs on shortest free paths."""

    params = {"max_plans": 3, "spread": True, "factor": 1.0, "label": ""}

    def __init__(self, params, rng):
        types = {"max_plans": int, "spread": bool, "factor": float, "label": str}
        assert {k: type(v) for k, v in params.items()} == types, params
        self.params = params
        self.rng = rng

    def graph(self, message):
        self.sites = [v for v, x in enumerate(message["vertices"]) if x["role"] == "site"]
        self.edges = [(e["a"], e["b"]) for e in message["edges"]]

    def path(self, a, b, free, need):
        """The edges of a shortest path from a to b whose free bandwidth is at least need."""
        before = {a: None}
        queue = deque([a])
        while queue:
            v = queue.popleft()
            if v == b:
                out = []
                while before[v] is not None:
                    v, e = before[v]
                    out.append(e)
                return out[::-1]
            for e, (x, y) in enumerate(self.edges):
                w = y if x == v else x if y == v else None
                if w is not None and w not in before and free[e] >= need:
                    before[w] = (v, e)
                    queue.append(w)
        return None

    def fit(self, request, frame):
        cores = list(frame["free_cores"])
        sites = []
        for c in request["components"]:
            fits = [s for s in self.sites if s not in sites and cores[s] >= c["cpus"]]
            if not fits:
                return None
            sites.append(fits[0])
        free = list(frame["free_bandwidth"])
        routes = []
        for p in request["pairs"]:
            route = [] if p["bandwidth"] <= 0 else self.path(sites[p["a"]], sites[p["b"]], free,
                                                              p["bandwidth"])
            if route is None:
                return None
            for e in route:
                free[e] -= p["bandwidth"]
            routes.append(route)
        return {"sites": sites, "routes": routes}

    def plan(self, message):
        plans = []
        for f, frame in enumerate(message["frames"]):
            found = self.fit(message["request"], frame)
            if found and len(plans) < self.params["max_plans"]:
                plans.append(dict(found, frame=f))
        return {"plans": plans, "nodes": len(message["frames"])}


class SmallestSite(FirstFit):
    """Every component on the site with the fewest cores: infeasible once a component needs more."""

    def plan(self, message):
        request = message["request"]
        cores = message["frames"][0]["free_cores"]
        sites = sorted(self.sites, key=lambda s: cores[s])[: len(request["components"])]
        return {"plans": [{"frame": 0, "sites": sites, "routes": [[] for _ in request["pairs"]]}]}


class Raising(FirstFit):
    def plan(self, message):
        return {"plans": [1 / 0]}


class SetAnswer(FirstFit):
    def plan(self, message):
        return {"plans": {0}}


class NoPlan:
    def __init__(self, params, rng):
        pass


class EarliestFree:
    """Each task, its predecessor first, on the resource where it can start soonest."""

    def __init__(self, params, rng):
        pass

    def schedule(self, message):
        tasks = message["tasks"]
        free = list(message["busy_until"]) or [message["period_start"]] * message["resources"]
        resource, start = [None] * len(tasks), [None] * len(tasks)

        def place(i):
            if resource[i] is not None:
                return
            t = tasks[i]
            ready = max(t["start"], t["release"])
            p = t["predecessor"]
            if p >= 0:
                place(p)
                ready = max(ready, start[p] + tasks[p]["finish"] - tasks[p]["start"])
            r = min(range(len(free)), key=lambda k: max(free[k], ready))
            resource[i], start[i] = r, max(free[r], ready)
            free[r] = start[i] + t["finish"] - t["start"]

        for i in range(len(tasks)):
            place(i)
        return {"resource": resource, "start": start}


class FirstFitMatcher:
    """Jobs in order; a job is matched when every dependency finds a resource with room."""

    def __init__(self, params, rng):
        pass

    def match(self, message):
        resources = message["resources"]
        load = [[0.0] * len(r["capacity"]) for r in resources]
        assigned = []
        for job in message["jobs"]:
            chosen = []
            for d in job["depends"]:
                for r, res in enumerate(resources):
                    fits = res["type"] == d["type"] and all(
                        res["static_values"][q["attribute"]] == q["value"]
                        for q in d["requirements"])
                    if fits and all(load[r][a] + u <= res["capacity"][a]
                                    for a, u in enumerate(d["usage"])):
                        chosen.append(r)
                        for a, u in enumerate(d["usage"]):
                            load[r][a] += u
                        break
                else:
                    break
            if len(chosen) < len(job["depends"]):
                for r, d in zip(chosen, job["depends"]):
                    for a, u in enumerate(d["usage"]):
                        load[r][a] -= u
                chosen = []
            assigned.append(chosen)
        return {"assigned": assigned}


class NoGangs:
    """Matches nothing: every cycle's answer is no gang."""

    def __init__(self, params, rng):
        self.cycles = 0

    def gang(self, message):
        self.cycles += 1
        return {"gangs": []}


class BadInit:
    def __init__(self, params, rng):
        raise ValueError("no such weight")


class LoneRoot:
    """Answers each cycle with a gang of its first root alone, its ports left unbound: wrong."""

    def __init__(self, params, rng):
        pass

    def gang(self, message):
        roots = message["roots"]
        return {"gangs": [[{"ad": roots[0], "parent": -1, "parent_port": -1, "port": -1}]]
                if roots else []}


class AllOnFirst:
    """Puts every dependency of every job on resource 0, whatever its type or load: wrong."""

    def __init__(self, params, rng):
        pass

    def match(self, message):
        return {"assigned": [[0] * len(job["depends"]) for job in message["jobs"]]}
