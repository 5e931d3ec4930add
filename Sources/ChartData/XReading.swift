/// How a CSV loader read a file's x column: the decisions made once from its values
/// (the date form and order of day and month, whether instants carry a zone, whether
/// they were moved to the wall clock). A followed file's later lines are read under
/// its first read's (`LoadOptions.settledX`), so an appended value cannot change them.
struct XReading: Equatable, Sendable {
    var format: XFormat
    /// Whether the values carry a zone (`Z`, `+01:00`): instants.
    var carriesZone: Bool
    /// The last instant as read, in UTC, where the loader moved the instants to the
    /// machine's wall clock (`moveToWallClock`); `nil` where it did not.
    var lastInstant: Double?
    /// Whether the rows were not in x order and were sorted.
    var sorted = false
}

/// A value carried beside the data that takes no part in its equality: two datasets
/// of the same points are equal however they were read.
struct Aside<Value: Sendable>: Equatable, Sendable {
    var value: Value
    static func == (_: Aside, _: Aside) -> Bool { true }
}
