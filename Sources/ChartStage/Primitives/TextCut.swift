/// A text cut with "…" to a width, keeping the side a person needs: a title's start, a
/// message's end (a message names its file first and says what went wrong last).
public enum TextCut {
    public enum Kept: Sendable { case start, end }

    /// `text`, or as much of its `kept` side as fits `width` beside a "…", as `measure`
    /// reads widths; `nil` where not one of its characters fits with the "…".
    /// - Complexity: O(log n) measurements (widths grow with the characters kept).
    public static func cut(_ text: String, toWidth width: Double, keeping kept: Kept,
                           measure: (String) -> Double) -> String? {
        guard measure(text) > width else { return text }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            kept == .start ? String(characters.prefix(count)) + "…" : "…" + String(characters.suffix(count))
        }
        // The most characters that fit, found by halving.
        var low = 0, high = characters.count
        while low < high {
            let count = (low + high + 1) / 2
            if measure(candidate(count)) <= width { low = count } else { high = count - 1 }
        }
        return low == 0 ? nil : candidate(low)
    }
}
