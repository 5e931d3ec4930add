/// Data a benchmark makes in memory (W1's walk, W2's series), sized before it is made so
/// that too many points are refused with a message rather than ending the process.
public protocol GeneratedData {
    /// The points it holds, every series counted.
    var pointCount: Int { get }
    /// About the bytes a point takes once loaded, level of detail and range index included.
    static var bytesPerPoint: Int { get }
}

extension GeneratedData {
    /// `bytesPerPoint` and `extraBytesPerPoint` for each point; overflow reads as `Int.max`.
    /// - Complexity: O(1).
    public func bytesNeeded(extraBytesPerPoint: Int = 0) -> Int {
        let (bytes, overflow) = max(pointCount, 0).multipliedReportingOverflow(by: Self.bytesPerPoint + extraBytesPerPoint)
        return overflow ? .max : bytes
    }
}
