import Foundation

/// Dates as spreadsheets and statistics offices export them (`DatePattern`): which form
/// an x column is written in, decided once from its values, so each row is then read
/// with that one form.
extension CSVLoader {
    /// The x column's format: the `--date-format` pattern where one was given; else
    /// as the first row's value (`sampleFormat`) shows it, where an exported date's
    /// order of day and month is settled by the column's values (`settledSlashDates`)
    /// and a column of four-digit years under a name that says so is years.
    /// - Returns: `nil` where the value is neither a number nor a date.
    static func xFormat(sampleFormat: XFormat?, sample: CSVScanner.Line, after scanner: CSVScanner, xIndex: Int,
                        name: String?, options: LoadOptions) -> XFormat? {
        let bytes = scanner.bytes
        let field = sample.fields[xIndex]
        if let pattern = options.dateFormat {
            return .pattern(DateColumn(pattern: pattern, line: sample.number, text: scanner.quoted(field), fromOption: true))
        }
        switch sampleFormat {
        case .number?:
            guard let name, DateColumn.namesYears(name) else { return .number }
            var years = true
            ColumnSurvey.forEachRow(from: sample, after: scanner) { line in
                let x = line.fields[xIndex]
                years = DateColumn.isYear(bytes, from: x.start, to: x.end)
                return years
            }
            return years ? .pattern(DateColumn(pattern: .year, line: sample.number, text: scanner.quoted(field))) : .number
        case .date?:
            if DateParser.parse(bytes, from: field.start, to: field.end) != nil { return .date }
            guard let form = DatePattern.form(of: bytes, from: field.start, to: field.end) else { return nil }
            let column = DateColumn(pattern: form, line: sample.number, text: scanner.quoted(field))
            guard form == .monthFirst || form == .dayFirst else { return .pattern(column) }
            return .pattern(settledSlashDates(column, sample: sample, after: scanner, xIndex: xIndex, options: options))
        default:
            return sampleFormat
        }
    }

    /// A slash-dated column's order of day and month: the first value in the file that
    /// reads only one way (`13/01/2020` day first, `01/13/2020` month first) settles it
    /// for the whole column, so a later value written the other way is an error naming
    /// its line; where none does, month first, as US spreadsheets write dates (the
    /// loader says so in one warning).
    /// - Complexity: O(rows before the first that settles it); the whole file when none does.
    static func settledSlashDates(_ first: DateColumn, sample: CSVScanner.Line, after scanner: CSVScanner, xIndex: Int,
                                  options: LoadOptions) -> DateColumn {
        let bytes = scanner.bytes
        func settled(_ line: CSVScanner.Line) -> DateColumn? {
            let x = line.fields[xIndex]
            let monthFirst = DatePattern.monthFirst.parse(bytes, from: x.start, to: x.end) != nil
            let dayFirst = DatePattern.dayFirst.parse(bytes, from: x.start, to: x.end) != nil
            guard monthFirst != dayFirst else { return nil }
            return DateColumn(pattern: monthFirst ? .monthFirst : .dayFirst, line: line.number, text: scanner.quoted(x))
        }
        if let column = settled(sample) { return column }
        var ahead = scanner
        while ahead.hasMoreLines {
            let (line, overflow) = ahead.readLine(maxBytes: options.lineLimit, maxFields: options.columnLimit)
            // The read that follows names what is wrong here.
            if overflow != nil || ahead.unclosedQuoteLine != nil { break }
            if xIndex < line.fields.count, let column = settled(line) { return column }
        }
        var assumed = first
        assumed.pattern = .monthFirst
        assumed.orderAssumed = true
        return assumed
    }

    /// The one line that says a slash-dated column was read month first because no
    /// value said which comes first, and how to read it day first.
    static func assumedOrderWarning(_ format: XFormat, source: String, name: String) -> String? {
        guard case let .pattern(column) = format, column.orderAssumed else { return nil }
        return "\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): no date in x column "
            + "\(DisplayText.quotedName(name)) says which of day and month comes first (\(column.text) on line "
            + "\(column.line)); read as MM/DD/YYYY, as US spreadsheets write dates (--date-format %d/%m/%Y reads them "
            + "day first)"
    }

    /// Whether the x column's values carry a zone (`Z`, `+01:00`), as its first row's
    /// does: instants, shown in local time unless `--utc` asks for UTC.
    static func carriesZone(_ format: XFormat, sample: CSVScanner.Line, scanner: CSVScanner, xIndex: Int) -> Bool {
        let field = sample.fields[xIndex]
        switch format {
        case .number: return false
        case .date: return DatePattern.iso.read(scanner.bytes, from: field.start, to: field.end)?.hasZone == true
        case let .pattern(column): return column.pattern.read(scanner.bytes, from: field.start, to: field.end)?.hasZone == true
        }
    }

    /// The one line that says the x column mixes times with a zone and without: those
    /// without are taken as UTC, and the axis is shown in UTC, the one clock both
    /// kinds agree on (local time would shift only the instants).
    static func mixedZoneWarning(_ reader: RowReader, source: String, name: String) -> String? {
        guard let first = reader.firstZoneMismatch else { return nil }
        return "\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): x column \(DisplayText.quotedName(name)) "
            + "mixes times with a zone (Z, +01:00) and without "
            + "(\(first.text) on line \(first.line)); those without are taken as UTC, and times are shown in UTC"
    }
}
