#!/usr/bin/env python3
"""Writes a synthetic trace in the Standard Workload Format (18 fields a job, ';' header lines),
to run the interval kind on traces as large as real grid logs (workloads/intervals/swf.hpp).

Jobs arrive as a Poisson process whose rate offers `--load` times the work `--resources` machines
can serve (load > 1: an overloaded grid, whose backlog of shifted tasks grows with the trace); run
times are integers uniform on [1, 2 x mean - 1]. Every job is one processor, submit and run times
are whole seconds. Deterministic: the same arguments give the same file (Python's Mersenne
Twister, seeded; only random() is drawn, whose sequence Python keeps stable across versions).

  tests/scale/make_swf.py --jobs 200000 --out /tmp/scale.swf
"""
import argparse
import math
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, required=True, help="number of jobs (>= 1)")
    ap.add_argument("--out", required=True, help="SWF file to write")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--resources", type=int, default=10, help="machines the load refers to")
    ap.add_argument("--load", type=float, default=1.5, help="offered work / capacity (> 0)")
    ap.add_argument("--mean-run", type=int, default=1800, help="mean run time in s (>= 1)")
    a = ap.parse_args()
    if a.jobs < 1 or a.resources < 1 or not a.load > 0 or a.mean_run < 1:
        sys.exit("make_swf.py: --jobs, --resources, --mean-run must be >= 1 and --load > 0")
    rng = random.Random(a.seed)
    rate = a.load * a.resources / a.mean_run  # arrivals per second
    width = 2 * a.mean_run - 1  # run times 1 .. 2 mean - 1, mean `mean_run`
    submit = 0.0
    with open(a.out, "w") as f:
        f.write("; Version: 2.2\n")
        f.write(f"; Note: synthetic trace of tests/scale/make_swf.py (jobs={a.jobs} seed={a.seed} "
                f"resources={a.resources} load={a.load} mean_run={a.mean_run})\n")
        f.write(f"; MaxJobs: {a.jobs}\n; MaxProcs: {a.resources}\n")
        for job in range(1, a.jobs + 1):
            submit += -math.log(1.0 - rng.random()) / rate
            run = 1 + min(width - 1, int(rng.random() * width))
            user = 1 + int(rng.random() * 50)
            # job submit wait run procs cpu mem req_procs req_time req_mem status user group
            # executable queue partition preceding think
            f.write(f"{job} {int(submit)} -1 {run} 1 -1 -1 1 {run} -1 1 {user} 1 -1 1 -1 -1 -1\n")


if __name__ == "__main__":
    main()
