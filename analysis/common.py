"""Shared helpers for reading arsim run folders (analysis reads only what runs write)."""
import json
import os

import pandas as pd


def read_summary(run_dir):
    """summary.csv of one run; bucket_end stays text ("144" or "all"), value may be empty."""
    return pd.read_csv(os.path.join(run_dir, "summary.csv"), dtype={"bucket_end": str, "resource": str},
                       keep_default_na=False, na_values={"value": [""]})


def read_aggregate(out_dir):
    return pd.read_csv(os.path.join(out_dir, "aggregate.csv"), dtype={"bucket_end": str, "resource": str},
                       keep_default_na=False, na_values={"mean": [""], "ci95": [""]})


def run_dirs(out_dir):
    """Every completed run folder (holding run.json) below out_dir, sorted."""
    found = []
    for root, _dirs, files in os.walk(out_dir):
        if "run.json" in files:
            found.append(root)
    return sorted(found)


def run_info(run_dir):
    with open(os.path.join(run_dir, "run.json")) as f:
        return json.load(f)


def point_of(run_dir):
    """The sweep point of a run as a "key=value;..." label, as in aggregate.csv."""
    point = run_info(run_dir)["point"]
    return ";".join(f"{k}={v}" for k, v in point.items()) or "all"


def fmt(mean, ci=None, digits=3):
    if mean is None or pd.isna(mean):
        return "–"
    if ci is None or pd.isna(ci):
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} ± {ci:.{digits}f}"


def save_figure(fig, fig_dir, name, dpi=120, **layout):
    """Lays `fig` out (tight_layout with `layout`), writes it to fig_dir/name, closes it and returns
    the path."""
    import matplotlib.pyplot as plt  # the caller has chosen the backend

    fig.tight_layout(**layout)
    path = os.path.join(fig_dir, name)
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
    return path
