
/// A part of the window that owns some commands (keys) and reacts to some events: the
/// summary panel, the theme, the audiograph, the `?` panel, the day navigation, the
/// chart. `CommandRouter` offers each event to the owners in turn.
public protocol CommandOwner: AnyObject {
    /// Does what `event` means to this owner, if anything; returns whether it is used up
    /// here (the owners after this one then do not see it).
    func take(_ event: ChartEvent) -> Bool
}
