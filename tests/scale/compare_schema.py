"""Compares two result folders of the same scenarios written before and after arsim's common
output schema (docs/reference/outputs.md): every simulating kind's jobs.csv starts with Batsim's
columns, and summary.csv's bucket_end is in seconds in every kind. Every file but timings.csv and
run.json (wall-clock figures, commit) must hold the same information:

  jobs.csv of gangmatch and matching   each old column equal, field for field, to the new column
                                       it was renamed to (OLD_TO_NEW); the new columns agree with
                                       the old ones (execution_time = finish − start, final_state
                                       from state or status, allocated_resources, ...)
  summary.csv, aggregate.csv of a      bucket_end of the new file = 60 × the old one (it was in
  coallocation scenario                minutes); every other field equal (aggregate.csv: the
                                       same rows in any order, as it sorts them by bucket_end's
                                       text)
  every other file                     byte-identical (report.txt: once the output folder's
                                       path, which an offline run's report names, is set
                                       aside)

Prints the number of files compared; exits 1 naming every difference.
  /usr/bin/python3 tests/scale/compare_schema.py OLD_DIR NEW_DIR
OLD_DIR and NEW_DIR: the --out folders of one scenario, or folders holding several (as
tests/scale/schema_runs.sh writes them).
"""
import csv
import io
import os
import sys

# jobs.csv: old column -> new column, per kind (by the old header's first columns). Columns not
# named keep their name.
OLD_TO_NEW = {
    "gangmatch": {"job": "job_id", "submit": "submission_time", "duration": "requested_time",
                  "ports": "requested_number_of_resources", "start": "starting_time",
                  "finish": "finish_time", "wait": "waiting_time"},
    "matching": {"submit": "submission_time", "duration": "requested_time", "start": "starting_time",
                 "finish": "finish_time", "wait": "waiting_time", "resources": "allocated_resources"},
}
GANG_STATE = {"finished": "COMPLETED_SUCCESSFULLY", "running": "RUNNING_AT_END",
              "claimed": "WAITING_AT_END", "waiting": "WAITING_AT_END", "unsubmitted": "NOT_SUBMITTED"}
MATCHING_STATUS = {"completed": "COMPLETED_SUCCESSFULLY", "dropped": "REJECTED", "expired": "REJECTED",
                   "rejected": "REJECTED"}
SKIP = {"timings.csv", "run.json", "times.txt"}  # times.txt, *.log: tests/scale/schema_runs.sh


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(io.StringIO(f.read())))


def header(path):
    with open(path, newline="") as f:
        return next(csv.reader(f), [])


def jobs_kind(old_header):
    if old_header[:3] == ["job", "user", "submit"]:
        return "gangmatch"
    if old_header[:2] == ["job_id", "submitter"]:
        return "matching"
    return None


def difference(a, b):
    """new - old of two time fields, "" when either is empty."""
    return "" if a == "" or b == "" else float(a) - float(b)


def check_jobs(old, new, kind, where, out):
    a, b = rows(old), rows(new)
    if len(a) != len(b):
        return out.append(f"{where}: {len(a)} rows before, {len(b)} after")
    rename = OLD_TO_NEW[kind]
    for i, (x, y) in enumerate(zip(a, b), start=2):
        for col, value in x.items():
            if y.get(rename.get(col, col)) != value:
                out.append(f"{where}:{i}: {col} '{value}' became {rename.get(col, col)} "
                           f"'{y.get(rename.get(col, col))}'")
        exe = difference(y["finish_time"], y["starting_time"])
        if (y["execution_time"] == "") != (exe == "") or (exe != "" and float(y["execution_time"]) != exe):
            out.append(f"{where}:{i}: execution_time '{y['execution_time']}' is not finish - start")
        if kind == "gangmatch":
            state = GANG_STATE.get(x["state"])
            gang = ";".join(p for p in (x["workstation"], x["licenses"]) if p)
            if y["allocated_resources"] != gang:
                out.append(f"{where}:{i}: allocated_resources '{y['allocated_resources']}', not '{gang}'")
        else:
            state = MATCHING_STATUS.get(x["status"])
            count = str(len(x["types"].split(";")) if x["types"] else 0)
            if y["requested_number_of_resources"] != count:
                out.append(f"{where}:{i}: requested_number_of_resources "
                           f"'{y['requested_number_of_resources']}', not {count}")
        if y["final_state"] != state:
            out.append(f"{where}:{i}: final_state '{y['final_state']}', not {state}")


def seconds(bucket_end, factor):
    """bucket_end as seconds (rounded to the microsecond: old minutes × 60 may differ in the last
    bit), "all" as is."""
    return bucket_end if bucket_end == "all" else round(float(bucket_end) * factor, 6)


def check_minutes_to_seconds(old, new, where, out):
    """The same rows, bucket_end aside: summary.csv in the same order, aggregate.csv in any (it
    sorts its rows by the text of bucket_end, whose order changes with the unit)."""
    a, b = rows(old), rows(new)
    if len(a) != len(b) or header(old) != header(new):
        return out.append(f"{where}: columns or row count differ")
    cols = header(old)
    x = [tuple(seconds(r[c], 60) if c == "bucket_end" else r[c] for c in cols) for r in a]
    y = [tuple(seconds(r[c], 1) if c == "bucket_end" else r[c] for c in cols) for r in b]
    if os.path.basename(where) != "aggregate.csv":
        out += [f"{where}:{i}: {p} became {q}" for i, (p, q) in enumerate(zip(x, y), start=2) if p != q]
    elif sorted(x, key=str) != sorted(y, key=str):
        out.append(f"{where}: the rows differ beyond the unit of bucket_end")


def is_coallocation(folder):
    """Whether a run below folder is of the coallocation kind (it writes requests.csv)."""
    return any("requests.csv" in files for _root, _dirs, files in os.walk(folder, followlinks=True))


def files(root):
    found = []
    for d, _dirs, names in os.walk(root, followlinks=True):
        found += [os.path.relpath(os.path.join(d, n), root) for n in names
                  if n not in SKIP and not n.endswith(".log")]
    return sorted(found)


def without_root(text, folder):
    """`text` with the folder's absolute and relative spellings replaced by DIR, the longer first
    (the relative spelling is a tail of the absolute one)."""
    for root in sorted({os.path.abspath(folder), os.path.normpath(folder)}, key=len, reverse=True):
        text = text.replace(root.encode(), b"DIR")
    return text


def main(old_dir, new_dir):
    a, b = files(old_dir), files(new_dir)
    if a != b:
        print(f"the folders hold different files: {sorted(set(a) ^ set(b))[:10]}", file=sys.stderr)
        return 1
    out = []
    for f in a:
        old, new = os.path.join(old_dir, f), os.path.join(new_dir, f)
        name = os.path.basename(f)
        kind = jobs_kind(header(old)) if name == "jobs.csv" else None
        # the scenario's folder: old_dir itself, or the first folder below it
        scenario = os.path.join(old_dir, f.split(os.sep)[0]) if os.sep in f else old_dir
        if kind:
            check_jobs(old, new, kind, f, out)
        elif name in ("summary.csv", "aggregate.csv") and is_coallocation(scenario):
            check_minutes_to_seconds(old, new, f, out)
        else:
            with open(old, "rb") as x, open(new, "rb") as y:
                before, after = x.read(), y.read()
            if name == "report.txt":  # an offline run's report names its output folder
                before, after = without_root(before, old_dir), without_root(after, new_dir)
            if before != after:
                out.append(f"{f}: differs")
    for line in out[:50]:
        print(line, file=sys.stderr)
    if out:
        print(f"{len(out)} differences", file=sys.stderr)
        return 1
    print(f"{len(a)} files compared: same information")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(f"usage: {sys.argv[0]} OLD_DIR NEW_DIR")
    sys.exit(main(sys.argv[1], sys.argv[2]))
