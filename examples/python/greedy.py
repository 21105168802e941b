"""The greedy co-allocation planner of schedulers/greedy/greedy.cpp in Python: the same plans, bit
for bit, so that a run with this class and one with `greedy` write the same files.

Per frame: each pinned component (one with a `site`) on its site, or no plan if that site lacks its
cores; then the other components by cpus descending (ties: lower index first), each on the free
site with the most free cores that has enough (ties: lowest vertex id, one component per site);
then each pair
with bandwidth, in pair order, on the widest path of the bandwidth still free, deducted as it goes
(schedulers/routing/widest_path.cpp: bottlenecks within 1e-9 tie, then fewest edges, then the
lexicographically smallest sequence of edge ids). A pair with a `max_latency` is routed the same
way over the paths whose latency (the sum of the edges' `latency`) meets it
(schedulers/routing/latency_path.cpp), a narrower path within the bound winning over a wider one
beyond it.

The answer leaves `cost` out: arsim then takes the plan's value (model::plan_value), the number the
C++ planner writes. The class imports nothing of arsim, so it runs in process as well as behind
`external`:

    python3 -m arsim.serve examples/python/greedy.py:Greedy [max_hops=N]
"""

import heapq

EPS = 1e-9  # the tolerance of widest_path.cpp and model::check_plan
INF = float("inf")


class Greedy:
    params = {"max_hops": 0}  # edges per path at most, 0 = unlimited (GridARS eq. 11's N_max)

    def __init__(self, params, rng):
        self.max_hops = int(params.get("max_hops", 0))
        self.sites = []  # vertex ids of the compute sites, ascending
        self.incident = []  # per vertex: (edge id, other end) of its edges
        self.latency = []  # per edge, seconds

    def graph(self, message):
        vertices, edges = message["vertices"], message["edges"]
        self.sites = [v for v, vertex in enumerate(vertices) if vertex["role"] == "site"]
        self.incident = [[] for _ in vertices]
        self.latency = [edge["latency"] for edge in edges]
        for e, edge in enumerate(edges):
            self.incident[edge["a"]].append((e, edge["b"]))
            self.incident[edge["b"]].append((e, edge["a"]))

    def plan(self, message):
        request = message["request"]
        cpus = [c["cpus"] for c in request["components"]]
        pins = [c.get("site", -1) for c in request["components"]]  # "site" only when pinned
        order = sorted(range(len(cpus)), key=lambda j: -cpus[j])  # stable: ties keep index order
        plans = []
        for k, frame in enumerate(message["frames"]):
            sites = self.place(cpus, pins, order, frame["free_cores"])
            if sites is None:
                continue
            routes = self.route(request["pairs"], sites, frame["free_bandwidth"])
            if routes is not None:
                plans.append({"frame": k, "sites": sites, "routes": routes})
        return {"plans": plans}

    def place(self, cpus, pins, order, free):
        """The site of each component, or None."""
        placed = [-1] * len(cpus)
        taken = set()
        for j, v in enumerate(pins):  # pinned components first, each on its site
            if v < 0:
                continue
            if v not in self.sites or v in taken or free[v] < cpus[j]:
                return None
            taken.add(v)
            placed[j] = v
        for j in order:
            if pins[j] >= 0:
                continue
            best = -1
            for v in self.sites:
                if v not in taken and free[v] >= cpus[j] and (best < 0 or free[v] > free[best]):
                    best = v
            if best < 0:
                return None
            taken.add(best)
            placed[j] = best
        return placed

    def route(self, pairs, sites, free_bandwidth):
        """The path of each pair ([] without bandwidth), or None when one does not fit."""
        free = list(free_bandwidth)  # what later pairs see
        routes = []
        for pair in pairs:
            bandwidth = pair["bandwidth"]
            path = []
            if bandwidth > 0:
                ends = sites[pair["a"]], sites[pair["b"]]
                if "max_latency" in pair:  # present only when the pair has a bound
                    path = self.widest_path_within(free, *ends, bandwidth, pair["max_latency"])
                else:
                    path = self.widest_path(free, *ends, bandwidth)
                if path is None:
                    return None
                for e in path:
                    free[e] -= bandwidth
            routes.append(path)
        return routes

    def widest_path(self, free, source, target, min_bandwidth):
        """widest_path.cpp's search: the largest free bandwidth (a level) whose edges still join
        the ends within max_hops, by binary search, then the smallest shortest path there."""
        if source == target:
            return None
        base = min_bandwidth - EPS
        levels = sorted({b for b in free if b >= base})
        if not levels or self.hops(free, source, target, max(levels[0] - EPS, base)) is None:
            return None
        lo, hi = 0, len(levels) - 1  # levels[lo] joins the ends
        while lo < hi:
            mid = lo + (hi - lo + 1) // 2
            if self.hops(free, source, target, max(levels[mid] - EPS, base)) is not None:
                lo = mid
            else:
                hi = mid - 1
        floor = max(levels[lo] - EPS, base)
        dist = self.hops(free, source, target, floor)
        path, at = [], source
        while dist[at] > 0:  # each step one hop closer, on the smallest edge id
            best, step = -1, -1
            for e, w in self.incident[at]:
                if free[e] >= floor and dist[w] == dist[at] - 1 and (best < 0 or e < best):
                    best, step = e, w
            path.append(best)
            at = step
        return path

    def hops(self, free, source, target, floor):
        """Hop distances to `target` over the edges with at least `floor` free, the search stopped
        once `source` is reached (every vertex nearer than it has its distance then); None when
        `source` is not reached within max_hops."""
        dist = [-1] * len(self.incident)
        dist[target] = 0
        queue = [target]
        for v in queue:  # the list grows while it is walked: a FIFO queue
            d = dist[v] + 1
            if 0 < self.max_hops < d:
                return None
            for e, w in self.incident[v]:
                if dist[w] < 0 and free[e] >= floor:
                    dist[w] = d
                    if w == source:
                        return dist
                    queue.append(w)
        return None

    def widest_path_within(self, free, source, target, min_bandwidth, max_latency):
        """latency_path.cpp's search: the largest level at which the least latency meets the bound
        (+ EPS / 2), by binary search, then the fewest edges meeting it, smallest edge ids first."""
        if source == target:
            return None
        limit = max_latency + EPS / 2
        base = min_bandwidth - EPS
        levels = sorted({b for b in free if b >= base})

        def floor_of(level):
            return max(level - EPS, base)

        def feasible(level):
            return self.least_latency(free, source, target, floor_of(level), limit) <= limit
        if not levels or not feasible(levels[0]):
            return None
        lo, hi = 0, len(levels) - 1  # levels[lo] is feasible
        while lo < hi:
            mid = lo + (hi - lo + 1) // 2
            if feasible(levels[mid]):
                lo = mid
            else:
                hi = mid - 1
        return self.walk(free, source, target, floor_of(levels[lo]), limit)

    def least_latency(self, free, source, target, floor, limit):
        """Least latency from `source` to `target` over the edges with `floor` free (Dijkstra from
        `target`, within max_hops edges by hop layers when max_hops > 0); INF beyond `limit`."""
        if self.max_hops > 0:
            layer = self.layer_zero(target)
            for _ in range(self.max_hops):
                if layer[source] <= limit:
                    break
                layer = self.next_layer(free, layer, floor)
            return layer[source] if layer[source] <= limit else INF
        dist = [INF] * len(self.incident)
        dist[target] = 0.0
        queue = [(0.0, target)]
        while queue:
            d, v = heapq.heappop(queue)
            if d > dist[v]:
                continue
            if v == source or d > limit:
                break
            for e, w in self.incident[v]:
                if free[e] >= floor and d + self.latency[e] < dist[w]:
                    dist[w] = d + self.latency[e]
                    heapq.heappush(queue, (dist[w], w))
        return dist[source] if dist[source] <= limit else INF

    def layer_zero(self, target):
        layer = [INF] * len(self.incident)
        layer[target] = 0.0
        return layer

    def next_layer(self, free, prev, floor):
        """Least latency to the target within one more edge than `prev`."""
        out = list(prev)
        for v, edges in enumerate(self.incident):
            for e, w in edges:
                if free[e] >= floor:
                    out[v] = min(out[v], self.latency[e] + prev[w])
        return out

    def walk(self, free, source, target, floor, limit):
        """The fewest edges meeting `limit`, each step on the smallest edge id that still can."""
        layers = [self.layer_zero(target)]
        while layers[-1][source] > limit and len(layers) < len(self.incident):
            layers.append(self.next_layer(free, layers[-1], floor))
        path, spent, at, left = [], 0.0, source, len(layers) - 1
        while at != target and left > 0:
            best, fastest, fastest_total = -1, -1, INF  # fastest: if rounding leaves none within
            for e, w in self.incident[at]:
                if free[e] < floor:
                    continue
                total = spent + self.latency[e] + layers[left - 1][w]
                if total <= limit and (best < 0 or e < best):
                    best = e
                if total < fastest_total:
                    fastest, fastest_total = e, total
            if best < 0:
                best = fastest
            path.append(best)
            spent += self.latency[best]
            at = next(w for e, w in self.incident[at] if e == best)
            left -= 1
        return path
