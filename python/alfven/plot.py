"""Quick-look plots of Alfven snapshots (needs matplotlib)."""
import numpy as np

from .read import load_snapshot


def plot_snapshot(path, variable="density", out=None, z_index=None, ax=None):
    """Plot one field of a snapshot.

    A 1D run (ny = nz = 1) is drawn as a line against x; otherwise a slice at ``z_index``
    (default: the middle) is drawn as an image with y up, the domain's extent and a colour bar.

    Parameters
    ----------
    path : str
        The snapshot (.h5).
    variable : str
        Field name, e.g. "density", "magnetic_field_x".
    out : str, optional
        If given, the figure is saved there (format from the extension) and closed.
    z_index : int, optional
        The z slice of a 3D run.
    ax : matplotlib Axes, optional
        Draw into these axes instead of a new figure.

    Returns
    -------
    matplotlib.figure.Figure
        The figure (already closed if ``out`` was given).

    Raises
    ------
    ImportError
        If matplotlib is not installed.
    """
    try:
        import matplotlib
        if out is not None:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("plot_snapshot needs matplotlib (e.g. apt-get install python3-matplotlib)"
                          ) from e

    s = load_snapshot(path, [variable])
    a = s["attrs"]
    values = s[variable]
    nz, ny, nx = values.shape
    if ax is None:
        fig, ax = plt.subplots(figsize=(6, 5) if ny > 1 else (6, 4))
    else:
        fig = ax.figure
    title = "%s  t = %.4g" % (variable, a["time"])
    if ny == 1 and nz == 1:
        ax.plot(s["x"], values[0, 0, :], ".-")
        ax.set_xlabel("x")
        ax.set_ylabel(variable)
    else:
        k = nz // 2 if z_index is None else z_index
        image = ax.imshow(np.asarray(values[k]), origin="lower", cmap="viridis",
                          extent=(a["x_min"], a["x_max"], a["y_min"], a["y_max"]))
        fig.colorbar(image, ax=ax, label=variable)
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        if nz > 1:
            title += "  (z = %.4g)" % s["z"][k]
    ax.set_title(title)
    if out is not None:
        fig.savefig(out, dpi=120, bbox_inches="tight")
        plt.close(fig)
    return fig
