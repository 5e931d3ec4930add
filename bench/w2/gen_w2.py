#!/usr/bin/env python3
"""Write the benchmark workload W2 (WORKLOAD-W2.md): four series of different character
on one shared, jittered x with a missing stretch and short outages, N points in all.

    python3 gen_w2.py N OUT.csv        # e.g. 10000000 /work/big/w2/w2_10M.csv

Writes OUT.csv (header x,seasonal,noisy,stepped,walk; x an integer, y with 6 decimals, a
missing value as an empty cell) and, beside it, OUT_x.npy (float64, rows) and OUT_ys.npy
(float64, 4 x rows, the series in the CSV's order, NaN where a cell is empty) for the
peers. Only numpy is needed.
"""
import os
import sys

import numpy as np

SEED = 27
FIRST_X = 1_600_000_000
SERIES = ("seasonal", "noisy", "stepped", "walk")
# Where x jumps over missing rows: (fraction of the rows, width in median steps of 60 s).
MISSING_STRETCH = (0.40, None)   # width: 3% of the nominal range, 0.03 * rows steps
OUTAGES = ((0.10, 320), (0.22, 160), (0.52, 12), (0.55, 40), (0.58, 80), (0.81, 20))
DROPOUTS = 50                    # runs of 1-10 empty cells in the noisy series
STEP_JUMPS = 500                 # expected level changes of the stepped series
YEAR_S, MONTH_S, DAY_S = 365.25 * 86400, 27 * 86400, 86400


def make(n_points):
    rows = n_points // 4
    if rows < 1000:
        sys.exit("W2 needs at least 4000 points (1000 rows), so its gaps lie apart")
    rng = np.random.default_rng(SEED)
    steps = rng.integers(30, 91, rows - 1).astype(np.int64)        # 1. jittered spacing, median 60 s
    steps[int(MISSING_STRETCH[0] * rows) - 1] = 60 * int(np.ceil(0.03 * rows))
    for fraction, width in OUTAGES:
        steps[int(fraction * rows) - 1] = 60 * width
    x = FIRST_X + np.concatenate([[0], np.cumsum(steps)])
    s = (x - FIRST_X).astype(np.float64)
    seasonal = 15 * np.sin(2 * np.pi * s / YEAR_S) + 3 * np.sin(2 * np.pi * s / MONTH_S)
    noisy = 10 + 8 * np.sin(2 * np.pi * s / DAY_S) + 4 * rng.standard_normal(rows)   # 2.
    walk = np.cumsum(12 / np.sqrt(rows) * rng.standard_normal(rows))                  # 3.
    jumps = rng.random(rows) < STEP_JUMPS / rows                                      # 4.
    jumps[0] = True
    levels = -20 + 5 * rng.integers(0, 9, int(jumps.sum()))                          # 5.
    stepped = levels[np.cumsum(jumps) - 1].astype(np.float64)
    starts = rng.integers(0, rows, DROPOUTS)                                          # 6.
    lengths = rng.integers(1, 11, DROPOUTS)                                           # 7.
    for a, k in zip(starts, lengths):
        noisy[a:a + k] = np.nan
    return x, np.vstack([seasonal, noisy, stepped, walk])


def write_csv(path, x, ys, chunk=500_000):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("x," + ",".join(SERIES) + "\n")
        for a in range(0, len(x), chunk):
            cols = [x[a:a + chunk].tolist()] + [ys[k, a:a + chunk].tolist() for k in range(len(SERIES))]
            text = "".join("%d,%.6f,%.6f,%.6f,%.6f\n" % row for row in zip(*cols))
            f.write(text.replace("nan", ""))
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, out = int(float(sys.argv[1])), sys.argv[2]
    x, ys = make(n)
    stem = out[:-4] if out.endswith(".csv") else out
    np.save(stem + "_x.npy", x.astype(np.float64))
    np.save(stem + "_ys.npy", ys)
    write_csv(out, x, ys)
    print(f"{out}: {len(x)} rows x {len(SERIES)} series, {int(np.isnan(ys).sum())} empty cells, "
          f"x {x[0]}..{x[-1]}, y {np.nanmin(ys):.2f}..{np.nanmax(ys):.2f}")


if __name__ == "__main__":
    main()
