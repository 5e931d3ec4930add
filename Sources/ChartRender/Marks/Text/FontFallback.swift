/// Faces for the scalars the label font lacks (a Chinese or Japanese series name, an
/// emoji in a Telegram channel's title), found through fontconfig.
///
/// Labels are rebuilt often, so each scalar's answer is kept, "no installed font has it"
/// included, and each fallback font is opened once however many scalars it draws:
/// after the first frame that shows a name, drawing it again asks fontconfig nothing.
/// Not thread-safe: use it from the thread that draws.
public final class FontFallback {
    private let config: FontConfig
    private let family: String
    /// Per scalar: the face that draws it, or `nil` when no installed font has it.
    private var answers: [UInt32: FontFace?] = [:]
    /// Per font file and face: the open face, or `nil` when FreeType could not open it.
    private var faces: [FontLocation: FontFace?] = [:]

    /// How many times fontconfig was asked (once per scalar at most).
    public private(set) var queries = 0
    /// How many fallback faces are open.
    public var openFaces: Int { faces.values.filter { $0 != nil }.count }

    /// - Parameter family: the family a fallback should look like when several fonts
    ///   have the scalar (a sans for a sans label font).
    public init(config: FontConfig, family: String = "sans-serif") {
        self.config = config
        self.family = family
    }

    /// A face whose character map has `scalar`, or `nil` when no installed font has it.
    /// - Complexity: a dictionary look-up once `scalar` has been asked for.
    public func face(for scalar: Unicode.Scalar) -> FontFace? {
        if let answer = answers[scalar.value] { return answer }
        queries += 1
        let face = config.font(covering: scalar, family: family).flatMap(open)
        // fontconfig's character sets come from its cache; FreeType's map is the one
        // that draws, so a face whose map disagrees is no answer.
        let answer = face.flatMap { $0.hasGlyph(scalar) ? $0 : nil }
        answers[scalar.value] = answer
        return answer
    }

    /// The face at `location`, opened on first use; `nil` if FreeType cannot open it
    /// (remembered, so a broken file is tried once).
    private func open(_ location: FontLocation) -> FontFace? {
        if let face = faces[location] { return face }
        let face = try? FontFace(location)
        faces[location] = face
        return face
    }
}
