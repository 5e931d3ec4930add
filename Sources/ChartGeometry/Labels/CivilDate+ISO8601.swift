/// Instants as ISO 8601 text in UTC, what a spreadsheet or a JSON reader reads back:
/// the one writer for `describe --json` and the window's Ctrl+C.
extension CivilDate {
    /// `2023-01-03T14:05:00Z`, with milliseconds where the instant has them
    /// (`…T14:05:00.250Z`).
    /// - Parameter dayAlone: write a midnight as the day alone (`2023-01-03`), as a
    ///   spreadsheet's date cell holds it.
    public static func iso8601(unixSeconds seconds: Double, dayAlone: Bool = false) -> String {
        let date = CivilDate(unixSeconds: seconds)
        func pad(_ n: Int, _ width: Int = 2) -> String {
            let digits = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let milliseconds = Int(((seconds - seconds.rounded(.down)) * 1000).rounded())
        let hasMilliseconds = milliseconds > 0 && milliseconds < 1000
        let day = "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))"
        if dayAlone, !hasMilliseconds, date.hour == 0, date.minute == 0, date.second == 0 { return day }
        let fraction = hasMilliseconds ? "." + pad(milliseconds, 3) : ""
        return "\(day)T\(pad(date.hour)):\(pad(date.minute)):\(pad(date.second))\(fraction)Z"
    }
}
