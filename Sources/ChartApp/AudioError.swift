/// Why no sound could be played, with SDL's own words (the window shows it on the chart).
public struct AudioError: Error, CustomStringConvertible {
    public let description: String
}
