import Foundation

/// The benchmark workload W1's 300-frame pan/zoom script over a full x range R.
///
/// Frames 0–99 zoom geometrically from R to 1% of its width around R's middle; frames
/// 100–199 pan that 1% window from 50% to 60% of R; frames 200–299 zoom geometrically
/// back out to R's width around 60%, clamped to stay inside R. Other frame counts
/// stretch the three phases evenly.
public struct BenchmarkScript: Sendable {
    public let minX: Double
    public let maxX: Double
    public let frames: Int

    public init(minX: Double, maxX: Double, frames: Int = 300) {
        precondition(maxX > minX, "BenchmarkScript: an empty x range")
        precondition(frames >= 3, "BenchmarkScript: at least one frame per phase")
        self.minX = minX
        self.maxX = maxX
        self.frames = frames
    }

    /// The visible x range of frame `index` (0-based).
    /// - Complexity: O(1).
    public func xRange(frame index: Int) -> ClosedRange<Double> {
        precondition((0..<frames).contains(index), "BenchmarkScript: frame \(index) is outside 0..<\(frames)")
        let width = maxX - minX
        let phase = frames / 3
        let narrow = 0.01
        let centre: Double
        let fraction: Double
        if index < phase {
            let t = Double(index) / Double(max(phase - 1, 1))
            fraction = pow(narrow, t)
            centre = 0.5
        } else if index < 2 * phase {
            let t = Double(index - phase) / Double(max(phase - 1, 1))
            fraction = narrow
            centre = 0.5 + 0.1 * t
        } else {
            let last = frames - 2 * phase
            let t = Double(index - 2 * phase) / Double(max(last - 1, 1))
            fraction = narrow * pow(1 / narrow, t)
            centre = 0.6
        }
        let span = width * fraction
        var lower = minX + width * centre - span / 2
        lower = min(max(lower, minX), maxX - span)
        return lower...(lower + span)
    }
}
