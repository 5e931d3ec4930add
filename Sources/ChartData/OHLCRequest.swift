/// Whether a file's series are drawn as candlesticks (`--ohlc`).
public enum OHLCRequest: Equatable, Sendable {
    /// Candlesticks where the file has Open, High, Low and Close columns and `--y`
    /// does not ask for particular series (which draws them as lines).
    case automatic
    /// Candlesticks, or an error naming what is missing: from the columns named Open,
    /// High, Low and Close (`columns` nil), or from the four named, in that order.
    case required(columns: [String]?)
}
