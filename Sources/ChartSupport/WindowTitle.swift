import ChartData

/// The window's title: "Sightline — file", with " — day" while a day is shown.
public struct WindowTitle: Equatable, Sendable {
    /// The title with no day open.
    public internal(set) var base: String
    /// The day named now, if any.
    public private(set) var day: String?

    /// - Parameter path: the file shown; "-" is standard input; an address's password
    ///   is hidden (a title is on show: a task bar, a shared screen).
    public init(path: String) {
        base = "Sightline — " + (path == "-" ? "standard input" : DisplayText.escaped(DisplayText.hidingPassword(path)))
    }

    public var text: String { day.map { "\(base) — \($0)" } ?? base }

    /// Names `day` (or none); returns the new title when it changed, else `nil`.
    public mutating func naming(day: String?) -> String? {
        guard day != self.day else { return nil }
        self.day = day
        return text
    }
}
