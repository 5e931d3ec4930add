/// How every flag that names a column or a series (`--x`, `--y`, `--y2`, `--bars`,
/// `--area`) finds it, so that a name that works for one works for all: spaces around
/// the name are ignored, the exact spelling is looked for first, then the name in any
/// case (`close` finds `Close`). Two names that match the same way are named rather
/// than one picked.
enum NameMatch {
    /// The index in `names` of the one name `asked` matches.
    /// - Throws: `DataLoadError.notInFile` when none matches, `.usage` (naming both
    ///   positions) when two match alike.
    /// - Complexity: O(`names.count`).
    static func index(of asked: String, in names: [String], file: String, flag: String,
                      kind: DataLoadError.Kind) throws -> Int {
        let wanted = asked.trimmingSpaces()
        let ways: [(String) -> Bool] = [
            { $0.trimmingSpaces() == wanted },
            { $0.trimmingSpaces().lowercased() == wanted.lowercased() },
        ]
        for matches in ways {
            let found = names.indices.filter { matches(names[$0]) }
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                let noun = kind == .series ? "series" : kind.plural
                let spelled = Set(found.map { names[$0] }).count == 1
                    ? "both named \(DisplayText.quotedName(names[found[0]]))"
                    : "named \(DisplayText.quotedName(names[found[0]])) and \(DisplayText.quotedName(names[found[1]]))"
                throw DataLoadError.usage(
                    file: file,
                    message: "\(flag) \(DisplayText.quotedName(wanted)) matches \(noun) \(found[0] + 1) and "
                        + "\(found[1] + 1), \(spelled); rename one in the file to pick it")
            }
        }
        throw DataLoadError.notInFile(file: file, flag: flag, asked: wanted, kind: kind, available: names)
    }
}
