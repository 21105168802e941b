#!/usr/bin/python3
"""A co-allocation planner speaking the protocol of docs/guide/protocol.md on its own, without
the arsim package: a teaching example of a client, not a good planner (it ignores cost and
leaves every choice to id order).

Per frame: each component, in index order, on the first site (lowest vertex id) with enough free
cores that holds no other component of the request, or, when pinned (it has a `site`), on its site
if that has enough; each pair with bandwidth, in pair order, on a path of fewest hops
(breadth-first search from the site of `a`, edges in id order) over the edges with enough bandwidth
still free, which is then deducted. A frame where something does not fit gets no plan.

    <grc algorithm="external" frames="10">
      <param name="command" value="/usr/bin/python3 /path/to/first_fit.py"/>
    </grc>
"""

import json
import sys

EPS = 1e-9  # bandwidth tolerance, as arsim's plan checker (model::check_plan)


class FirstFit:
    def __init__(self):
        self.sites, self.incident = [], []

    def graph(self, message):
        self.sites = [v for v, x in enumerate(message["vertices"]) if x["role"] == "site"]
        self.incident = [[] for _ in message["vertices"]]
        for e, edge in enumerate(message["edges"]):
            self.incident[edge["a"]].append((e, edge["b"]))
            self.incident[edge["b"]].append((e, edge["a"]))
        return {}

    def plan(self, message):
        request, plans = message["request"], []
        for k, frame in enumerate(message["frames"]):
            sites = self.place(request["components"], frame["free_cores"])
            if sites is None:
                continue
            free, routes = list(frame["free_bandwidth"]), []
            for pair in request["pairs"]:
                path = []
                if pair["bandwidth"] > 0:
                    path = self.bfs(free, sites[pair["a"]], sites[pair["b"]], pair["bandwidth"])
                    if path is None:
                        break
                    for e in path:
                        free[e] -= pair["bandwidth"]
                routes.append(path)
            else:
                plans.append({"frame": k, "sites": sites, "routes": routes})
        return {"plans": plans}

    def place(self, components, free_cores):
        pinned = {c["site"] for c in components if "site" in c}
        sites = []
        for c in components:
            fits = (v for v in self.sites if free_cores[v] >= c["cpus"])
            if "site" in c:
                v = next((v for v in fits if v == c["site"]), None)
            else:
                v = next((v for v in fits if v not in sites and v not in pinned), None)
            if v is None:
                return None
            sites.append(v)
        return sites

    def bfs(self, free, source, target, bandwidth):
        """The edges of a fewest-hop path with `bandwidth` free on each, or None."""
        via = {source: None}  # vertex -> (edge, previous vertex) it was reached by
        queue = [source]
        for v in queue:
            for e, w in self.incident[v]:
                if w not in via and free[e] >= bandwidth - EPS:
                    via[w] = (e, v)
                    queue.append(w)
        if target not in via or source == target:
            return None
        path = []
        while via[target] is not None:
            e, target = via[target]
            path.append(e)
        return path[::-1]


def main():
    planner = FirstFit()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "end":
            return 0
        if kind == "hello":
            answer = {"protocol": 1}
        elif kind in ("graph", "plan"):
            answer = getattr(planner, kind)(message)
        elif kind == "outcome":
            answer = {}
        else:
            answer = {"error": f"first_fit plans co-allocations; it cannot answer '{kind}'"}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
