"""Figures without pyplot: a matplotlib.figure.Figure needs no backend (savefig renders with Agg),
so importing the package never chooses one and the plot_* functions draw on any Axes."""
import os

from matplotlib.figure import Figure


def new_figure(**kwargs):
    """A Figure (kwargs: figsize, ...) that belongs to no pyplot state machine."""
    return Figure(**kwargs)


def save_figure(fig, fig_dir, name, dpi=120, **layout):
    """Lays `fig` out (tight_layout with `layout`), writes it to fig_dir/name and returns the path."""
    fig.tight_layout(**layout)
    path = os.path.join(fig_dir, name)
    fig.savefig(path, dpi=dpi)
    return path
