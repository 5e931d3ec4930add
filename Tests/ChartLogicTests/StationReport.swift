import ChartData
import Foundation

/// A weather station's hourly report as Denver's airport writes it: at 53 minutes past
/// each hour from 2012 through 2021, with 2016 missing, and three whole-number columns
/// (temperature in °F, relative humidity in %, wind gusts in mph) whose neighbouring
/// hours differ by a few units: the file where a dot on a neighbouring hour's value
/// reads as another hour.
enum StationReport {
    static let start = 1_325_379_180.0 // 2012-01-01 00:53
    static let missingFrom = 1_451_606_400.0 // 2016-01-01
    static let missingUntil = 1_483_228_800.0 // 2017-01-01
    static let end = 1_640_995_200.0 // 2022-01-01

    static func dataset(seed: UInt64 = 22) -> Dataset {
        var rng = SplitMix64(seed: seed)
        var xs: [Double] = [], temperature: [Double] = [], humidity: [Double] = [], wind: [Double] = []
        var gust = 20.0
        var t = start
        while t < end {
            if t < missingFrom || t >= missingUntil {
                let day = t / 86_400
                let season = -cos(2 * .pi * (day - 20) / 365.25), daily = -cos(2 * .pi * (day - 0.1))
                let degrees = 52 + 24 * season + 12 * daily + 4 * rng.nextStandardNormal()
                xs.append(t)
                temperature.append(degrees.rounded())
                humidity.append(min(max(75 - 0.6 * (degrees - 30) + 8 * rng.nextStandardNormal(), 5), 100).rounded())
                gust = min(max(gust + 6 * rng.nextStandardNormal() - 0.1 * (gust - 20), 0), 90)
                wind.append(gust.rounded())
            }
            t += 3_600
        }
        return Dataset(source: "denver.csv", xs: xs,
                       series: [Series(name: "Temperature", ys: temperature), Series(name: "Humidity", ys: humidity),
                                Series(name: "Wind", ys: wind)],
                       xKind: .time(unitsPerSecond: 1))
    }
}
