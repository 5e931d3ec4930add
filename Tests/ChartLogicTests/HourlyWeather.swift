import ChartData
import Foundation

/// Ten years of hourly temperatures, 2014 through 2023, in Unix seconds, with the whole
/// of 2017 missing: the file a weather station writes after a year offline.
enum HourlyWeather {
    static let start = 1_388_534_400.0 // 2014-01-01
    static let missingFrom = 1_483_228_800.0 // 2017-01-01, the first hour not written
    static let missingUntil = 1_514_764_800.0 // 2018-01-01, the first hour written again
    static let end = 1_704_067_200.0 // 2024-01-01, the first hour after the data

    static func dataset(seed: UInt64 = 3) -> Dataset {
        var rng = SplitMix64(seed: seed)
        var xs: [Double] = []
        var ys: [Double] = []
        var t = start
        while t < end {
            if t < missingFrom || t >= missingUntil {
                let day = t / 86_400
                let season = -cos(2 * .pi * day / 365.25), daily = -cos(2 * .pi * day)
                xs.append(t)
                ys.append(10 + 11 * season + 4 * daily + 1.5 * rng.nextStandardNormal())
            }
            t += 3_600
        }
        return Dataset(source: "weather.csv", xs: xs, series: [Series(name: "°C", ys: ys)], xKind: .time(unitsPerSecond: 1))
    }
}
