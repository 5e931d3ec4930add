import ChartData

/// A slash date typed on the command line that reads both ways (`03/01/2020`) is no
/// bound and no note's x; the message says that is why, rather than listing the forms
/// that are read, which the value seems to follow.
extension RangeArgument {
    /// Why `text` (a range, or a note's x) holds no date, where one of its parts is a
    /// slash date that reads both ways; `nil` otherwise.
    static func slashDateAmbiguity(in text: Substring) -> String? {
        let parts = [text] + text.split(separator: ":", omittingEmptySubsequences: true)
        guard let both = parts.first(where: { DatePattern.readsBothWays(String($0)) }) else { return nil }
        return "\(DisplayText.quoted(both)) could be month first or day first: write the date so it says which, "
            + "as 2020-01-31, 31.01.2020 or Jan 31, 2020"
    }
}
