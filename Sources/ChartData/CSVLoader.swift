import Foundation

/// Reads delimited text: an optional header line, then rows with an x column (a number,
/// a Unix timestamp or a date) and one column per series.
///
/// The delimiter (`,`, `;` or tab) is taken from the first line. Quoted fields, CRLF
/// line ends and a UTF-8 byte order mark are accepted. An empty cell is a gap, and so is
/// a word sources write for "no value" (`null`, `NA`, `N/A`, `#N/A`, `-`, `nan`, in any
/// case; one warning counts them); rows with x out of order are sorted stably, with a
/// warning. Without `--y`, every
/// column that is numbers in most of its first rows (`ColumnSurvey`) becomes a series
/// (text columns are skipped; a stray word in a numeric column is an error naming it), up
/// to `LoadOptions.maxSeries`, except those far off the others' scale (`ScaleSelection`),
/// which a warning names. In `;`- and tab-separated files a number may have a
/// decimal comma (`1,5`). Numbers grouped by thousands as spreadsheets export them
/// (`"1,234.5"`, `1.234,5`, `1 234,5`, `1'234.5`) are read where the whole column
/// agrees on the grouping (`GroupedNumber`, `NumberStyle`).

public struct CSVLoader: DataLoader {
    /// Threads a large file's rows are read on (the machine's cores by default).
    public var threads: Int
    /// The least bytes of rows worth a thread of their own.
    public var bytesPerThread: Int

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, bytesPerThread: Int = 8 << 20) {
        self.threads = max(threads, 1)
        self.bytesPerThread = max(bytesPerThread, 1)
    }

    public func load(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                     tracker: ReadTracker?) throws -> Dataset {
        if options.chart != nil {
            throw DataLoadError.usage(file: source, message: "--chart is for Telegram chart JSON files; \(source) is CSV")
        }
        var scanner = CSVScanner(bytes: bytes, lineLimit: options.lineLimit)
        guard scanner.hasMoreLines else {
            throw DataLoadError.noData(file: source, reason: bytes.isEmpty ? "the file is empty (0 bytes)"
                                           : "the file holds only a byte order mark, no text")
        }
        var first = try readLine(&scanner, source: source, options: options)
        while first.fields.allSatisfy(scanner.isBlank), scanner.hasMoreLines {
            first = try readLine(&scanner, source: source, options: options)
        }
        if first.fields.allSatisfy(scanner.isBlank) {
            throw DataLoadError.noData(file: source, reason: "the file holds only blank lines")
        }
        let columnCount = first.fields.count
        guard columnCount >= 2 else {
            throw DataLoadError.malformed(file: source, line: first.number, column: 1,
                                          expected: "at least two columns (x, then one or more y) separated by ',', ';' or tab",
                                          found: "one column")
        }
        let decimalComma = scanner.allowsDecimalComma
        func kind(of field: CSVScanner.Field) -> XFormat? {
            if DecimalParser.parse(bytes, from: field.start, to: field.end, decimalComma: decimalComma) != .invalid
                || GroupedNumber.parse(bytes, from: field.start, to: field.end) != nil {
                return .number
            }
            if DateParser.parse(bytes, from: field.start, to: field.end) != nil
                || DatePattern.form(of: bytes, from: field.start, to: field.end) != nil
                || options.dateFormat?.parse(bytes, from: field.start, to: field.end) != nil {
                return .date
            }
            return nil
        }
        let hasHeader = first.fields.contains { !scanner.isBlank($0) && kind(of: $0) == nil }
        let names: [String] = hasHeader
            ? first.fields.enumerated().map { index, field in
                let name = scanner.unquotedText(of: field).trimmingSpaces()
                return name.isEmpty ? "column \(index + 1)" : name
            }
            : (0..<columnCount).map { $0 == 0 ? "x" : "y\($0)" }

        var sample = first
        if hasHeader {
            repeat {
                guard scanner.hasMoreLines else {
                    throw DataLoadError.noData(file: source, reason: "a header line but no rows of data")
                }
                sample = try readLine(&scanner, source: source, options: options)
            } while sample.fields.allSatisfy(scanner.isBlank)
        }
        guard sample.fields.count == columnCount else {
            throw DataLoadError.malformed(file: source, line: sample.number, column: min(sample.fields.count, columnCount) + 1,
                                          expected: "\(columnCount) fields like the first line", found: "\(sample.fields.count)")
        }

        let xIndex = try options.x.map { try column(named: $0, in: names, source: source, flag: "--x") } ?? 0
        let xField = sample.fields[xIndex]
        if DecimalParser.parse(bytes, from: xField.start, to: xField.end) == .missingWord {
            throw RowReader.rowWithoutX(file: source, line: sample.number, column: xIndex, names: names,
                                        found: scanner.quoted(xField))
        }
        guard let xFormat = options.settledX?.format
                ?? Self.xFormat(sampleFormat: kind(of: xField), sample: sample, after: scanner, xIndex: xIndex,
                                name: hasHeader ? names[xIndex] : nil, options: options),
              !scanner.isBlank(xField) else {
            if let missing = DatePattern.missingDay(inAnyForm: bytes, from: xField.start, to: xField.end) {
                let name = DisplayText.quotedName(names[xIndex])
                throw DataLoadError.malformed(file: source, line: sample.number, column: xIndex + 1,
                                              expected: DatePattern.dayExpectation(missing, column: name),
                                              found: scanner.quoted(xField))
            }
            throw DataLoadError.malformed(file: source, line: sample.number, column: xIndex + 1,
                                          expected: "a number or a date (\(DatePattern.exportedExamples), a time "
                                              + "after it or not; --date-format reads others) in x column "
                                              + "\(DisplayText.quotedName(names[xIndex]))",
                                          found: scanner.quoted(xField))
        }
        func cell(_ field: CSVScanner.Field) -> ColumnSurvey.Cell {
            if scanner.isBlank(field) { return .blank }
            if DecimalParser.parse(bytes, from: field.start, to: field.end, decimalComma: decimalComma) == .invalid,
               let (_, style) = GroupedNumber.parse(bytes, from: field.start, to: field.end),
               decimalComma || style.decimal != .comma {
                return .grouped(style)
            }
            return kind(of: field) == .number ? .number : .other
        }
        let survey = ColumnSurvey(sample: sample, after: scanner, columnCount: columnCount, cell: cell) {
            DecimalMark.settled(by: bytes, from: $0.start, to: $0.end)
        }
        var yIndices: [Int]
        var warnings: [String] = []
        if let wanted = options.y {
            yIndices = []
            // A column named twice is taken once: two identical lines show nothing more.
            var taken = Set<Int>()
            for name in wanted {
                let index = try column(named: name, in: names, source: source, flag: "--y")
                if index == xIndex {
                    throw DataLoadError.usage(
                        file: source,
                        message: "--y names the x column \(DisplayText.quotedName(names[xIndex])); a column cannot be "
                            + "both x and y (--x picks another x column)")
                }
                if taken.insert(index).inserted { yIndices.append(index) }
            }
        } else {
            let others = (0..<columnCount).filter { $0 != xIndex }
            yIndices = others.filter(survey.isNumeric)
            if yIndices.isEmpty, let miss = survey.closestMiss(among: others, cell: cell) {
                throw DataLoadError.malformed(
                    file: source, line: miss.line, column: miss.column + 1,
                    expected: "a number in column \(DisplayText.quotedName(names[miss.column])) (no column besides the x column "
                        + "\(DisplayText.quotedName(names[xIndex])) holds numbers)",
                    found: scanner.quoted(miss.field))
            }
            if yIndices.count > options.maxSeries {
                warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): showing the first "
                                + "\(options.maxSeries) of \(yIndices.count) numeric columns; --y picks others")
                yIndices.removeSubrange(options.maxSeries...)
            }
        }
        guard !yIndices.isEmpty else {
            throw DataLoadError.noData(file: source,
                                       reason: "no numeric column besides the x column \(DisplayText.quotedName(names[xIndex]))")
        }

        var template = RowReader(bytes: bytes, source: source, names: names, xIndex: xIndex, xFormat: xFormat,
                                 decimalComma: decimalComma, yIndices: yIndices, lineLimit: options.lineLimit,
                                 estimatedRows: 0)
        template.xCarriesZone = options.settledX?.carriesZone
            ?? Self.carriesZone(xFormat, sample: sample, scanner: scanner, xIndex: xIndex)
        tracker?.finished(0..<scanner.position)
        let stretches = Self.stretches(of: bytes, from: scanner.position, threads: threads, bytesPerThread: bytesPerThread)
        try options.requireMemory(Self.bytesNeeded(rows: scanner.estimatedRemainingLines() + 1, series: yIndices.count,
                                                    stretches: stretches.count),
                                   for: "loading", file: source)
        // The grouping the first rows show (`1.234,5`) is taken as the column's from the
        // start, so that its plain numbers (`1.234`) read as it says: the rows are read
        // once, and again only where a later row shows the guess was wrong.
        let read = (xFormat == .number ? [xIndex] : []) + yIndices
        var reader: RowReader
        if decimalComma {
            reader = try readMarked(stretches, from: scanner, after: sample, template: template, read: read,
                                    settled: survey.settled.filter { read.contains($0.key) || survey.isNumeric($0.key) },
                                    grouped: Set(survey.groupings.keys),
                                    tracker: tracker)
            if let warning = Self.assumedMarkWarning(reader, source: source, names: names) { warnings.append(warning) }
        } else {
            reader = try readGrouped(stretches, from: scanner, after: sample, template: template,
                                     guess: survey.groupings.filter { read.contains($0.key) }, tracker: tracker)
            if let warning = Self.commaGroupWarning(reader, settled: survey.settled, source: source, names: names) {
                warnings.append(warning)
            }
        }

            // The first read's columns go before the second's are made: one copy is held.
        if let first = reader.firstMissingWord {
            let cells = reader.missingWords == 1 ? "1 cell read as a gap" : "\(reader.missingWords) cells read as gaps"
            warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): \(cells) "
                            + "(\(first.text), first on line \(first.line))")
        }
        var series = zip(yIndices, reader.ys).map { Series(name: names[$0], ys: $1) }
        if options.y == nil, series.count > 1 {
            // Unasked for, series far off the others' scale would flatten them.
            let selection = ScaleSelection(series: series.map(\.ys))
            // Of the series shown, two units go one an axis; else those the magnitude split
            // would leave flat are split by how much of an axis each fills, unless the command
            // line arranges the kinds and axes itself; series of zeros and gaps stay where
            // they are (nothing to fill).
            let kept = selection.kept
            let magnitudeSplit = selection.secondAxis.compactMap { kept.firstIndex(of: $0) }
            let spans = kept.map { AxisSplit.span(of: series[$0].ys).flatMap { $0 == 0...0 ? nil : $0 } }
            let right = options.kinds.isEmpty
                ? AxisSplit.rightAxis(units: kept.map { AxisTitles.unit(in: series[$0].name) })
                    ?? AxisSplit.rightAxis(spans: spans, magnitudeSplit: magnitudeSplit,
                                           anchor: selection.anchor.flatMap { kept.firstIndex(of: $0) })
                : magnitudeSplit
            for index in right { series[kept[index]].axis = .right }
            if let warning = selection.warning(source: source, names: series.map(\.name)) {
                warnings.append(warning)
            }
            series = kept.map { series[$0] }
        }
        Series.placeVolumes(in: &series)
        var dataset = Dataset(source: source, xs: reader.xs.build(), series: series)
        if let warning = Self.assumedOrderWarning(xFormat, source: source, name: names[xIndex]) { warnings.append(warning) }
        if let warning = Self.mixedZoneWarning(reader, source: source, name: names[xIndex]) { warnings.append(warning) }
        var xReading = XReading(format: xFormat, carriesZone: template.xCarriesZone)
        if !options.utc, options.settledX == nil, template.xCarriesZone, reader.firstZoneMismatch == nil {
            xReading.lastInstant = dataset.xs.max()
            dataset.moveToWallClock()
        }
        dataset.warnings = warnings
        if hasHeader { dataset.axisTitles.xColumn = names[xIndex] }
        xReading.sorted = dataset.sortByXIfNeeded()
        dataset.xReading.value = xReading
        dataset.xKind = xFormat != .number ? .time(unitsPerSecond: 1)
                                         : XAxisKind.guessing(fromSorted: dataset.xs, named: hasHeader ? names[xIndex] : nil)
        return dataset
    }

    /// The rows of a comma-separated file, read with the grouping the first rows
    /// showed (`guess`), and again only where a later row shows the guess was wrong.
    private func readGrouped(_ stretches: [Range<Int>], from scanner: CSVScanner, after sample: CSVScanner.Line,
                             template: RowReader, guess: [Int: RowReader.GroupedColumn],
                             tracker: ReadTracker?) throws -> RowReader {
        var reader = try readRows(stretches, from: scanner, after: sample, template: template.styled(by: guess),
                                  tracker: tracker)
        if let conflict = reader.groupingConflict() { throw conflict }
        if let corrected = reader.groupingAfterGuess(guess, allowsComma: false) {
            // The first read's columns go before the second's are made: one copy is held.
            reader = template
            reader = try readRows(stretches, from: scanner, after: sample, template: template.styled(by: corrected),
                                  tracker: tracker)
            if let conflict = reader.groupingConflict() { throw conflict }
        }
        return reader
    }

    /// The rows of a `;`- or tab-separated file, each column read with its decimal mark
    /// (`DecimalMark.columns`). A column whose mark was assumed and that a later cell
    /// settles the other way is read again with that mark (and the columns that follow
    /// the file's marks with them); each read settles one column more, so this ends.
    private func readMarked(_ stretches: [Range<Int>], from scanner: CSVScanner, after sample: CSVScanner.Line,
                            template: RowReader, read: [Int], settled: [Int: DecimalMark.Settled], grouped: Set<Int>,
                            tracker: ReadTracker?) throws -> RowReader {
        var settled = settled
        while true {
            let reader = try readRows(stretches, from: scanner, after: sample,
                                      template: template.styled(by: DecimalMark.columns(read, settled: settled, grouped: grouped)),
                                      tracker: tracker)
            if let conflict = reader.groupingConflict() { throw conflict }
            if reader.contrary.isEmpty { return reader }
            for (column, other) in reader.contrary {
                // A cell settled the assumed mark too: the later of the two is the error.
                if let same = reader.settledAsAssumed[column] {
                    let (first, later) = same.line < other.line ? (same, other) : (other, same)
                    throw DecimalMark.conflict(file: template.source, line: later.line, column: column,
                                               name: template.names[column], text: later.text, found: later.mark,
                                               first: first)
                }
                settled[column] = other
            }
        }
    }

    /// One warning for the columns read with the European reading that no cell in the
    /// file settled, where a cell read either way: the columns, one such cell and its value.
    static func assumedMarkWarning(_ reader: RowReader, source: String, names: [String]) -> String? {
        let columns = reader.assumedReads.keys.filter {
            reader.settledAsAssumed[$0] == nil && reader.styled[$0]?.assumed == .fileType
        }.sorted()
        guard let first = columns.first, let example = reader.assumedReads[first] else { return nil }
        let named = columns.map { DisplayText.quotedName(names[$0]) }.joined(separator: ", ")
        let value = example.value.rounded() == example.value && abs(example.value) < 1e15
            ? String(Int64(example.value)) : String(example.value)
        return "\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): no cell shows the decimal mark of "
            + "\(columns.count == 1 ? "column" : "columns") \(named); read as European spreadsheets write ';'- and "
            + "tab-separated files, ',' marking decimals and '.' grouping thousands (\(example.text) on line "
            + "\(example.line) as \(value))"
    }

    /// One warning for the columns of a comma-separated file whose only grouped cells
    /// are like `"1,234"` and whose first rows settle no decimal mark: a comma never
    /// marks decimals there, so each is read as a thousand and more, as said here.
    static func commaGroupWarning(_ reader: RowReader, settled: [Int: DecimalMark.Settled], source: String,
                                  names: [String]) -> String? {
        let columns = reader.grouped.filter { column, seen in
            seen.style == NumberStyle(group: .comma, decimal: nil) && settled[column] == nil
                && seen.text.filter { $0 == "," }.count == 1
        }.keys.sorted()
        guard let first = columns.first, let example = reader.grouped[first] else { return nil }
        let named = columns.map { DisplayText.quotedName(names[$0]) }.joined(separator: ", ")
        let value = example.text.filter { $0.isASCII && ($0.isNumber || $0 == "-") }
        return "\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): no cell shows the decimal mark of "
            + "\(columns.count == 1 ? "column" : "columns") \(named); a comma never marks decimals in a comma-separated "
            + "file, so it groups thousands (\(example.text) on line \(example.line) as \(value))"
    }

    /// The bytes the columns of `rows` rows take while they are read: x and each series,
    /// 8 bytes a value, and the stretches read beside the first held until appended.
    /// - Complexity: O(1).
    static func bytesNeeded(rows: Int, series: Int, stretches: Int) -> Int {
        let columns = rows.multipliedReportingOverflow(by: (series + 1) * 8)
        guard !columns.overflow else { return .max }
        // The first stretch reserves every row; the others hold their share until appended.
        let others = columns.partialValue / max(stretches, 1) * (max(stretches, 1) - 1)
        return columns.partialValue.addingReportingOverflow(others).overflow ? .max : columns.partialValue + others
    }

    /// The next line, read while sniffing the header and the first row; an unclosed
    /// quote is an error naming the line where it opened, and so is a line past the
    /// options' line or column limit (its fields are held in arrays).
    private func readLine(_ scanner: inout CSVScanner, source: String, options: LoadOptions) throws -> CSVScanner.Line {
        let (line, overflow) = scanner.readLine(maxBytes: options.lineLimit, maxFields: options.columnLimit)
        switch overflow {
        case .bytes:
            throw DataLoadError.lineTooLong(file: source, line: line.number, limit: options.lineLimit)
        case .fields:
            throw DataLoadError.malformed(file: source, line: line.number, column: options.columnLimit + 1,
                                          expected: "at most \(options.columnLimit) columns",
                                          found: "more (is the delimiter right?)")
        case nil:
            break
        }
        if let opened = scanner.unclosedQuoteLine {
            throw DataLoadError.malformed(file: source, line: opened, column: line.fields.count,
                                          expected: "a closing quote for the field opened on line \(opened)",
                                          found: "the end of the file")
        }
        return line
    }

    /// Reads the rows after `sample` (the first data line, at `scanner`'s position) in
    /// `stretches` of the file, side by side when there are several, and returns them
    /// with the sample first; in order, in one stretch, when a cut fell inside a quoted
    /// field (one may hold a line end).
    private func readRows(_ stretches: [Range<Int>], from scanner: CSVScanner, after sample: CSVScanner.Line,
                          template: RowReader, tracker: ReadTracker?) throws -> RowReader {
        if let rows = try readRows(stretches, orNilFrom: scanner, after: sample, template: template, tracker: tracker) {
            return rows
        }
        return try readRows([scanner.position..<scanner.bytes.count], orNilFrom: scanner, after: sample,
                            template: template, tracker: tracker)!
    }

    /// The rows read in `stretches`, or `nil` when a cut fell inside a quoted field.
    ///
    /// Each stretch starts just after a line end; where the stretch before it ended its
    /// last row there (not inside quotes), that is a row's start too, so its rows read the
    /// same on their own, and the rows before it tell its first line's number. Quoted
    /// fields elsewhere (`"1,234.5"`, a note with a line end inside a stretch) change
    /// nothing. The first stretch reads into the file's reader (its columns reserved for
    /// every row), the others into their own, appended after it and freed one by one.
    private func readRows(_ stretches: [Range<Int>], orNilFrom scanner: CSVScanner, after sample: CSVScanner.Line,
                          template: RowReader, tracker: ReadTracker?) throws -> RowReader? {
        var first = template.emptied(over: scanner.bytes, offset: 0)
        first.reserve(rows: scanner.estimatedRemainingLines() + 1)
        try first.append(sample.fields, line: sample.number, scanner: scanner)
        var outcomes = [StretchOutcome(rows: first)] + stretches.dropFirst().map {
            StretchOutcome(rows: template.emptied(over: UnsafeRawBufferPointer(rebasing: scanner.bytes[$0]),
                                                  offset: $0.lowerBound))
        }
        first = template
        outcomes.withUnsafeMutableBufferPointer { buffer in
            let slots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: stretches.count) { k in
                // Taken out of its slot, so that the columns grow in place.
                var outcome = slots[k]
                slots[k] = StretchOutcome(rows: template)
                var partScanner = k == 0 ? scanner : CSVScanner(bytes: outcome.rows.bytes, delimiter: scanner.delimiter)
                if k > 0 { outcome.rows.reserve(rows: partScanner.estimatedRemainingLines()) }
                let before = partScanner.lineEndsPassed
                do {
                    try outcome.rows.readRows(&partScanner, tracker: tracker,
                                              until: stretches[k].upperBound - outcome.rows.offset)
                } catch {
                    outcome.failure = error
                }
                outcome.lines = partScanner.lineEndsPassed - before
                // The first stretch reads on into the next past a quoted line end; the
                // others' bytes stop at their cut, where such a quote is never closed.
                // A quote open at the file's end is read again in order too, so that
                // its message names the line it opened on as the file counts.
                if outcome.failure == nil {
                    outcome.cutInQuotes = k + 1 < stretches.count
                        && partScanner.position != stretches[k].upperBound - outcome.rows.offset
                } else {
                    outcome.cutInQuotes = k > 0 && partScanner.unclosedQuoteLine != nil
                }
                slots[k] = outcome
            }
        }
        var lines = scanner.lineEndsPassed
        for k in stretches.indices {
            // The stretches before this one ended their rows at their cuts: this one's
            // error is the file's first, unless its last row ran on past its cut.
            if outcomes[k].cutInQuotes { return nil }
            if let error = outcomes[k].failure {
                throw (error as? DataLoadError).map { k == 0 ? $0 : $0.movedDown(lines: lines) } ?? error
            }
            if k > 0 {
                outcomes[0].rows.append(contentsOf: outcomes[k].rows, linesBefore: lines)
                outcomes[k].rows = template
            }
            lines += outcomes[k].lines
        }
        return outcomes[0].rows
    }

    private func column(named name: String, in names: [String], source: String, flag: String) throws -> Int {
        try NameMatch.index(of: name, in: names, file: source, flag: flag, kind: .column)
    }
}

/// What reading one stretch of rows gave: its rows, its line count, whether its last
/// row ran on past its cut (a quoted field held the line end it was cut after, or a
/// quote was left open), and the error that stopped it.
private struct StretchOutcome {
    var rows: RowReader
    var lines = 0
    var cutInQuotes = false
    var failure: Error?
}

extension CSVLoader {
    /// Where to cut the rows from `start` on into stretches for `threads` threads, each
    /// starting just after an LF: one stretch (read in order) for a small file or one
    /// without LF line ends.
    static func stretches(of bytes: UnsafeRawBufferPointer, from start: Int, threads: Int,
                          bytesPerThread: Int) -> [Range<Int>] {
        let length = bytes.count - start
        let count = min(threads, length / bytesPerThread)
        guard count > 1, let base = bytes.baseAddress else { return [start..<bytes.count] }
        var cuts = [start]
        for k in 1..<count {
            let guess = max(start + length / count * k, cuts.last!)
            guard guess < bytes.count, let lineEnd = memchr(base + guess, 0x0A, bytes.count - guess) else { break }
            let next = base.distance(to: UnsafeRawPointer(lineEnd)) + 1
            if next < bytes.count, next > cuts.last! { cuts.append(next) }
        }
        cuts.append(bytes.count)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    }
}
