"""One reader per file an arsim run writes (docs/reference/outputs.md; the writers in
sim/kinds/*/ and sim/engine/), each with the dtypes of its columns. Nothing else in the package
reads an arsim output.

Dtypes: "str" columns keep empty fields as "" (summary.csv's resource, a rejected request's sites);
"int" (and "uint64", a seed) columns never hold an empty field; "float" columns read an empty
field as NaN (a rejected request's reserved_start, a job not yet started). Columns a schema does
not name (offline results, sweep.csv's metrics and sweep keys) are inferred: numbers where every
non-empty field is one, text otherwise, empty text as "".
"""
import csv
import json
import os

import pandas as pd

S, I, U, F = "str", "int", "uint64", "float"  # U: a seed (0 … 2^64 − 1)

# jobs.csv of every simulating kind: Batsim's columns first (seconds; docs/reference/outputs.md),
# then the kind's own (coallocation: hosts; gangmatch: user ... refusals; matching: submitter ...
# status). Only Batsim's are required.
BATSIM_JOBS = {"job_id": S, "submission_time": F, "requested_number_of_resources": I,
               "requested_time": F, "starting_time": F, "execution_time": F, "finish_time": F,
               "waiting_time": F, "allocated_resources": S, "final_state": S}
KIND_JOBS = {"hosts": S,
             "user": S, "state": S, "first_match": F, "match": F, "claim": F, "workstation": S,
             "licenses": S, "gangs": I, "refusals": I,
             "submitter": I, "priority": F, "types": S, "batch": F, "attempts": I, "status": S}
SUMMARY = {"metric": S, "user": S, "resource": S, "bucket_end": S, "value": F}

SCHEMAS = {
    # every simulation kind
    "summary.csv": SUMMARY,
    # engine: one per sweep
    "sweep.csv": {"run": S, "point": S, "seed": U, "run_index": I},
    "aggregate.csv": {"point": S, "metric": S, "user": S, "resource": S, "bucket_end": S, "runs": I,
                      "mean": F, "ci95": F},
    # coallocation (sim/kinds/coallocation/output/writers.cpp, competition.cpp, transfers/)
    "requests.csv": {"request_id": I, "user": S, "type": I, "submit": F, "est": F, "lst": F,
                     "duration": F, "service_level": F, "components": I, "cpus": I, "pairs": I,
                     "outcome": S, "frames": I, "plans_found": I, "plans_tried": I,
                     "reserved_start": F, "reserved_end": F, "time_deviation": F, "sites": S,
                     "paths": S, "decision_time": F, "solver_nodes": I, "solves": I,
                     "component_cpus": S, "pair_demands": S},
    "reservations.csv": {"request_id": I, "kind": S, "resource": S, "domain": S, "start": F, "end": F,
                         "amount": F},
    "jobs.csv": {**BATSIM_JOBS, **KIND_JOBS},
    "resources.csv": {"resource": S, "kind": S, "domain": S, "capacity": F, "bucket_start": F,
                      "bucket_end": F, "reserved": F, "used": F},
    "timings.csv": {"request_id": I, "planning_wall_seconds": F, "planning_cpu_seconds": F},
    "grcs.csv": {"coordinator": S, "requests": I, "accepted": I, "success_ratio": F, "plans_found": I,
                 "plans_tried": I, "hold_refusals": I, "frame_started": I, "commit_failures": I},
    "attempts.csv": {"request_id": I, "coordinator": S, "attempt": I, "phase": S, "frame_start": F,
                     "frame_end": F, "time": F, "rms": S, "refused": S, "started": S},
    "transfers.csv": {"request_id": I, "pair": I, "volume_bytes": F, "reserved_gbps": F,
                      "reserved_start": F, "reserved_end": F, "transfer_start": F, "transfer_end": F,
                      "throughput_gbps": F, "on_time": I, "mode": S, "exact": I, "links": S},
    # gangmatch (sim/kinds/gangmatch/output/writers.cpp)
    "gangmatch/gangs.csv": {"gang": I, "cycle": I, "matched": F, "job": S, "workstation": S,
                            "licenses": S, "outcome": S, "decided": F, "refused_by": S},
    "gangmatch/holds.csv": {"resource": S, "kind": S, "gang": I, "job": S, "start": F, "end": F,
                            "outcome": S},
    "gangmatch/unavailability.csv": {"resource": S, "kind": S, "cause": S, "start": F, "end": F},
    "gangmatch/cycles.csv": {"cycle": I, "start": F, "end": F, "duration": F, "roots": I,
                             "resources": I, "gangs": I, "probes": I, "evaluations": I, "docks": I},
    "gangmatch/utilisation.csv": {"kind": S, "resources": I, "bucket_start": F, "bucket_end": F,
                                  "held": F, "running": F, "unavailable": F},
    "gangmatch/timings.csv": {"cycle": I, "matcher_wall_seconds": F},
    # matching (sim/kinds/matching/output/writers.cpp)
    "matching/batches.csv": {"batch": I, "start": F, "end": F, "size": I, "first_tries": I,
                             "matched": I, "dropped": I, "matcher_time": F, "objective": F,
                             "status": S, "optimal": I, "iterations": I, "lp_solves": I,
                             "lp_nodes": I, "probes": I, "work": I},
    "matching/offers.csv": {"time": F, "batch": F, "resource": S, "attribute": S, "offered": F},
    "matching/resources.csv": {"resource": S, "type": S, "attribute": S, "capacity": F,
                               "bucket_start": F, "bucket_end": F, "used": F, "peak": F,
                               "offered": F, "over_offer": F},
    "matching/timings.csv": {"batch": I, "wall_seconds": F},
    # offline (sim/kinds/offline/kind.cpp): the experiment chooses the columns; these are text
    "offline/results.csv": {c: S for c in ("matcher", "objective", "status", "scheduler", "algorithm",
                                           "assignment", "ip_status", "bb_status", "check", "kind",
                                           "key")},
    "offline/timings.csv": {"row": I},
}
# Columns an older arsim did not write: absent is not an error.
OPTIONAL = {"jobs.csv": set(KIND_JOBS), "timings.csv": {"planning_cpu_seconds"}}
# Files whose other columns come from the run (sweep keys, metrics, an experiment's results).
OPEN = {"sweep.csv", "offline/results.csv", "offline/timings.csv"}


def read_table(path, schema_name):
    """The CSV file at `path` with the dtypes of SCHEMAS[schema_name]; ValueError naming the file
    when a column the schema requires is missing or a field is not of its column's type."""
    schema = SCHEMAS[schema_name]
    with open(path, newline="") as f:
        header = next(csv.reader(f), [])
    required = [c for c in schema if c not in OPTIONAL.get(schema_name, ()) and schema_name not in OPEN]
    missing = [c for c in required if c not in header]
    if missing:
        raise ValueError(f"{path}: missing column(s) {', '.join(missing)}")
    types = {c: schema.get(c) for c in header}
    try:
        df = pd.read_csv(path, dtype={c: str for c, t in types.items() if t == S},
                         keep_default_na=False, na_values={c: [""] for c, t in types.items() if t != S})
        for c, t in types.items():
            if t == I:
                df[c] = df[c].astype("int64")
            elif t == U:
                df[c] = df[c].astype("uint64")
            elif t == F:
                df[c] = df[c].astype("float64")
            elif t is None and df[c].dtype == object:
                df[c] = df[c].fillna("")
    except (ValueError, TypeError) as e:
        raise ValueError(f"{path}: {e}") from e
    return df


def _run_file(run_dir, name, kind=None):
    return read_table(os.path.join(run_dir, name), f"{kind}/{name}" if kind else name)


# --- every kind -------------------------------------------------------------------------------

def read_run_json(run_dir):
    """run.json: scenario, hashes, seed, run_index, point (sweep key -> value), counts, versions."""
    with open(os.path.join(run_dir, "run.json")) as f:
        return json.load(f)


def read_benchmark_json(path):
    """The benchmarks of a Google Benchmark JSON file (`arsim-bench --benchmark_out=F
    --benchmark_out_format=json`): a list of dicts (name, counters, times). A file that is not
    such JSON raises ValueError naming the file and line."""
    with open(path) as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}:{e.lineno}: not Google Benchmark JSON ({e.msg})")
    if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), list):
        raise ValueError(f"{path}: not Google Benchmark JSON (no 'benchmarks' list)")
    return data["benchmarks"]


def read_summary(run_dir):
    """summary.csv of a simulation run: bucket_end stays text (seconds such as "8640", or "all"),
    value may be NaN."""
    return _run_file(run_dir, "summary.csv")


def read_sweep(out_dir):
    """sweep.csv of a scenario's --out folder: one row per run, its sweep keys and metrics."""
    return read_table(os.path.join(out_dir, "sweep.csv"), "sweep.csv")


def read_aggregate(out_dir):
    """aggregate.csv: mean and 95 % interval (stats.ci95) of every summary metric per sweep point."""
    return read_table(os.path.join(out_dir, "aggregate.csv"), "aggregate.csv")


def run_dirs(out_dir):
    """Every completed run folder (holding run.json) below out_dir, sorted."""
    found = [root for root, _dirs, files in os.walk(out_dir) if "run.json" in files]
    return sorted(found)


def point_of(run_dir):
    """The sweep point of a run as a "key=value;..." label, as in aggregate.csv."""
    point = read_run_json(run_dir)["point"]
    return ";".join(f"{k}={v}" for k, v in point.items()) or "all"


# --- coallocation -----------------------------------------------------------------------------

def read_requests(run_dir):
    """requests.csv: one row per request, its outcome and reserved frame (NaN when rejected)."""
    return _run_file(run_dir, "requests.csv")


def read_reservations(run_dir):
    """reservations.csv: one row per committed reservation of cores or bandwidth."""
    return _run_file(run_dir, "reservations.csv")


def read_jobs(run_dir):
    """jobs.csv of a run of any simulating kind: one row per job, Batsim's columns in seconds (NaN
    where a time did not happen, final_state saying why), then the kind's own columns."""
    return _run_file(run_dir, "jobs.csv")


def read_resources(run_dir):
    """resources.csv of a coallocation run: reserved and used share per resource and bucket."""
    return _run_file(run_dir, "resources.csv")


def read_timings(run_dir):
    """timings.csv of a coallocation run: planner wall (and thread CPU) seconds per request."""
    return _run_file(run_dir, "timings.csv")


def read_grcs(run_dir):
    """grcs.csv: one row per GRC, its requests, acceptances, plans tried and refusals."""
    return _run_file(run_dir, "grcs.csv")


def read_attempts(run_dir):
    """attempts.csv: one row per plan tried and not committed."""
    return _run_file(run_dir, "attempts.csv")


def read_transfers(run_dir):
    """transfers.csv: one row per reserved pair of an accepted request (transfers.enabled)."""
    return _run_file(run_dir, "transfers.csv")


# --- gangmatch --------------------------------------------------------------------------------

def read_gangs(run_dir):
    """gangs.csv: one row per gang the matchmaker proposed, committed or refused."""
    return _run_file(run_dir, "gangs.csv", "gangmatch")


def read_holds(run_dir):
    """holds.csv: one row per claim a workstation or license held for a gang."""
    return _run_file(run_dir, "holds.csv", "gangmatch")


def read_unavailability(run_dir):
    """unavailability.csv: one row per period a resource's owner took it back."""
    return _run_file(run_dir, "unavailability.csv", "gangmatch")


def read_cycles(run_dir):
    """cycles.csv: one row per negotiation cycle, its pool and the matcher's counts."""
    return _run_file(run_dir, "cycles.csv", "gangmatch")


def read_utilisation(run_dir):
    """utilisation.csv: held, running and unavailable share per resource kind and bucket."""
    return _run_file(run_dir, "utilisation.csv", "gangmatch")


def read_gangmatch_timings(run_dir):
    """timings.csv of a gangmatch run: the matcher's wall seconds per cycle."""
    return _run_file(run_dir, "timings.csv", "gangmatch")


# --- matching ---------------------------------------------------------------------------------

def read_batches(run_dir):
    """batches.csv: one row per batch the matcher solved."""
    return _run_file(run_dir, "batches.csv", "matching")


def read_offers(run_dir):
    """offers.csv: what each provider offered of each attribute at each report."""
    return _run_file(run_dir, "offers.csv", "matching")


def read_matching_resources(run_dir):
    """resources.csv of a matching run: use and offer per attribute and bucket."""
    return _run_file(run_dir, "resources.csv", "matching")


def read_matching_timings(run_dir):
    """timings.csv of a matching run: the matcher's wall seconds per batch."""
    return _run_file(run_dir, "timings.csv", "matching")


# --- offline ----------------------------------------------------------------------------------

def read_results(run_dir):
    """results.csv of an offline run: the experiment's deterministic columns, one row per result."""
    return _run_file(run_dir, "results.csv", "offline")


def read_offline_timings(run_dir):
    """timings.csv of an offline run: the wall-clock columns of results.csv's rows, by `row`."""
    return _run_file(run_dir, "timings.csv", "offline")


def read_offline(out_dir):
    """Every offline run below out_dir: results.csv beside its timings.csv (joined by row), with
    `run` (the run folder), `run_index` and one p_<key> column per sweep key (the part after the
    first dot; numbers as numbers)."""
    frames = []
    for d in run_dirs(out_dir):
        res = read_results(d)
        tim = read_offline_timings(d)
        if len(tim) != len(res):
            raise ValueError(f"{d}: timings.csv has {len(tim)} rows, results.csv {len(res)}")
        res = pd.concat([res, tim.drop(columns=["row"])], axis=1)
        info = read_run_json(d)
        for k, v in info["point"].items():
            res["p_" + k.split(".", 1)[-1]] = _number(v)
        res["run"] = d
        res["run_index"] = info["run_index"]
        frames.append(res)
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def _number(v):
    try:
        return float(v)
    except ValueError:
        return v
