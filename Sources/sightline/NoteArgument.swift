import ArgumentParser
import ChartData
import ChartSupport

/// `--note X=TEXT` on the command line: a note at the point at X, with X read as
/// `--x-range`'s bounds are (a date, a date and time, or a number in data units).
struct NoteArgument {
    var x: RangeArgument.Bound
    var text: String
    /// The argument as given, for messages.
    var given: String

    static let help = ArgumentHelp(
        "A note at a point, X=TEXT (repeatable): X a date (2020-03-16), a date and time or a number in data units; "
            + "drawn at the data's point nearest X, beside the notes the window's session keeps for the file.",
        valueName: "x=text")

    /// The note in `text`, or why it is not one (exit 64).
    @Sendable static func parsing(_ text: String) throws -> NoteArgument {
        guard let equals = text.firstIndex(of: "=") else {
            throw ValidationError("give X=TEXT, a point's x and the note, like 2020-03-16=\"Covid crash\"")
        }
        let xText = text[..<equals], typed = String(text[text.index(after: equals)...])
        guard let x = RangeArgument.bound(xText) else {
            if let ambiguity = RangeArgument.slashDateAmbiguity(in: xText) { throw ValidationError(ambiguity) }
            throw ValidationError("\(DisplayText.quoted(xText)) is no x: give a date like 2020-03-16, a date and time "
                                  + "like 2020-03-16T09:30, or a number")
        }
        // Cleaned as the window's field cleans what is typed (one line, trimmed, cut).
        guard let note = ChartNote.validText(typed) else { throw ValidationError("the note after \"=\" is empty") }
        if case let .number(value) = x, !value.isFinite {
            throw ValidationError("--note's x must be a finite number, not \(DisplayText.quoted(xText))")
        }
        return NoteArgument(x: x, text: note, given: text)
    }

    /// The note at the data's point nearest x: on a time axis a date names its day (the
    /// day's first point, else the nearest point to its start), a number is x itself;
    /// on any other axis x is a number.
    /// - Throws: exit 64 for a date on an axis that is not time; exit 65 for an x outside
    ///   the data (before its first point's day or after its last's), saying where the
    ///   data runs.
    func resolved(in dataset: Dataset) throws -> ChartNote {
        let label = { (x: Double) in ChartSummary.boundLabel(x, kind: dataset.xKind) }
        var start: Double, end: Double
        let x = x.inClock(of: dataset)
        if case let .time(unitsPerSecond) = dataset.xKind, let from = x.startSeconds, let to = x.endSeconds {
            (start, end) = (from * unitsPerSecond, to * unitsPerSecond)
            if !x.isPeriod { end = start }
        } else if let number = x.number {
            (start, end) = (number, number)
        } else {
            throw CommandSupport.fail(message: "--note \(DisplayText.quoted(given)): x in \(DisplayText.quoted(dataset.source)) "
                                          + "is numbers, so give a number before \"=\"", code: 64)
        }
        let xs = dataset.xs
        guard let first = xs.first, let last = xs.last, end >= first, start <= last else {
            var message = "--note \(DisplayText.quoted(given)) is outside the data of \(DisplayText.quoted(dataset.source))"
            if let first = xs.first, let last = xs.last { message += ", which runs from \(label(first)) to \(label(last))" }
            throw CommandSupport.fail(message: message, code: 65)
        }
        // The period's first point, else the point nearest its start.
        let inside = xs.partitionPoint { $0 < start }
        let index = inside < xs.count && xs[inside] <= end && (end > start || xs[inside] == start) ? inside
            : dataset.nearestIndex(toX: start) ?? 0
        return ChartNote(x: xs[index], text: text)
    }

    /// The notes of `arguments` in `dataset`, one per point (a later one at the same
    /// point wins, with a warning naming the one it replaces), ascending x.
    static func notes(_ arguments: [NoteArgument], in dataset: Dataset) throws -> [ChartNote] {
        var notes: [ChartNote] = [], given: [Double: String] = [:]
        for argument in arguments {
            let note = try argument.resolved(in: dataset)
            if let earlier = given[note.x] {
                CommandSupport.printError("warning: --note \(DisplayText.quoted(argument.given)) names the point of "
                                          + "--note \(DisplayText.quoted(earlier)), and replaces it (one note a point)")
            }
            given[note.x] = argument.given
            notes = ChartNote.setting(note, in: notes)
        }
        return notes
    }
}
