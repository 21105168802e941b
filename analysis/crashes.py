"""Coordinator crashes against their mean time to failure (scenarios/coordinator_crashes.xml): per
point, over its runs, the crashes, the success ratio (as analysis/failures.py counts it: original
requests that end holding a reservation) and the decision delay of the requests (decision_time −
submit in requests.csv: its mean, 99th percentile and greatest value per run). The table of
docs/studies/failures.md, Coordinator crashes.

    /usr/bin/python3 -m analysis.crashes results/coordinator_crashes
"""
import argparse
import os

import numpy as np
import pandas as pd

from .failures import COUNTS, derive
from .readers import read_requests, read_summary, read_sweep

TTF = "failures.coordinator.ttf"
COLUMNS = ["failures", "success", "delay_mean", "delay_p99", "delay_max"]


def per_run(out_dir):
    """One row per run of sweep.csv: ttf, variant, the COUNTS of its summary.csv with derive()'s
    columns, and its requests' decision delays (delay_mean, delay_p99, delay_max)."""
    sweep = read_sweep(out_dir)
    if TTF not in sweep.columns:
        raise ValueError(f"{out_dir}/sweep.csv: no {TTF} sweep key")
    rows = []
    for r in sweep.to_dict("records"):
        run = os.path.join(out_dir, r["run"])
        s = read_summary(run)
        s = s[(s.user == "all") & (s.bucket_end == "all")].set_index("metric").value
        delay = read_requests(run).eval("decision_time - submit")
        row = {"run": r["run"], "ttf": float(r[TTF]), "variant": r.get("variant", ""),
               "delay_mean": delay.mean(), "delay_p99": delay.quantile(0.99),
               "delay_max": delay.max()}
        row.update({c: float(s[c]) if c in s.index else np.nan for c in COUNTS})
        rows.append(row)
    return derive(pd.DataFrame(rows))


def table(df):
    """Per (ttf, variant): the least and greatest value over the runs of each of COLUMNS."""
    out = []
    for (ttf, variant), g in df.groupby(["ttf", "variant"], sort=True):
        row = {"ttf_h": ttf / 3600, "variant": variant, "runs": len(g)}
        for c in COLUMNS:
            row[f"{c}_min"], row[f"{c}_max"] = g[c].min(), g[c].max()
        out.append(row)
    return pd.DataFrame(out).sort_values(["ttf_h", "variant"], ascending=[False, True])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", help="the --out folder of scenarios/coordinator_crashes.xml")
    args = parser.parse_args(argv)
    pd.set_option("display.width", 200)
    print(table(per_run(args.out_dir)).to_string(index=False, float_format=lambda x: f"{x:.3g}"))


if __name__ == "__main__":
    main()
