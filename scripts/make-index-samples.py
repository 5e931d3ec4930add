#!/usr/bin/env python3
"""Writes the two synthetic index files in Resources/ (run from the repository root).

They are stand-ins for real market data we may not redistribute: seeded daily paths
(a Brownian bridge in log price, so every year ends exactly on its anchor) through the
published year-end closes of the S&P 500 (1927-2024) and the DAX (1987-2024). The
shapes a reader looks for are there (the 1929-32 fall, 1987, 2000-02, 2008, 2020);
the days between the anchors are invented.
"""
import datetime
import math
import random

SP500 = [17.66, 24.35, 21.45, 15.34, 8.12, 6.89, 10.10, 9.50, 13.43, 17.18, 10.55, 13.21, 12.49,
         10.58, 8.69, 9.77, 11.67, 13.28, 17.36, 15.30, 15.30, 15.20, 16.76, 20.41, 23.77, 26.57,
         24.81, 35.98, 45.48, 46.67, 39.99, 55.21, 59.89, 58.11, 71.55, 63.10, 75.02, 84.75,
         92.43, 80.33, 96.47, 103.86, 92.06, 92.15, 102.09, 118.05, 97.55, 68.56, 90.19, 107.46,
         95.10, 96.11, 107.94, 135.76, 122.55, 140.64, 164.93, 167.24, 211.28, 242.17, 247.08,
         277.72, 353.40, 330.22, 417.09, 435.71, 466.45, 459.27, 615.93, 740.74, 970.43, 1229.23,
         1469.25, 1320.28, 1148.08, 879.82, 1111.92, 1211.92, 1248.29, 1418.30, 1468.36, 903.25,
         1115.10, 1257.64, 1257.60, 1426.19, 1848.36, 2058.90, 2043.94, 2238.83, 2673.61,
         2506.85, 3230.78, 3756.07, 4766.18, 3839.50, 4769.83, 5881.63]
DAX = [1000.00, 1327.87, 1790.37, 1398.23, 1577.98, 1545.05, 2266.68, 2106.58, 2253.88, 2888.69,
       4249.69, 5002.39, 6958.14, 6433.61, 5160.10, 2892.63, 3965.16, 4256.08, 5408.26, 6596.92,
       8067.32, 4810.20, 5957.43, 6914.19, 5898.35, 7612.39, 9552.16, 9805.55, 10743.01,
       11481.06, 12917.64, 10558.96, 13249.01, 13718.78, 15884.86, 13923.59, 16751.64, 19909.14]


def trading_days(year):
    day = datetime.date(year, 1, 1)
    while day.year == year:
        if day.weekday() < 5 and not (day.month == 1 and day.day == 1) and not (day.month == 12 and day.day == 25):
            yield day
        day += datetime.timedelta(days=1)


def bridge(rng, start, end, count, volatility):
    """`count` log prices from after `start` to exactly `end`, a random walk pinned at both ends."""
    steps = [rng.gauss(0, volatility) for _ in range(count)]
    walk, total = [], 0.0
    for step in steps:
        total += step
        walk.append(total)
    drift = (math.log(end) - math.log(start) - walk[-1]) / count
    return [math.exp(math.log(start) + w + drift * (i + 1)) for i, w in enumerate(walk)]


def daily(anchors, first_year, volatility, seed):
    rng = random.Random(seed)
    rows = []
    for offset in range(1, len(anchors)):
        days = list(trading_days(first_year + offset))
        closes = bridge(rng, anchors[offset - 1], anchors[offset], len(days), volatility)
        rows.extend(zip(days, closes))
    return rows


def write_sp500(path):
    rows = daily(SP500, 1927, 0.011, 1928)
    with open(path, "w") as out:
        out.write("Date,Close\n")
        for day, close in rows:
            out.write(f"{day.isoformat()},{close:.2f}\n")


def write_dax(path):
    rng = random.Random(1988)
    rows = daily(DAX, 1987, 0.013, 1987)
    with open(path, "w") as out:
        out.write("Date,Open,High,Low,Close,Volume\n")
        previous = rows[0][1]
        for day, close in rows:
            open_ = previous * math.exp(rng.gauss(0, 0.004))
            high = max(open_, close) * math.exp(abs(rng.gauss(0, 0.006)))
            low = min(open_, close) * math.exp(-abs(rng.gauss(0, 0.006)))
            volume = int(60_000_000 * math.exp(rng.gauss(0, 0.35)) * (1 + 40 * abs(math.log(close / previous))))
            out.write(f"{day.isoformat()},{open_:.2f},{high:.2f},{low:.2f},{close:.2f},{volume}\n")
            previous = close


if __name__ == "__main__":
    write_sp500("Resources/sp500-century.csv")
    write_dax("Resources/dax-daily.csv")
