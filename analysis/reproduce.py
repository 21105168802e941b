"""make reproduce: run every scenario under scenarios/paper/ (resumable, audited), draw the figures
and write results/paper/REPORT.md with our numbers beside the published ones.

    /usr/bin/python3 -m analysis.reproduce --arsim build/arsim --out results/paper
"""
import argparse
import glob
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

from . import ctaap, gangmatch, gridars, gridars_factorial, gridars_fig7, matching, scs


def run_scenarios(arsim, out, jobs, only):
    for scenario in sorted(glob.glob("scenarios/paper/*.xml")):
        name = os.path.splitext(os.path.basename(scenario))[0]
        if only and not any(name.startswith(o) for o in only):
            continue
        start = time.time()
        print(f"== {name}", flush=True)
        cmd = [arsim, "run", scenario, "--out", os.path.join(out, name), "--jobs", str(jobs)]
        # Offline experiments check every result as they compute it and have no auditor.
        if ET.parse(scenario).getroot().get("kind", "coallocation") != "offline":
            cmd.append("--audit")
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        failed = [line for line in result.stdout.splitlines() if "FAILED" in line or "failed" in line]
        print(f"   {time.time() - start:.1f} s, exit {result.returncode}", flush=True)
        if result.returncode != 0:
            print(result.stdout[-2000:])
            sys.exit(f"{scenario}: arsim exited {result.returncode}")
        if failed:
            sys.exit(f"{scenario}: {failed[0]}")


def gridars_fig7_lines(out, figs):
    d10, d30 = os.path.join(out, "gridars_fig7"), os.path.join(out, "gridars_fig7_readings")
    headline = gridars_fig7.success_table(d10) if os.path.isdir(d10) else None
    readings = gridars_fig7.success_table(d30) if os.path.isdir(d30) else None
    if headline is None or headline.empty:
        return []
    path = gridars_fig7.draw(headline, readings, figs)
    table, verdicts = gridars_fig7.comparison(headline, readings)
    parts = ["### Fig. 7: success ratio per 144-min bucket (10 runs as in the paper, and 30 runs)", "",
             f"![Fig. 7]({os.path.relpath(path, out)})", "",
             "Ours: mean ± 95 % confidence interval of the mean. A published value is a mean of 10 "
             "runs; the last interval is where such a mean falls with 95 % probability if its "
             "runs spread as our n do (sd shown). n is 30 once gridars_fig7_readings has run.", "", table, ""]
    if verdicts:
        inside = [f"-{v} {load} % {u}" for v, load, u, p, m, ci, pi in verdicts if ci]
        outside = [f"-{v} {load} % {u} ({m:.3f} vs {p})" for v, load, u, p, m, ci, pi in verdicts
                   if not ci]
        parts += [f"Published values inside our n-run 95 % confidence interval: "
                  f"{', '.join(inside) or 'none'}; outside: {', '.join(outside) or 'none'}.", ""]
    if readings is not None and not readings.empty:
        table, shifts, legend = gridars_fig7.readings_table(readings)
        parts += ["#### The open readings of Table 1 (gridars_fig7_readings.xml, 30 runs each, mean ± 95 % CI)", "", legend, "",
                  table, "", "Shift of the mean of both users from the `paper` reading:", "",
                  shifts, "", "Which readings reach each published value:", "",
                  gridars_fig7.reaching(readings), ""]
    factorial = os.path.join(out, "gridars_fig7_factorial")
    if os.path.isdir(factorial):
        df = gridars_factorial.success_table(factorial)
        if not df.empty:
            parts += ["#### Type 4's pairs × option (A)'s weight × EST's grain (gridars_fig7_factorial.xml)",
                      "", "Mean ± 95 % CI; **in**: the published value lies inside.", "",
                      gridars_factorial.paper_table(df), "",
                      "Each reading's effect on the mean of both users, paired over runs:", "",
                      gridars_factorial.effects_table(df), ""]
    return parts


def gridars_section(out, figs):
    names = ("gridars_fig7", "gridars_fig7_readings", "gridars_fig7_factorial", "gridars_fig8",
             "gridars_table2")
    if not any(os.path.isdir(os.path.join(out, n)) for n in names):
        return []  # GridARS was not run
    parts = ["## GridARS: advance-reservation co-allocation by 0-1 IP", ""]
    parts += gridars_fig7_lines(out, figs)
    if os.path.isdir(os.path.join(out, "gridars_fig8")):
        path, table = gridars.fig8(os.path.join(out, "gridars_fig8"), figs)
        parts += ["### Fig. 8: load average per site vs request load (10 runs)", "",
                  f"![Fig. 8]({os.path.relpath(path, out)})", "", table, ""]
    if os.path.isdir(os.path.join(out, "gridars_table2")):
        paths, ours, _ = gridars.table2(os.path.join(out, "gridars_table2"), figs)
        parts += ["### Table 2 and Figs. 9-10: planning time per plan (one run, same request stream)",
                  "", *[f"![Fig. {9 + i}]({os.path.relpath(p, out)})" for i, p in enumerate(paths)],
                  "", "Ours in thread CPU time of the planner (timings.csv), so the figures do not "
                  "depend on what else the machine runs; the published rows (2010 hardware, GLPK "
                  "and Sugar++/MiniSat) beside the row of ours with the same constraints and "
                  "stopping rule. Only ratios compare.", "", ours, ""]
    return parts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--arsim", default="build/arsim")
    ap.add_argument("--out", default="results/paper")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", nargs="*", help="scenario name prefixes to run (default: all)")
    ap.add_argument("--no-run", action="store_true", help="only redraw from existing runs")
    args = ap.parse_args(argv)
    figs = os.path.join(args.out, "figures")
    os.makedirs(figs, exist_ok=True)
    if not args.no_run:
        run_scenarios(args.arsim, args.out, args.jobs, args.only)
    notes_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "NOTES.md")
    report = ["# arsim: papers reproduced", "",
              "Generated by `make reproduce` from fresh runs (every run audited). Times are wall-clock "
              "on this machine; compare them as ratios between algorithms of the same run.", ""]
    report += gridars_section(args.out, figs)
    report += ctaap.section(args.out, figs)
    report += scs.section(args.out, figs)
    report += matching.section(args.out, figs)
    report += gangmatch.section(args.out, figs)
    if os.path.exists(notes_path):
        with open(notes_path) as f:
            report += ["## How and why ours differ", "", f.read()]
    tmp = os.path.join(args.out, "REPORT.md.tmp")
    with open(tmp, "w") as f:
        f.write("\n".join(report) + "\n")
    os.replace(tmp, os.path.join(args.out, "REPORT.md"))
    print(f"wrote {os.path.join(args.out, 'REPORT.md')}")


if __name__ == "__main__":
    main()
