import ChartData

extension SessionEntry {
    private enum NoteKeys: String, CodingKey { case notes }

    /// The notes of the entry `decoder` reads, each taken as the window takes one
    /// (`ChartNote.init(x:validating:)`: control characters dropped, trimmed, cut), ascending
    /// x, one per x, at most `ChartNote.countLimit`: a note with a non-finite x or a blank
    /// text is dropped (the others stay); a missing or malformed list is none.
    static func notes(from decoder: Decoder) -> [ChartNote] {
        guard let c = try? decoder.container(keyedBy: NoteKeys.self),
              let read = try? c.decode([LenientNote].self, forKey: .notes) else { return [] }
        var notes: [ChartNote] = []
        for note in read.compactMap(\.note).prefix(ChartNote.countLimit) {
            notes = ChartNote.setting(note, in: notes)
        }
        return notes
    }

    /// Writes the notes beside the entry's other fields (none: no key).
    func encodeNotes(to encoder: Encoder) throws {
        guard !notes.isEmpty else { return }
        var c = encoder.container(keyedBy: NoteKeys.self)
        try c.encode(notes, forKey: .notes)
    }

    /// One element of the list, read so that a malformed or invalid one is `nil` rather
    /// than the end of the whole list.
    private struct LenientNote: Decodable {
        let note: ChartNote?

        init(from decoder: Decoder) throws {
            note = (try? ChartNote(from: decoder)).flatMap { ChartNote(x: $0.x, validating: $0.text) }
        }
    }
}
