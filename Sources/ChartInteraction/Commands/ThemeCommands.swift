import ChartStage
import ChartSupport

/// Owns `t` (day ↔ night, eased, remembered in the session) and the theme itself: the
/// one given on the command line, else the session's once it arrives, else day.
public final class ThemeCommands: CommandOwner {
    public private(set) var theme: ChartTheme
    /// Whether the theme came from the command line (then the session's does not apply).
    private let wasGiven: Bool
    private let remember: (SessionUpdate) -> Void
    /// Shows a theme: eased when `animated` (a key), at once when not (the session's).
    public var apply: (_ theme: ChartTheme, _ animated: Bool) -> Void = { _, _ in }

    /// - Parameters:
    ///   - given: the command line's theme, if any.
    ///   - remember: saves a change in the session.
    public init(given: ChartTheme?, remember: @escaping (SessionUpdate) -> Void) {
        theme = given ?? .day
        wasGiven = given != nil
        self.remember = remember
    }

    public func take(_ event: ChartEvent) -> Bool {
        guard event == .command(.toggleTheme) else { return false }
        theme = theme == .day ? .night : .day
        apply(theme, true)
        remember(SessionUpdate(theme: theme.name))
        return true
    }

    /// Takes the session's theme, named `name`, unless one was given.
    public func sessionArrived(themeNamed name: String) {
        guard !wasGiven, let saved = ChartTheme.named(name), saved != theme else { return }
        theme = saved
        apply(saved, false)
    }
}
