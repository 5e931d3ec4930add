/// Where a face lives: a font file, and which face in it (a `.ttc` collection, as many
/// CJK fonts are, holds several).
public struct FontLocation: Hashable, Sendable {
    public var path: String
    /// The face's index in the file; 0 for a plain `.ttf` or `.otf`.
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
