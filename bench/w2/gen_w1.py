#!/usr/bin/env python3
"""Write W1's random walk (the shared form of /work/shared/bench/WORKLOAD.md in our
workplace, Sightline's `sightline walk` shape) for the side-by-side run:

    python3 gen_w1.py N OUT.csv      # also OUT_x.npy, OUT_y.npy (float64)

x = 1,600,000,000 + 60 i, y = cumsum(numpy.random.default_rng(42).standard_normal(N));
header x,y, x an integer, y with 6 decimals. Copied from our workplace's W1 harness
(shared/bench/peers/gen_data.py), so it writes the same bytes.
"""
import os
import sys

import numpy as np


def write_csv(path, x, y, chunk=1_000_000):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("x,y\n")
        for s in range(0, len(x), chunk):
            xs = x[s:s + chunk].astype(np.int64)
            ys = y[s:s + chunk]
            f.write("".join("%d,%.6f\n" % (a, b) for a, b in zip(xs.tolist(), ys.tolist())))
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, out = int(float(sys.argv[1])), sys.argv[2]
    x = 1_600_000_000.0 + 60.0 * np.arange(n, dtype=np.float64)
    y = np.cumsum(np.random.default_rng(42).standard_normal(n))
    stem = out[:-4] if out.endswith(".csv") else out
    np.save(stem + "_x.npy", x)
    np.save(stem + "_y.npy", y)
    write_csv(out, x, y)
    print(f"{out}: {n} points; y in [{y.min():.3f}, {y.max():.3f}]")


if __name__ == "__main__":
    main()
