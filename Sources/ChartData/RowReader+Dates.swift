extension RowReader {
    /// An x cell of a column whose dates are written as `column` says: its seconds, or
    /// an error naming the line, the value and the form the column was read as.
    @inline(__always)
    mutating func x(_ field: CSVScanner.Field, writtenAs column: DateColumn, line: Int, scanner: CSVScanner) throws -> Double {
        if let reading = column.pattern.read(bytes, from: field.start, to: field.end) {
            if reading.hasZone != xCarriesZone { noteZoneMismatch(field, line: line, scanner: scanner) }
            return reading.seconds
        }
        if DecimalParser.parse(bytes, from: field.start, to: field.end) == .missingWord {
            throw Self.rowWithoutX(file: source, line: line, column: xIndex, names: names, found: scanner.quoted(field))
        }
        if let error = missingDay(field, in: column.pattern, line: line, scanner: scanner) { throw error }
        throw DataLoadError.malformed(file: source, line: line, column: xIndex + 1,
                                      expected: "\(column.expectation) in column \(DisplayText.quotedName(names[xIndex]))",
                                      found: field.start == field.end ? "an empty field" : scanner.quoted(field))
    }

    /// A date with a zone in a column whose first had none, or the other way: the
    /// loader then shows the axis in UTC and says so (`CSVLoader.mixedZoneWarning`).
    mutating func noteZoneMismatch(_ field: CSVScanner.Field, line: Int, scanner: CSVScanner) {
        if firstZoneMismatch == nil { firstZoneMismatch = (line, scanner.quoted(field)) }
    }

    /// The error for an x written as `pattern` says but on a day its month lacks
    /// (`2019-02-29`); `nil` for any other value.
    func missingDay(_ field: CSVScanner.Field, in pattern: DatePattern, line: Int, scanner: CSVScanner) -> DataLoadError? {
        guard let missing = pattern.missingDay(bytes, from: field.start, to: field.end) else { return nil }
        return .malformed(file: source, line: line, column: xIndex + 1,
                          expected: DatePattern.dayExpectation(missing, column: DisplayText.quotedName(names[xIndex])),
                          found: scanner.quoted(field))
    }
}
