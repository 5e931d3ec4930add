/// Reads the chart files of Telegram's 2019 chart contest: round 1's `chart_data.json`
/// (an array of charts) and round 2's `overview.json` (one chart). A chart has `columns`
/// (each an array whose first element is the column's id), `types` (`x`, `line`, `area`,
/// `bar`), `names` and `colors`, and optionally the flags `y_scaled`, `stacked` and
/// `percentage`. x is in Unix milliseconds in the contest's files; seconds are detected
/// as the CSV reader detects them (`XAxisKind.guessing`), and other numbers stay numbers.
public struct TelegramChartLoader: DataLoader {
    /// About how many bytes of memory parsing takes per byte of JSON: each value is a
    /// boxed `JSONValue` (about 40 bytes) and a number takes 4 to 14 bytes of text.
    static let memoryPerByte = 8

    public init() {}

    public func load(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                     tracker: ReadTracker?) throws -> Dataset {
        guard !bytes.isEmpty else { throw DataLoadError.noData(file: source, reason: "the file is empty (0 bytes)") }
        let (needed, overflow) = bytes.count.multipliedReportingOverflow(by: Self.memoryPerByte)
        try options.requireMemory(overflow ? .max : needed, for: "loading", file: source)
        var parser = JSONParser(bytes: bytes)
        let document: JSONValue
        do {
            document = try parser.parseDocument()
        } catch let error as JSONParser.SyntaxError {
            throw malformed(bytes, source, at: error.offset, expected: error.expected,
                            found: error.found ?? describeByte(bytes, at: error.offset))
        }
        tracker?.finished(0..<bytes.count)

        var warnings: [String] = []
        let chart: JSONValue
        switch document {
        case let .array(charts, _):
            guard !charts.isEmpty else { throw DataLoadError.noData(file: source, reason: "an empty list of charts") }
            let number = options.chart ?? 1
            guard (1...charts.count).contains(number) else {
                throw DataLoadError.notInFile(file: source, flag: "--chart", asked: "\(number)", kind: .chart,
                                              available: (1...charts.count).map { "\($0)" })
            }
            if options.chart == nil && charts.count > 1 {
                warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): holds \(charts.count) charts; showing chart 1 (choose one with --chart N)")
            }
            chart = charts[number - 1]
        case .object:
            if let number = options.chart, number != 1 {
                throw DataLoadError.notInFile(file: source, flag: "--chart", asked: "\(number)", kind: .chart, available: ["1"])
            }
            chart = document
        default:
            throw malformed(bytes, source, at: document.offset, expected: "a chart object or an array of charts",
                            found: describe(document))
        }
        var dataset = try readChart(chart, bytes: bytes, source: source, options: options)
        dataset.warnings = warnings + dataset.warnings
        return dataset
    }

    private func readChart(_ chart: JSONValue, bytes: UnsafeRawBufferPointer, source: String,
                           options: LoadOptions) throws -> Dataset {
        guard case .object = chart else {
            throw malformed(bytes, source, at: chart.offset, expected: "a chart object", found: describe(chart))
        }
        guard case let .array(columns, columnsOffset)? = chart["columns"] else {
            throw malformed(bytes, source, at: chart["columns"]?.offset ?? chart.offset,
                            expected: "a \"columns\" array in the chart", found: chart["columns"].map(describe) ?? "none")
        }
        let types = try stringMap(chart["types"], key: "types", in: chart, bytes: bytes, source: source)
        let names = try stringMap(chart["names"], key: "names", in: chart, bytes: bytes, source: source, required: false)
        let colors = try stringMap(chart["colors"], key: "colors", in: chart, bytes: bytes, source: source, required: false)

        var xs: [Double]?
        var xID = ""
        var series: [(id: String, values: [Double], offset: Int)] = []
        for column in columns {
            guard case let .array(elements, offset) = column, case let .string(id, _)? = elements.first else {
                throw malformed(bytes, source, at: column.offset, expected: "a column: an array starting with its id",
                                found: describe(column))
            }
            var values: [Double] = []
            values.reserveCapacity(elements.count - 1)
            for element in elements.dropFirst() {
                switch element {
                case let .number(value, _): values.append(value)
                case .null: values.append(.nan)
                default:
                    throw malformed(bytes, source, at: element.offset,
                                    expected: "a number in column \(DisplayText.quotedName(id))", found: describe(element))
                }
            }
            guard let type = types[id] else {
                throw malformed(bytes, source, at: offset,
                                expected: "a type for column \(DisplayText.quotedName(id)) in \"types\"", found: "none")
            }
            switch type {
            case "x":
                guard xs == nil else {
                    throw malformed(bytes, source, at: offset, expected: "one x column",
                                    found: "a second one, \(DisplayText.quotedName(id))")
                }
                xs = values
                xID = id
            case "line", "area", "bar":
                series.append((id, values, offset))
            default:
                throw malformed(bytes, source, at: offset,
                                expected: "a column type of x, line, area or bar for \(DisplayText.quotedName(id))",
                                found: DisplayText.quoted(type))
            }
        }
        guard let xs else {
            throw malformed(bytes, source, at: columnsOffset, expected: "a column of type \"x\"", found: "none")
        }
        // --x and --y name columns, as in a CSV file: by id, or by name for a series.
        let columnNames = [xID] + series.map { s in
            names[s.id].flatMap { $0 == s.id ? nil : "\(s.id) (\($0))" } ?? s.id
        }
        if let wanted = options.x, wanted != xID {
            throw DataLoadError.notInFile(file: source, flag: "--x", asked: wanted, kind: .column, available: columnNames)
        }
        if xs.contains(where: { !$0.isFinite }) {
            throw malformed(bytes, source, at: columnsOffset, expected: "an x column of numbers", found: "a null")
        }
        for s in series where s.values.count != xs.count {
            throw malformed(bytes, source, at: s.offset,
                            expected: "\(xs.count) values in column \(DisplayText.quotedName(s.id)), as many as x",
                            found: "\(s.values.count)")
        }
        var warnings: [String] = []
        if let wanted = options.y {
            var picked: [(id: String, values: [Double], offset: Int)] = []
            for name in wanted {
                if name == xID {
                    throw DataLoadError.usage(file: source, message: "--y names the x column \(DisplayText.quotedName(xID)); "
                                                  + "a column cannot be both x and y")
                }
                guard let match = series.first(where: { $0.id == name || names[$0.id] == name }) else {
                    throw DataLoadError.notInFile(file: source, flag: "--y", asked: name, kind: .column, available: columnNames)
                }
                // A series named twice (or by id and by name) is taken once.
                if !picked.contains(where: { $0.id == match.id }) { picked.append(match) }
            }
            series = picked
        } else if series.count > options.maxSeries {
            warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): showing the first "
                            + "\(options.maxSeries) of \(series.count) series; --y picks others")
            series.removeSubrange(options.maxSeries...)
        }
        guard !series.isEmpty else { throw DataLoadError.noData(file: source, reason: "a chart with no line, area or bar column") }
        guard !xs.isEmpty else { throw DataLoadError.noData(file: source, reason: "a chart with no points") }

        var flags: ChartFlags = []
        if case .bool(true, _)? = chart["y_scaled"] { flags.insert(.yScaled) }
        if case .bool(true, _)? = chart["stacked"] { flags.insert(.stacked) }
        if case .bool(true, _)? = chart["percentage"] { flags.insert(.percentage) }
        var dataset = Dataset(
            source: source, xs: XValues(xs),
            series: series.enumerated().map { index, s in
                // y_scaled: the first series on the left axis, every other on the right.
                Series(name: names[s.id] ?? s.id, ys: s.values, colorHex: colors[s.id],
                       kind: Series.Kind(rawValue: types[s.id] ?? "line") ?? .line,
                       axis: flags.contains(.yScaled) && index > 0 ? .right : .left)
            },
            xKind: .number, flags: flags)
        if flags.contains(.yScaled), series.count > 2 {
            warnings.append("\(DisplayText.escaped(source, limit: DataLoadError.pathLimit)): y_scaled gives each of two series its "
                            + "own axis; the \(series.count - 1) after the first share the right one")
        }
        dataset.warnings = warnings
        dataset.sortByXIfNeeded()
        // Seconds or milliseconds, told apart as the CSV reader does, on sorted x.
        dataset.xKind = XAxisKind.guessing(fromSorted: dataset.xs)
        return dataset
    }

    private func stringMap(_ value: JSONValue?, key: String, in chart: JSONValue, bytes: UnsafeRawBufferPointer,
                           source: String, required: Bool = true) throws -> [String: String] {
        guard let value else {
            if required {
                throw malformed(bytes, source, at: chart.offset, expected: "a \"\(key)\" object in the chart", found: "none")
            }
            return [:]
        }
        guard case let .object(members, _) = value else {
            throw malformed(bytes, source, at: value.offset, expected: "an object for \"\(key)\"", found: describe(value))
        }
        var map: [String: String] = [:]
        for member in members {
            guard case let .string(text, _) = member.value else {
                throw malformed(bytes, source, at: member.value.offset,
                                expected: "a string for \"\(key)\".\(DisplayText.name(member.key))",
                                found: describe(member.value))
            }
            map[member.key] = text
        }
        return map
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: return "an object"
        case let .array(elements, _): return "an array of \(elements.count)"
        case let .string(text, _): return DisplayText.quoted(text)
        case let .number(number, _): return "the number \(number)"
        case let .bool(flag, _): return "\(flag)"
        case .null: return "null"
        }
    }

    private func describeByte(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let b = bytes[offset]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    private func malformed(_ bytes: UnsafeRawBufferPointer, _ source: String, at offset: Int, expected: String,
                           found: String) -> DataLoadError {
        let (line, column) = TextPosition.lineAndColumn(of: offset, in: bytes)
        return .malformed(file: source, line: line, column: column, expected: expected, found: found)
    }
}

/// Line and column (both from 1) of a byte offset, counted only when an error needs it.
enum TextPosition {
    static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }
}
