/// A column of plain values (y, x, level indices, a range index's tree): either a Swift
/// array or a read-only view into a mapped file (`ColumnMapping`), so that a dataset
/// opened from the cache of large files reads its points where they lie on disk and
/// only the pages it draws become resident.
///
/// It reads as a collection either way. A mutation first copies a mapped view into an
/// array (copy-on-write, as an array does between its copies), so a mapped file is never
/// written. A view holds its mapping, which stays mapped while any column uses it.
public struct ValueColumn<Element: Equatable & Sendable>: @unchecked Sendable {
    // @unchecked: `base` points into `owner`'s read-only mapping, which lives as long as
    // `owner` does; nothing writes through it.
    private var array: [Element]
    /// The first value in the mapping; `nil` for an array.
    private var base: UnsafePointer<Element>?
    private var mappedCount = 0
    private var owner: ColumnMapping?

    public init(_ values: [Element]) {
        array = values
    }

    /// `count` values at `byteOffset` into `mapping`, read where they lie.
    /// - Precondition: `Element` is a plain value (a number), and they lie inside the
    ///   mapping, aligned for it.
    public init(mapping: ColumnMapping, byteOffset: Int, count: Int) {
        precondition(_isPOD(Element.self), "ValueColumn: only plain values are read from a file")
        precondition(byteOffset >= 0 && count >= 0 && byteOffset + count * MemoryLayout<Element>.stride <= mapping.count
                     && byteOffset % MemoryLayout<Element>.alignment == 0, "ValueColumn: outside its mapping")
        array = []
        base = (mapping.base + byteOffset).assumingMemoryBound(to: Element.self)
        mappedCount = count
        owner = mapping
    }

    /// Whether the values are read from a mapped file rather than held in an array.
    public var isMapped: Bool { base != nil }

    /// Calls `body` with the values in contiguous memory (the mapping itself, for a view).
    /// - Complexity: O(1).
    @inline(__always)
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        if let base {
            return try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: mappedCount)) }
        }
        return try array.withUnsafeBufferPointer(body)
    }

    /// The same, for the standard library's bulk copies (`Array.append(contentsOf:)`,
    /// `Array(_:)`), which then copy the values at once rather than one by one.
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }

    /// Drops the pages holding `range` from resident memory after a pass over them (a
    /// check of a cache file), when the values are mapped; reading them again pages them
    /// back in. Nothing for an array.
    public func releasePages(_ range: Range<Int>) {
        guard let base, let owner else { return }
        let start = owner.base.distance(to: UnsafeRawPointer(base + range.lowerBound))
        owner.release(start..<start + range.count * MemoryLayout<Element>.stride)
    }

    /// Calls `body` with the values' raw bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the values to change, in an array of their own.
    /// - Complexity: O(n) when the values are mapped (they are copied first), else O(1).
    public mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        makeArray()
        return try array.withUnsafeMutableBufferPointer(body)
    }

    /// Copies a view into an array of its own, to be changed.
    private mutating func makeArray() {
        guard base != nil else { return }
        array = withUnsafeBufferPointer { Array($0) }
        base = nil
        mappedCount = 0
        owner = nil
    }
}

extension ValueColumn: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }

    public var endIndex: Int { base == nil ? array.count : mappedCount }

    @inline(__always)
    public subscript(index: Int) -> Element {
        get {
            if let base {
                precondition(index >= 0 && index < mappedCount, "ValueColumn: index out of range")
                return base[index]
            }
            return array[index]
        }
        set {
            makeArray()
            array[index] = newValue
        }
    }
}

extension ValueColumn: RangeReplaceableCollection {
    public init() {
        self.init([])
    }

    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with values: C) where C.Element == Element {
        makeArray()
        array.replaceSubrange(range, with: values)
    }

    public mutating func reserveCapacity(_ count: Int) {
        makeArray()
        array.reserveCapacity(count)
    }
}

extension ValueColumn: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ValueColumn: Equatable {
    /// Equal when they hold equal values, in order, wherever they are kept (a mapped
    /// column equals the array it was written from). As for arrays, the same storage is
    /// equal to itself even where it holds NaN.
    public static func == (a: ValueColumn, b: ValueColumn) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                x.count == y.count && (x.baseAddress == y.baseAddress || x.elementsEqual(y))
            }
        }
    }
}

