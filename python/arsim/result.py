"""What arsim.run returns: the output folder of a run or a sweep, its files read on first use as
pandas DataFrames by the readers of the analysis package (analysis/readers.py,
docs/reference/outputs.md)."""

import os

from analysis import readers

# Attribute -> reader of a run folder. resources.csv and timings.csv differ by kind: _BY_KIND.
_TABLES = {
    "summary": readers.read_summary,
    "jobs": readers.read_jobs,
    "requests": readers.read_requests,
    "reservations": readers.read_reservations,
    "grcs": readers.read_grcs,
    "attempts": readers.read_attempts,
    "transfers": readers.read_transfers,
    "gangs": readers.read_gangs,
    "holds": readers.read_holds,
    "unavailability": readers.read_unavailability,
    "cycles": readers.read_cycles,
    "utilisation": readers.read_utilisation,
    "batches": readers.read_batches,
    "offers": readers.read_offers,
    "results": readers.read_results,
}
# The kind of a run folder, told by a file only that kind writes (first match).
_MARKERS = (("gangs.csv", "gangmatch"), ("batches.csv", "matching"), ("results.csv", "offline"),
            ("requests.csv", "coallocation"))
_BY_KIND = {
    "resources": {"coallocation": readers.read_resources,
                  "matching": readers.read_matching_resources},
    "timings": {"coallocation": readers.read_timings,
                "gangmatch": readers.read_gangmatch_timings,
                "matching": readers.read_matching_timings,
                "offline": readers.read_offline_timings},
}
_SWEEP_TABLES = {"sweep": readers.read_sweep, "aggregate": readers.read_aggregate}


class Result:
    """The folder `dir` of one run (run.json at its top) or of a sweep (sweep.csv, one folder per
    run). A run's tables are attributes (jobs, summary, requests, ...; which exist depends on the
    run kind), `run_json` its run.json as a dict; a sweep's are `sweep` and `aggregate`, `runs`
    a Result per completed run. Each file is read once, when first asked for."""

    def __init__(self, dir, stdout=""):
        self.dir = os.path.abspath(dir)
        self.stdout = stdout  # what arsim printed: the run's report, or the sweep's last line
        self._cache = {}

    @property
    def is_sweep(self):
        return not os.path.exists(os.path.join(self.dir, "run.json"))

    @property
    def kind(self):
        """The run kind of a run folder, told by the files it wrote (None when unknown)."""
        for name, kind in _MARKERS:
            if os.path.exists(os.path.join(self.dir, name)):
                return kind
        return None

    @property
    def run_json(self):
        return self._cached("run_json", lambda: readers.read_run_json(self._run_dir()))

    @property
    def runs(self):
        """A Result per completed run folder (holding run.json), sorted; [self] for one run."""
        if not self.is_sweep:
            return [self]
        return self._cached("runs", lambda: [Result(d) for d in readers.run_dirs(self.dir)])

    @property
    def point(self):
        """The sweep point of a run as "key=value;..." (aggregate.csv's labels)."""
        return readers.point_of(self._run_dir())

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in _SWEEP_TABLES:
            if not self.is_sweep:
                raise AttributeError(f"{self.dir}: one run, no {name}.csv (a sweep's table)")
            return self._cached(name, lambda: _SWEEP_TABLES[name](self.dir))
        reader = _TABLES.get(name)
        if name in _BY_KIND:
            reader = _BY_KIND[name].get(self.kind)
            if reader is None:
                raise AttributeError(f"{self.dir}: a run of kind {self.kind} has no {name}.csv")
        if reader is None:
            raise AttributeError(f"Result has no attribute {name!r}")
        return self._cached(name, lambda: reader(self._run_dir()))

    def __dir__(self):
        names = list(_SWEEP_TABLES) if self.is_sweep else list(_TABLES) + list(_BY_KIND)
        return sorted(set(super().__dir__()) | set(names))

    def __repr__(self):
        what = f"sweep of {len(self.runs)} runs" if self.is_sweep else "run"
        return f"<arsim.Result {what} in {self.dir}>"

    def _run_dir(self):
        if self.is_sweep:
            raise AttributeError(f"{self.dir}: a sweep; its runs are .runs")
        return self.dir

    def _cached(self, name, read):
        if name not in self._cache:
            self._cache[name] = read()
        return self._cache[name]
