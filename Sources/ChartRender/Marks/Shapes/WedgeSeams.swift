import ChartStage

/// Where the wedges of a list of shapes meet a wedge drawn after them, and so how far
/// each reaches past its edges.
///
/// Two slices side by side, each antialiased, both cover half of a pixel on their shared
/// edge, and 25% of the background shows through: a faint seam around every slice. So
/// the earlier wedge reaches `overlap` pixels past an edge that a later, opaque wedge of
/// the same disc (centre and radius) starts or ends on; the later one's antialiased edge
/// then blends with the earlier's colour. A translucent later wedge (a pie fading in)
/// would show the overlap as a darker line, a worse seam than the one it mends, so it
/// gets none.
struct WedgeSeams {
    /// Pixels an earlier wedge reaches under a later one's edge: the antialiasing ramp
    /// is a pixel wide, centred on the edge, so half of it is enough; one is safe.
    static let overlap = 1.0

    private var overlaps: [Int: (start: Double, end: Double)] = [:]

    private struct Disc: Hashable {
        var x: Double, y: Double, radius: Double
    }

    private struct Edges {
        var index: Int
        var start: Double, end: Double
        var isOpaque: Bool
    }

    /// - Complexity: O(w²) in the number of wedges of one disc (a pie's few dozen slices).
    init(_ shapes: [Shape]) {
        var discs: [Disc: [Edges]] = [:]
        for (index, shape) in shapes.enumerated() {
            guard case let .wedge(center, radius, startAngle, endAngle, fill) = shape, endAngle > startAngle else { continue }
            discs[Disc(x: center.x, y: center.y, radius: radius), default: []]
                .append(Edges(index: index, start: startAngle, end: endAngle, isOpaque: fill.alpha >= 1))
        }
        for wedges in discs.values {
            for (k, wedge) in wedges.enumerated() {
                let later = wedges[(k + 1)...].filter(\.isOpaque)
                let start = later.contains { Self.isSameAngle($0.end, wedge.start) }
                let end = later.contains { Self.isSameAngle($0.start, wedge.end) }
                if start || end { overlaps[wedge.index] = (start ? Self.overlap : 0, end ? Self.overlap : 0) }
            }
        }
    }

    /// Pixels the wedge at `index` of the shapes reaches past its start and end edges.
    func overlap(ofWedgeAt index: Int) -> (start: Double, end: Double) { overlaps[index] ?? (0, 0) }

    /// Whether two angles (radians) name the same direction.
    private static func isSameAngle(_ a: Double, _ b: Double) -> Bool {
        abs((a - b).remainder(dividingBy: 2 * .pi)) < 1e-9
    }
}
