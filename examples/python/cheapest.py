"""A co-allocation planner in Python (docs/guide/your-own-algorithm.md): each component on the
cheapest free site (lowest unit value, then most free cores), each network on a path of fewest
hops with enough free bandwidth; a pinned component (one with a `site`) on its site, or no plan if
that site lacks its cores. One plan per frame. It knows nothing of arsim: the messages are plain
dicts (docs/guide/protocol.md)."""

from collections import deque


class Cheapest:
    params = {"max_hops": 0}  # edges per path at most; 0: no limit

    def __init__(self, params, rng):
        self.max_hops = params["max_hops"]

    def graph(self, graph):
        self.sites = [v for v, x in enumerate(graph["vertices"]) if x["role"] == "site"]
        self.value = [x["unit_value"] for x in graph["vertices"]]
        self.edges = [(e["a"], e["b"]) for e in graph["edges"]]

    def plan(self, message):
        request = message["request"]
        plans = []
        for k, frame in enumerate(message["frames"]):
            plan = self.plan_frame(request, frame)
            if plan:
                plans.append(dict(plan, frame=k))
        return {"plans": plans}

    def plan_frame(self, request, frame):
        cores = frame["free_cores"]
        order = sorted(self.sites, key=lambda v: (self.value[v], -cores[v], v))
        pinned = {c["site"] for c in request["components"] if "site" in c}
        sites = []
        for component in request["components"]:
            fits = (v for v in order if cores[v] >= component["cpus"])
            if "site" in component:
                site = next((v for v in fits if v == component["site"]), None)
            else:
                site = next((v for v in fits if v not in sites and v not in pinned), None)
            if site is None:
                return None
            sites.append(site)
        free = list(frame["free_bandwidth"])
        routes = []
        for pair in request["pairs"]:
            path = self.route(free, sites[pair["a"]], sites[pair["b"]], pair["bandwidth"])
            if path is None:
                return None
            for e in path:
                free[e] -= pair["bandwidth"]
            routes.append(path)
        return {"sites": sites, "routes": routes}

    def route(self, free, source, target, demand):
        """Fewest hops over edges with `demand` free (breadth first, lowest edge id first)."""
        if demand <= 0:
            return []
        came, queue = {source: None}, deque([(source, 0)])
        while queue:
            v, hops = queue.popleft()
            if v == target:
                path = []
                while came[v] is not None:
                    e, v = came[v]
                    path.append(e)
                return path[::-1]
            if self.max_hops and hops == self.max_hops:
                continue
            for e, (a, b) in enumerate(self.edges):
                w = b if a == v else a if b == v else None
                if w is not None and w not in came and free[e] >= demand - 1e-9:
                    came[w] = (e, v)
                    queue.append((w, hops + 1))
        return None
