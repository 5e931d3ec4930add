/// What the app remembers between runs: the files, where the user was looking, which
/// series they hid, the theme and the window's size.
public struct Session: Codable, Equatable, Sendable {
    /// Files opened, most recent first, as absolute paths.
    public var files: [String] = []
    /// The visible range of the most recent file, data units.
    public var visible: DataRect?
    /// Names of the series the user hid.
    public var hiddenSeries: [String] = []
    /// `day` or `night`.
    public var theme: String = "day"
    /// Window size in screen coordinates.
    public var windowWidth: Int?
    public var windowHeight: Int?

    public init() {}

    /// Records `path` as the most recent file, keeping at most `limit` files.
    public mutating func noteOpened(_ path: String, limit: Int = 10) {
        files.removeAll { $0 == path }
        files.insert(path, at: 0)
        if files.count > limit { files.removeLast(files.count - limit) }
    }
}

extension DataRect: Codable {
    private enum CodingKeys: String, CodingKey { case minX, maxX, minY, maxY }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(minX: try c.decode(Double.self, forKey: .minX), maxX: try c.decode(Double.self, forKey: .maxX),
                  minY: try c.decode(Double.self, forKey: .minY), maxY: try c.decode(Double.self, forKey: .maxY))
        guard [minX, maxX, minY, maxY].allSatisfy(\.isFinite), minX < maxX, minY < maxY else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "not a finite, non-empty rectangle"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(minX, forKey: .minX)
        try c.encode(maxX, forKey: .maxX)
        try c.encode(minY, forKey: .minY)
        try c.encode(maxY, forKey: .maxY)
    }
}
