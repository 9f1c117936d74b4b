"""Quick-look plots of Alfven snapshots (needs matplotlib)."""
import os

import numpy as np

from .snapshot import Snapshot


def plot_snapshot(snapshot, variable="density", out=None, z_index=None, ax=None):
    """Plot one variable of a snapshot, reading only the part drawn.

    A 1D run (ny = nz = 1) is drawn as a line against x; otherwise the slice at ``z_index``
    (default: the middle) is drawn as an image with y up, the domain's extent and a colour bar.
    A vector (``velocity``, ``magnetic_field``) is drawn as its magnitude.

    Matplotlib's backend is never changed: with ``out`` and no ``ax`` the figure is a standalone
    ``matplotlib.figure.Figure`` (not registered with pyplot, nothing to close); without ``out``
    it comes from ``pyplot.subplots`` in the backend already chosen.

    Parameters
    ----------
    snapshot : Snapshot or str
        The snapshot, or its path (.h5).
    variable : str
        A field (``density``, ``magnetic_field_x``, ...) or a vector.
    out : str, optional
        If given, the figure is saved there (format from the extension).
    z_index : int, optional
        The z slice of a 3D run.
    ax : matplotlib Axes, optional
        Draw into these axes instead of a new figure.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ImportError
        If matplotlib is not installed. KeyError if ``variable`` is not in the snapshot.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError as e:
        raise ImportError("plot_snapshot needs matplotlib (e.g. apt-get install python3-matplotlib)"
                          ) from e
    s = snapshot if isinstance(snapshot, Snapshot) else Snapshot(os.fspath(snapshot))
    if variable not in s:
        raise KeyError("snapshot '%s': no variable '%s' (variables: %s)"
                       % (s.path, variable, ", ".join(s)))
    nz, ny, nx = s.shape
    one_d = ny == 1 and nz == 1
    if ax is not None:
        fig = ax.figure
    elif out is not None:
        from matplotlib.figure import Figure
        fig = Figure(figsize=(6, 4) if one_d else (6, 5))
        ax = fig.subplots()
    else:
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 4) if one_d else (6, 5))

    vector = variable in s.vectors
    label = "|%s|" % variable if vector else variable
    k = nz // 2 if z_index is None else z_index
    values = s.read(variable, np.s_[0, 0, :] if one_d else k)
    if vector:
        values = np.sqrt(np.sum(np.asarray(values, dtype=np.float64) ** 2, axis=0))
    a = s.attrs
    title = label if s.time is None else "%s  t = %.4g" % (label, s.time)
    if one_d:
        ax.plot(s.x, values, ".-")
        ax.set_xlabel("x")
        ax.set_ylabel(label)
    else:
        image = ax.imshow(np.asarray(values), origin="lower", cmap="viridis",
                          extent=(a["x_min"], a["x_max"], a["y_min"], a["y_max"]))
        fig.colorbar(image, ax=ax, label=label)
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        if nz > 1:
            title += "  (z = %.4g)" % s.z[k]
    ax.set_title(title)
    if out is not None:
        fig.savefig(out, dpi=120, bbox_inches="tight")
    return fig
