"""SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013) figures: drawing only; scs.py reads the runs."""
import numpy as np

from .common import new_figure, save_figure

# One style per scheduler, the same in every figure.
STYLE = {
    "scs": ("tab:red", "o", "-"),
    "scs-ls": ("tab:purple", "D", "-"),
    "maxima-is": ("black", "x", ":"),
    "soft-maxima-is": ("tab:gray", "s", "--"),
    "ect": ("tab:brown", "v", "--"),
    "est-ect": ("tab:green", "^", "-"),
    "edf-ect": ("tab:olive", "<", "--"),
    "si-ect": ("tab:orange", ">", "--"),
    "llf-ect": ("tab:cyan", "P", "--"),
    "metis": ("tab:blue", "*", "-."),
    "scotch": ("tab:pink", "h", "-."),
}
# D = 0 cannot be drawn on a log axis: such points sit on this floor, marked in the captions.
D_FLOOR = 1e-6


def _line(ax, xs, ys, name, label=None, **kw):
    color, marker, ls = STYLE.get(name, ("k", ".", "-"))
    ax.plot(xs, ys, color=color, marker=marker, ls=ls, ms=4, lw=1.2, label=label or name, **kw)


def _save(fig, fig_dir, name):
    return save_figure(fig, fig_dir, name, dpi=110)


def plot_rho(ax, panel, width):
    """One panel of Figs. 3-4 on `ax`: panel = (title, {scheduler: (g, rho, rho_bound)},
    (g, rho_max)); rho_bound marks an upper bound where the scan found no zero-deviation M (the
    literal scs), width the scan's reach above beta."""
    ptitle, series, (gm, rmax) = panel
    ax.plot(gm, rmax, "k--", lw=2, label="ρ_max = B/β")
    limit, g = None, gm
    for sched, (g, rho, bound) in series.items():
        if np.isfinite(rho).any():
            _line(ax, g, rho, sched)
        limit = bound if limit is None else np.fmax(limit, bound)
        if sched == "scs" and np.isfinite(bound).any():  # the literal algorithm: say where it is not
            ax.plot(g, bound, color=STYLE["scs"][0], marker="v", ls="none", ms=8,
                    label=f"scs: no zero-deviation M ≤ β+{width}")
    if limit is not None and np.isfinite(limit).any():
        ax.plot(g, limit, color="0.6", ls=":", lw=1, label=f"scan limit B/(β+{width + 1}): unfound below")
    ax.set_xscale("log")
    ax.set_xlabel("granularity g")
    ax.set_title(ptitle, fontsize=10)
    ax.grid(alpha=0.3, which="both")


def rho_vs_g(panels, fig_dir, name, title, width):
    """The panels of plot_rho side by side."""
    fig = new_figure(figsize=(4.6 * len(panels), 4))
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    for ax, panel in zip(axes, panels):
        plot_rho(ax, panel, width)
    axes[0].set_ylabel("utilization ρ = B / M̂ (zero deviation), mean")
    axes[-1].legend(fontsize=7)
    fig.suptitle(title, fontsize=11)
    return _save(fig, fig_dir, name)


def plot_deviation(ax, series, xlabel, log_x=False, title=None):
    """Mean deviation D per scheduler ({scheduler: (x, D)}) on `ax`, log D, 0 drawn at D_FLOOR."""
    for sched, (x, d) in series.items():
        _line(ax, x, np.maximum(d, D_FLOOR), sched)
    ax.set_yscale("log")
    if log_x:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"time deviation D (eq. 23), mean; 0 drawn at {D_FLOOR:g}", fontsize=8)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7)


def deviation_panels(rows, fig_dir, name, title, xlabel_of):
    """rows: [[(panel title, x-name, {scheduler: (x, D)})...], ...] drawn as a grid, log D."""
    nr, nc = len(rows), len(rows[0])
    fig = new_figure(figsize=(4.8 * nc, 3.8 * nr))
    axes = fig.subplots(nr, nc, squeeze=False)
    for r, row in enumerate(rows):
        for c, (ptitle, xname, series) in enumerate(row):
            plot_deviation(axes[r][c], series, xlabel_of[xname], xname == "granularity", ptitle)
    fig.suptitle(title, fontsize=11)
    return _save(fig, fig_dir, name)


def plot_spectrum(ax, label, ev, m):
    """The dense spectrum of L^{-1/2} Σ L^{-1/2} (descending `ev`) on `ax`, the M − 1 eigenvalues
    after the first (those SCS uses) marked."""
    n = len(ev)
    if n:
        ax.plot(np.arange(1, n), ev[1:], "k.", ms=2, label="λ_2 … λ_N (dense)")
        ax.plot(np.arange(1, m), ev[1:m], "ro", ms=4, label=f"λ_2 … λ_M used by SCS (M = {m})")
        ax.axhline(-1.0 / (n - 1), color="tab:blue", ls="--", lw=1, label="−1/(N−1)")
        ax.set_title(f"{label}: λ_1 = {ev[0]:.6f}, λ_2 − λ_M = {ev[1] - ev[m - 1]:.2e}", fontsize=9)
    ax.set_xlabel("eigenvalue index (descending)")
    ax.set_ylabel("eigenvalue of L^{-1/2} Σ L^{-1/2}")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)


def plot_cluster_sizes(ax, label, loads):
    """Tasks per resource, sorted, per scheduler ({scheduler: sizes (desc)}) as bars on `ax`."""
    width = 0.8 / max(1, len(loads))
    for k, (sched, sizes) in enumerate(loads.items()):
        color = STYLE.get(sched, ("k",))[0]
        ax.bar(np.arange(len(sizes)) + k * width, sizes, width, color=color, label=sched)
    ax.set_xlabel("resource (sorted by number of tasks)")
    ax.set_ylabel("tasks on the resource")
    ax.set_title(f"{label}: cluster / resource sizes", fontsize=9)
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3, axis="y")


def spectrum(cases, fig_dir):
    """cases: [(label, dense eigenvalues (desc), M, {scheduler: tasks per resource (desc)})]."""
    fig = new_figure(figsize=(5.2 * len(cases), 7.5))
    axes = fig.subplots(2, len(cases), squeeze=False)
    for c, (label, ev, m, loads) in enumerate(cases):
        plot_spectrum(axes[0][c], label, ev, m)
        plot_cluster_sizes(axes[1][c], label, loads)
    fig.suptitle("The trap of the literal SCS: a nearly degenerate spectrum and one giant cluster", fontsize=11)
    return _save(fig, fig_dir, "scs_spectrum.png")
