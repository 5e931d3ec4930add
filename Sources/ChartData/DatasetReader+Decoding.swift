extension DatasetReader {
    /// Loads `bytes` through a decoding step when they are not UTF-8 text the loaders can
    /// read as they are: inflated by the one of `options.inflaters` that recognises them
    /// (gzip), or transcoded from UTF-16; `nil` for anything else, which `load` reads
    /// itself. The decoded content is loaded as the file would be (with a compressed
    /// file's suffix dropped from `path`, so `prices.csv.gz` is CSV by name), so a
    /// message names the file and the line, and gzip holding UTF-16 is read too.
    ///
    /// Progress: the first half of the bar is the bytes decoded (for gzip, the compressed
    /// bytes read), the second the decoded content parsed.
    /// - Throws: the inflater's errors, `DataLoadError.tooLarge` when the decoded content
    ///   does not fit the memory budget, and the load's.
    static func loadDecoding(_ bytes: UnsafeRawBufferPointer, path: String, source: String, options: LoadOptions,
                             tracker: ReadTracker?) throws -> Dataset? {
        let inflater = options.inflaters.inflater(for: bytes)
        let utf16 = inflater == nil ? UTF16Text.byteOrder(of: bytes) : nil
        guard inflater != nil || utf16 != nil else { return nil }
        let progress = tracker?.progress
        let decoding = ReadTracker(total: bytes.count, progress: progress.map { report in { report($0, 2 * $1) } },
                                   release: tracker?.release)
        let decoded: GrowingBuffer
        var decodedPath = path
        var decodedOptions = options
        if let inflater {
            decoded = try inflater.inflate(bytes, source: source, options: options, tracker: decoding)
            if decodedPath.lowercased().hasSuffix(inflater.suffix) { decodedPath.removeLast(inflater.suffix.count) }
            // Compressed twice is refused by name, not inflated again.
            decodedOptions.inflaters = ContentInflaters()
        } else if let utf16 {
            decoded = try UTF16Text.transcode(bytes, order: utf16.order, markLength: utf16.markLength, source: source,
                                              options: options, tracker: decoding)
        } else {
            return nil
        }
        // Gzip inside gzip: the refusal below would name the outer file less its suffix,
        // a file that does not exist.
        if inflater != nil, decoded.withUnsafeBytes({ BinaryContent.identify($0) }) == .gzip {
            let outer = path == "-" ? "" : " " + DisplayText.shellWord(path)
            throw DataLoadError.binary(file: source, what: path == "-"
                ? "gzip inside gzip: decompress it twice first (pipe it through gunzip -c twice)"
                : "gzip inside gzip: decompress it twice first (gunzip -c\(outer) | gunzip -c > data.csv)")
        }
        // Said here, where what held nothing is known: the loaders would call it an empty file.
        guard decoded.count > 0 else {
            throw DataLoadError.noData(file: source, reason: inflater != nil ? "the gzip file holds nothing (it inflates to 0 bytes)"
                                           : "the file holds only a byte order mark, no text")
        }
        return try decoded.withUnsafeBytes { text in
            let parsing = ReadTracker(total: text.count, progress: progress.map { report in { report($1 + $0, 2 * $1) } })
            return try load(text, path: decodedPath, source: source, options: decodedOptions, tracker: parsing)
        }
    }
}
