extension DataRect: Codable {
    private enum CodingKeys: String, CodingKey { case minX, maxX, minY, maxY }

    /// Reads a rectangle, refusing one that is not finite and non-empty (a session file
    /// edited by hand, or written by a bug, must not reach the viewport).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(minX: try c.decode(Double.self, forKey: .minX), maxX: try c.decode(Double.self, forKey: .maxX),
                  minY: try c.decode(Double.self, forKey: .minY), maxY: try c.decode(Double.self, forKey: .maxY))
        guard [minX, maxX, minY, maxY].allSatisfy(\.isFinite), minX < maxX, minY < maxY,
              (maxX - minX).isFinite, (maxY - minY).isFinite else {
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
