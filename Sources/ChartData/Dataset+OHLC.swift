extension Dataset {
    /// Marks the four series drawn as candlesticks (`ohlc`), as `request` asks: found by
    /// their names unless `linesAsked` (`--y` named series: they are drawn as lines), or
    /// required (`--ohlc`). The four are read against one axis, the close's.
    /// - Throws: `DataLoadError.usage` when `--ohlc` finds no Open, High, Low and Close
    ///   (naming those missing and the series there are), `.notInFile` for a column
    ///   `--ohlc` names that no series has.
    public mutating func markOHLC(_ request: OHLCRequest, linesAsked: Bool) throws {
        let names = series.map(\.name)
        let found: OHLCColumns?
        switch request {
        case .automatic:
            found = linesAsked ? nil : OHLCColumns.find(in: names)
        case .required(columns: nil):
            guard let columns = OHLCColumns.find(in: names) else {
                let missing = OHLCColumns.missing(in: names).missing
                let read = linesAsked ? "the series --y reads" : "its series"
                throw DataLoadError.usage(
                    file: source,
                    message: "--ohlc draws candlesticks from columns named Open, High, Low and Close (any case); "
                        + "\(DisplayText.listing(missing)) \(missing.count == 1 ? "is" : "are") not among \(read) "
                        + "(\(DisplayText.listing(names))); --ohlc OPEN,HIGH,LOW,CLOSE names others")
            }
            found = columns
        case .required(columns: let asked?):
            guard asked.count == 4 else {
                throw DataLoadError.usage(file: source, message: "--ohlc names four columns, open,high,low,close; "
                                          + "it was given \(asked.count)")
            }
            let indices = try asked.map { try NameMatch.index(of: $0, in: names, file: source, flag: "--ohlc", kind: .series) }
            guard Set(indices).count == 4 else {
                throw DataLoadError.usage(file: source, message: "--ohlc names one column twice; it needs four different ones")
            }
            found = OHLCColumns(open: indices[0], high: indices[1], low: indices[2], close: indices[3])
        }
        guard let found else { return }
        for member in found.all {
            series[member].kind = .line
            series[member].axis = series[found.close].axis
        }
        ohlc = found
    }
}
