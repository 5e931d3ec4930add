#!/usr/bin/env python3
"""Write the Denver-like hourly file, W2's real-data twin (WORKLOAD-W2.md):

    python3 gen_denver.py OUT.csv

Hourly rows at :53 from 2012-01-01 to 2021-12-31, 2016 absent (a missing year), columns
time,temperature,humidity,wind as whole numbers. SYNTHETIC, Denver-like, not station data:
a seasonal and a daily cycle with Gaussian noise for the temperature, humidity following
it, a mean-reverting gusty wind; Python's random, seed 22. This is the recipe (and the
order of draws) that made the file issue 27 measured, so it writes the same bytes.
Standard library only.
"""
import datetime
import math
import random
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    random.seed(22)
    start = datetime.datetime(2012, 1, 1, 0, 53)
    end = datetime.datetime(2022, 1, 1)
    epoch = datetime.datetime(1970, 1, 1)
    t = start
    gust = 20.0
    with open(sys.argv[1], "w") as f:
        f.write("time,temperature,humidity,wind\n")
        while t < end:
            if t.year != 2016:
                day = (t - epoch).total_seconds() / 86400
                season = -math.cos(2 * math.pi * (day - 20) / 365.25)
                daily = -math.cos(2 * math.pi * (day - 0.1))
                deg = 52 + 24 * season + 12 * daily + 4 * random.gauss(0, 1)
                hum = min(max(75 - 0.6 * (deg - 30) + 8 * random.gauss(0, 1), 5), 100)
                gust = min(max(gust + 6 * random.gauss(0, 1) - 0.1 * (gust - 20), 0), 90)
                f.write("%s,%d,%d,%d\n" % (t.strftime("%Y-%m-%dT%H:%M"), round(deg), round(hum), round(gust)))
            t += datetime.timedelta(hours=1)


if __name__ == "__main__":
    main()
