
/// What an audiograph plays, before any sample is made: the stretches of time the tone
/// sounds (`runs`) and the pitch it glides through in each.
///
/// Between two notes the pitch glides: the frequency is interpolated linearly, as the
/// line is drawn straight between two points. Steps (a held pitch per point, jumping at
/// the next) were the other choice; they turn a smooth rise into a staircase of notes
/// that reads as separate events, and make the pitch of a point depend on which side of
/// it the listener is, while the glide follows the picture the listener is told about.
public struct AudiographScore: Equatable, Sendable {
    /// A pitch the tone passes through.
    public struct Note: Equatable, Sendable {
        /// Seconds from the start of the sweep (a note just outside the range, where
        /// the line comes in from, is before 0 or after `duration`).
        public var time: Double
        /// Hertz.
        public var frequency: Double

        public init(time: Double, frequency: Double) {
            self.time = time
            self.frequency = frequency
        }
    }

    /// A stretch of unbroken sound: the line from one gap (or end) to the next.
    public struct Run: Equatable, Sendable {
        /// When it starts and ends, seconds within `0...duration`.
        public var start: Double
        public var end: Double
        /// The notes it glides through, in time order (one: a steady tone).
        public var notes: [Note]

        public init(start: Double, end: Double, notes: [Note]) {
            self.start = start
            self.end = end
            self.notes = notes
        }

        /// The pitch at `t` seconds, hertz: interpolated between the notes either side,
        /// the first or last note's before or after them. `hint` is the index of the
        /// note at or before the last `t` asked; times asked in increasing order then
        /// cost O(1) each.
        public func frequency(atSeconds t: Double, from hint: inout Int) -> Double {
            guard notes.count > 1 else { return notes.first?.frequency ?? 0 }
            if hint >= notes.count || notes[hint].time > t { hint = 0 }
            while hint + 1 < notes.count, notes[hint + 1].time <= t { hint += 1 }
            let a = notes[hint]
            guard hint + 1 < notes.count, t > a.time else { return a.frequency }
            let b = notes[hint + 1]
            return a.frequency + (b.frequency - a.frequency) * (t - a.time) / (b.time - a.time)
        }
    }

    /// The sweep's length, seconds.
    public var duration: Double
    /// The stretches of sound, in time order, not overlapping; silence between them.
    public var runs: [Run]

    public init(duration: Double, runs: [Run]) {
        self.duration = duration
        self.runs = runs
    }
}
