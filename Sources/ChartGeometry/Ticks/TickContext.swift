/// What a level's labels leave unsaid, named once under the axis: the day under labels
/// that show only times ("Dec 9, 2024" under "08:00, 12:00, 16:00"), the year under
/// days and months. It holds from `start` up to `end`, where the next one begins.
public struct TickContext: Hashable, Sendable {
    /// Where the span begins, in data units.
    public var start: Double
    /// Where the next span begins, in data units.
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
