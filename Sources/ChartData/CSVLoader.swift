/// Reads delimited text: an optional header line, then rows whose first column is x
/// and whose other columns are one series each.
///
/// The delimiter (`,`, `;` or tab) is taken from the first line. Quoted fields, CRLF
/// line ends and a UTF-8 byte order mark are accepted. An empty cell or `NaN` is a gap;
/// rows with x out of order are sorted stably, with a warning.
public struct CSVLoader: DataLoader {
    public init() {}

    public func load(_ bytes: UnsafeRawBufferPointer, source: String) throws -> Dataset {
        var scanner = CSVScanner(bytes: bytes)
        guard scanner.hasMoreLines else {
            throw DataLoadError.noData(file: source, reason: "the file is empty (0 bytes)")
        }
        let delimiter = scanner.detectDelimiter()

        let firstLine = scanner.readFields(delimiter: delimiter)
        let firstIsHeader = firstLine.fields.contains { field in
            DecimalParser.parse(bytes, from: field.start, to: field.end) == .invalid
        }
        let columnCount = firstLine.fields.count
        guard columnCount >= 2 else {
            throw DataLoadError.malformed(file: source, line: firstLine.number, column: 1,
                                          expected: "at least two columns (x, then one or more y) separated by ',', ';' or tab",
                                          found: "one column")
        }
        let names: [String] = firstIsHeader
            ? firstLine.fields.enumerated().map { index, field in
                let name = scanner.text(of: field).trimmingSpaces()
                return name.isEmpty ? "column \(index + 1)" : name
            }
            : (0..<columnCount).map { $0 == 0 ? "x" : "y\($0)" }

        var xs: [Double] = []
        var ys = [[Double]](repeating: [], count: columnCount - 1)
        let estimatedRows = scanner.estimatedRemainingLines()
        xs.reserveCapacity(estimatedRows)
        for c in ys.indices { ys[c].reserveCapacity(estimatedRows) }

        func append(_ line: CSVScanner.Line) throws {
            guard line.fields.count == columnCount else {
                throw DataLoadError.malformed(
                    file: source, line: line.number, column: min(line.fields.count, columnCount) + 1,
                    expected: "\(columnCount) fields like the first line", found: "\(line.fields.count)")
            }
            for (index, field) in line.fields.enumerated() {
                let value: Double
                switch DecimalParser.parse(bytes, from: field.start, to: field.end) {
                case let .number(v) where v.isFinite:
                    value = v
                case .number:
                    throw DataLoadError.malformed(file: source, line: line.number, column: index + 1,
                                                  expected: "a finite number in column '\(names[index])'",
                                                  found: "\(scanner.quoted(field)) (infinity)")
                case .missing where index > 0:
                    value = .nan
                case .missing:
                    throw DataLoadError.malformed(file: source, line: line.number, column: 1,
                                                  expected: "an x value in column '\(names[0])'",
                                                  found: "an empty field")
                case .invalid:
                    throw DataLoadError.malformed(file: source, line: line.number, column: index + 1,
                                                  expected: "a number in column '\(names[index])'",
                                                  found: scanner.quoted(field))
                }
                if index == 0 { xs.append(value) } else { ys[index - 1].append(value) }
            }
        }

        if !firstIsHeader { try append(firstLine) }
        while scanner.hasMoreLines {
            let line = scanner.readFields(delimiter: delimiter)
            if line.isBlank { continue }
            try append(line)
        }

        if xs.isEmpty {
            throw DataLoadError.noData(file: source, reason: "a header line but no rows of data")
        }
        if xs.count == 1 {
            throw DataLoadError.noData(file: source, reason: "only one point; a line needs at least two")
        }
        var dataset = Dataset(source: source, xs: xs,
                              series: zip(names.dropFirst(), ys).map { Series(name: $0, ys: $1) })
        dataset.sortByXIfNeeded()
        return dataset
    }
}

extension Dataset {
    /// Sorts rows by x, keeping the file's order among equal x, and records a warning.
    /// - Complexity: O(n) when already sorted, else O(n log n).
    mutating func sortByXIfNeeded() {
        guard let firstDescent = xs.indices.dropLast().first(where: { xs[$0] > xs[$0 + 1] }) else { return }
        let order = xs.indices.sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
        xs = order.map { xs[$0] }
        for s in series.indices {
            let ys = series[s].ys
            series[s].ys = order.map { ys[$0] }
        }
        warnings.append("\(source): x is not sorted (first at data row \(firstDescent + 2)); rows were sorted by x")
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let f = scalars.first, f == " " || f == "\t" { scalars.removeFirst() }
        while let l = scalars.last, l == " " || l == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
