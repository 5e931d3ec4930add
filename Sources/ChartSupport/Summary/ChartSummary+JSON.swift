import ChartData
import ChartGeometry
import Foundation

/// The summary for programs: the same facts as `lines`, numbers as JSON numbers (full
/// precision, not rounded for reading), x as an ISO 8601 instant in UTC on a time axis
/// (`2023-01-03T00:00:00Z`) and as a number otherwise. A value that is not finite is
/// left out.
extension ChartSummary {
    /// The summary as a JSON object, keys sorted, two-space indented, with a final line end.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every number is finite by construction; a failure here would be a bug.
        guard let data = try? encoder.encode(Document(self)) else { preconditionFailure("ChartSummary.json: unencodable") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// An x as JSON: a string on a time axis, a number otherwise.
    fileprivate enum XValue: Encodable {
        case instant(String)
        case number(Double)

        init(_ x: Double, kind: XAxisKind) {
            if case let .time(unitsPerSecond) = kind {
                self = .instant(CivilDate.iso8601(unixSeconds: x / unitsPerSecond))
            } else {
                self = .number(x)
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .instant(text): try container.encode(text)
            case let .number(value): try container.encode(value)
            }
        }
    }

    fileprivate struct PointDocument: Encodable {
        var x: XValue
        var y: Double

        init(_ point: SeriesSummary.Point, kind: XAxisKind) {
            x = XValue(point.x, kind: kind)
            y = point.y
        }
    }

    fileprivate struct TrendDocument: Encodable {
        var direction: String
        /// y units per `slopeUnit`.
        var slope: Double
        var slopeUnit: String
        var rSquared: Double
        var fittedChange: Double
    }

    fileprivate struct SeriesDocument: Encodable {
        var name: String
        var points: Int
        var first: PointDocument?
        var last: PointDocument?
        var change: Double?
        var changePercent: Double?
        /// Why there is no `changePercent`: "startsAtZero", "crossesZero" or "nearZero".
        var changePercentWithheld: String?
        var minimum: PointDocument?
        var maximum: PointDocument?
        var trend: TrendDocument?
        /// On a log axis (`--log-y`): the compounded rate of the line through log10 of
        /// the values, per `ratePer` ("year", "day", "hour" or "x"), as a fraction.
        var logTrend: LogTrendDocument?
        /// For a stack's total, the series it adds up.
        var members: [String]?
        /// Count, mean and sample standard deviation, where the summary has them.
        var statistics: StatisticsDocument?

        init(_ summary: SeriesSummary, in chart: ChartSummary, members: [String]? = nil) {
            let kind = chart.xKind
            name = summary.name
            points = summary.pointCount
            first = summary.first.map { PointDocument($0, kind: kind) }
            last = summary.last.map { PointDocument($0, kind: kind) }
            change = summary.change
            changePercent = summary.changePercent
            changePercentWithheld = summary.percentWithheld?.rawValue
            minimum = summary.minimum.map { PointDocument($0, kind: kind) }
            maximum = summary.maximum.map { PointDocument($0, kind: kind) }
            trend = summary.trend.map {
                TrendDocument(direction: $0.direction.rawValue, slope: $0.slope * chart.xUnitsPerSlopeUnit,
                              slopeUnit: chart.slopeUnit.rawValue, rSquared: $0.rSquared, fittedChange: $0.fittedChange)
            }
            logTrend = summary.logTrend.map { trend in
                let period = chart.ratePeriod
                return LogTrendDocument(direction: trend.direction.rawValue, rate: pow(10, trend.slope * period.xUnits) - 1,
                                        ratePer: period.words == "a year" ? "year" : chart.slopeUnit.rawValue,
                                        rSquared: trend.rSquared)
            }
            self.members = members
            statistics = summary.statistics.map(StatisticsDocument.init)
        }
    }

    fileprivate struct StatisticsDocument: Encodable {
        var count: Int
        var mean: Double?
        /// The sample standard deviation (n − 1).
        var standardDeviation: Double?
        var minimum: Double?
        var maximum: Double?

        init(_ statistics: RangeStatistics) {
            count = statistics.count
            mean = statistics.mean
            standardDeviation = statistics.standardDeviation
            minimum = statistics.minimum?.y
            maximum = statistics.maximum?.y
        }
    }

    fileprivate struct LogTrendDocument: Encodable {
        var direction: String
        /// The growth per period as a fraction (0.07: 7%).
        var rate: Double
        var ratePer: String
        var rSquared: Double
    }

    fileprivate struct ShareDocument: Encodable {
        var name: String
        /// 0…1
        var share: Double
        /// Whole percents adding up to 100.
        var percent: Int
    }

    fileprivate struct SharesDocument: Encodable {
        var x: XValue
        var shares: [ShareDocument]
    }

    fileprivate struct RangeDocument: Encodable {
        var from: XValue
        var to: XValue
    }

    /// A note: its point's x and its text, whole.
    fileprivate struct NoteDocument: Encodable {
        var x: XValue
        var text: String
    }

    fileprivate struct Document: Encodable {
        var source: String
        var xKind: String
        var range: RangeDocument
        var points: Int
        var firstX: XValue?
        var lastX: XValue?
        var series: [SeriesDocument]
        var totals: [SeriesDocument]
        var shares: [SharesDocument]
        /// The notes in range; left out where there are none.
        var notes: [NoteDocument]?
        var text: [String]

        init(_ chart: ChartSummary) {
            let kind = chart.xKind
            source = chart.source
            if case .time = kind { xKind = "time" } else { xKind = "number" }
            range = RangeDocument(from: XValue(chart.range.lowerBound, kind: kind), to: XValue(chart.range.upperBound, kind: kind))
            points = chart.pointCount
            firstX = chart.firstX.map { XValue($0, kind: kind) }
            lastX = chart.lastX.map { XValue($0, kind: kind) }
            series = chart.series.map { SeriesDocument($0, in: chart) }
            totals = chart.totals.map { SeriesDocument($0.summary, in: chart, members: $0.members) }
            shares = chart.shares.map { shares in
                SharesDocument(x: XValue(shares.x, kind: kind), shares: shares.names.indices.map {
                    ShareDocument(name: shares.names[$0], share: shares.shares[$0], percent: shares.percents[$0])
                })
            }
            notes = chart.notes.isEmpty ? nil : chart.notes.map { NoteDocument(x: XValue($0.x, kind: kind), text: $0.text) }
            text = chart.lines
        }
    }
}
