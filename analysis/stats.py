"""The 95 % confidence interval of a mean, as aggregate.csv computes it (sim/engine/aggregate.cpp):
half-width t_{n-1} s / sqrt(n), s the sample standard deviation (n - 1 in the denominator), t the
two-sided 95 % quantile of Student's t with n - 1 degrees of freedom from the table below (1.96
above 30); no interval for one value. Every interval of the package comes from here."""
from typing import NamedTuple

import numpy as np

# Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom: aggregate.cpp's table.
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
       2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
       2.052, 2.048, 2.045, 2.042]


def t95(df):
    """aggregate.cpp's t_quantile_95: NaN below 1 degree of freedom, 1.96 above 30."""
    return float("nan") if df < 1 else (T95[df - 1] if df <= 30 else 1.96)


class Interval(NamedTuple):
    mean: float
    sd: float  # sample standard deviation (NaN for one value)
    n: int
    t: float  # t95(n - 1)
    half: float  # t sd / sqrt(n): the mean lies in mean ± half with 95 % confidence


def interval(values):
    """Mean and 95 % confidence interval of `values` (NaNs dropped; NaN half-width for n < 2)."""
    xs = np.asarray(values, dtype=float)
    xs = xs[~np.isnan(xs)]
    n = len(xs)
    mean = xs.mean() if n else float("nan")
    sd = xs.std(ddof=1) if n > 1 else float("nan")
    t = t95(n - 1)
    return Interval(mean, sd, n, t, t * sd / np.sqrt(n) if n > 1 else float("nan"))


def ci95(values):
    """Half-width of the 95 % confidence interval of the mean of `values` (aggregate.csv's ci95)."""
    return interval(values).half
