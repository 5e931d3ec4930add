import ChartData

/// What a ClickHouse column's type is to a chart, and how to read it as a `Double`:
/// instants as Unix seconds (UTC), numbers as themselves, `NULL` and NaN as missing.
struct ClickHouseType: Equatable, Sendable {
    /// As the server writes it: `Nullable(Float32)`, `DateTime('UTC')`, `Date`.
    var name: String

    /// The type inside `Nullable(…)` and `LowCardinality(…)`.
    var base: String {
        var inner = name
        for wrapper in ["Nullable(", "LowCardinality("] where inner.hasPrefix(wrapper) && inner.hasSuffix(")") {
            inner = String(inner.dropFirst(wrapper.count).dropLast())
        }
        return inner
    }

    /// Whether it holds instants (a `DateTime`), not calendar days (a `Date`) or numbers.
    var isInstant: Bool { base.hasPrefix("DateTime") }

    var isNullable: Bool { name.hasPrefix("Nullable(") || name.hasPrefix("LowCardinality(Nullable(") }

    var role: SourceColumn.Role {
        let base = self.base
        if base == "Date" || base.hasPrefix("DateTime") { return .time }
        for prefix in ["Int", "UInt", "Float", "Decimal"] where base.hasPrefix(prefix) { return .number }
        return .other
    }

    /// `column` as a Float64 expression: seconds since 1970 UTC for instants (a `Date`
    /// is its day number × 86,400: midnight UTC, whatever the server's zone), the value
    /// for numbers. Nullable stays nullable.
    func seconds(_ column: String) -> String {
        let base = self.base
        if base == "Date" { return "(toFloat64(toUInt16(\(column))) * 86400.0)" }
        // DateTime64 (servers from 20.1): its ticks over the unit of its precision.
        if base.hasPrefix("DateTime64") {
            return "(toFloat64(toUnixTimestamp64Nano(\(column))) / 1000000000.0)"
        }
        return "toFloat64(\(column))"
    }

    /// `column` as a Float64 where a missing value (NULL, NaN) is NaN.
    func value(_ column: String) -> String {
        isNullable ? "ifNull(\(seconds(column)), nan)" : seconds(column)
    }
}
