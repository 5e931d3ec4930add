/// A compressed form data arrives in (gzip: `.csv.gz` is how large exports travel),
/// inflated before the content is read. Inflaters need C libraries, which ChartData does
/// not import, so they live in ChartSources and reach the reader through
/// `LoadOptions.inflaters` (the file source adds gzip there).
public protocol ContentInflater: Sendable {
    /// The format's name, in messages and to tell inflaters apart: "gzip".
    var format: String { get }

    /// The name's ending a file in this format has (".gz"), dropped from the path when
    /// the inflated content's format is chosen by name (`prices.csv.gz` is CSV).
    var suffix: String { get }

    /// Whether `start` (the content's first bytes) is in this format.
    /// - Complexity: O(1).
    func recognises(_ start: UnsafeRawBufferPointer) -> Bool

    /// `bytes` inflated, within the memory budget of `options` (`GrowingBuffer` checks it).
    /// - Parameters:
    ///   - source: the file, as messages name it.
    ///   - tracker: told of each stretch of `bytes` consumed, so that progress is the
    ///     compressed bytes read and a mapped file's pages are dropped as it goes.
    /// - Throws: `DataLoadError`: `.binary` for corrupt or truncated data (with the
    ///   library's reason), `.tooLarge` when the content outgrows the budget.
    func inflate(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                 tracker: ReadTracker?) throws -> GrowingBuffer
}

/// The inflaters a load may use; none by default, so that ChartData alone refuses a gzip
/// file by name. Equal when they hold the same formats.
public struct ContentInflaters: Equatable, Sendable {
    public private(set) var all: [any ContentInflater]

    public init(_ all: [any ContentInflater] = []) {
        self.all = []
        for inflater in all { add(inflater) }
    }

    /// Adds `inflater` unless one for its format is there already.
    public mutating func add(_ inflater: any ContentInflater) {
        guard !all.contains(where: { $0.format == inflater.format }) else { return }
        all.append(inflater)
    }

    /// The inflater that recognises `bytes`, if any.
    public func inflater(for bytes: UnsafeRawBufferPointer) -> (any ContentInflater)? {
        all.first { $0.recognises(bytes) }
    }

    public static func == (lhs: ContentInflaters, rhs: ContentInflaters) -> Bool {
        lhs.all.map(\.format) == rhs.all.map(\.format)
    }
}
