"""The peers' data: W1's walk or W2's four series, from the .npy files the generators
write beside their CSVs, with W2's breaks marked the way a user of these libraries marks
them: NaN. An empty cell is NaN already; after each x step over 10x the median spacing
(Sightline's gap rule) one row of NaN is put in, so the line breaks where Sightline's does.
"""
import os

import numpy as np

from common import DATA

GAP_FACTOR = 10.0


def with_breaks(x, ys):
    """x (R,) and ys (k, R) with a NaN row inserted after each step over GAP_FACTOR times
    the median spacing, at the step's midpoint (x stays ascending)."""
    steps = np.diff(x)
    median = np.median(steps[steps > 0])
    gaps = np.flatnonzero(steps > GAP_FACTOR * median)
    mid = (x[gaps] + x[gaps + 1]) / 2
    return np.insert(x, gaps + 1, mid), np.insert(ys, gaps + 1, np.nan, axis=1), len(gaps)


def load(workload, tag):
    """(x, [(name, y)...], info) for 'w1' or 'w2' at size tag ('1M', '10M')."""
    if workload == "w1":
        x = np.load(os.path.join(DATA, f"walk_{tag}_x.npy"))
        y = np.load(os.path.join(DATA, f"walk_{tag}_y.npy"))
        return x, [("y", y)], {"breaks": 0}
    x = np.load(os.path.join(DATA, f"w2_{tag}_x.npy"))
    ys = np.load(os.path.join(DATA, f"w2_{tag}_ys.npy"))
    x, ys, breaks = with_breaks(x, ys)
    names = ("seasonal", "noisy", "stepped", "walk")
    return x, [(n, np.ascontiguousarray(ys[k])) for k, n in enumerate(names)], {"breaks": breaks}
