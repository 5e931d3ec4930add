import ChartData
import ChartGeometry

/// A price's candlesticks drawn through the stage's viewport (the right axis's, for
/// candles read against it): per period a wick from low to high and a body from open to
/// close, in `rising` where the close is at or above the open, else in `falling`. The
/// GPU picks the level of detail (`OHLCLevels`) for the view and draws every candle
/// from the source's series, so panning changes uniforms only.
public struct SeriesCandles: Equatable, Sendable, Mark {
    /// The open, high, low and close, as their data source issued them.
    public var open: SeriesHandle
    public var high: SeriesHandle
    public var low: SeriesHandle
    public var close: SeriesHandle
    public var rising: RGBAColor
    public var falling: RGBAColor
    /// Wick width in pixels, before the HiDPI scale.
    public var wickWidth: Double
    /// The axis whose view the candles are drawn through.
    public var axis: YAxisSide

    public init(open: SeriesHandle, high: SeriesHandle, low: SeriesHandle, close: SeriesHandle, rising: RGBAColor,
                falling: RGBAColor, wickWidth: Double = 1, axis: YAxisSide = .left) {
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.rising = rising
        self.falling = falling
        self.wickWidth = wickWidth
        self.axis = axis
    }

    /// The four series, open, high, low, close.
    public var series: [SeriesHandle] { [open, high, low, close] }
}
