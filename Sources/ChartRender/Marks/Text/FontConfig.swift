import CFontconfig
import Foundation

/// The system's fonts as fontconfig sees them (the library Linux desktops use to pick
/// fonts): the user's choice for a family like `sans-serif`, and which installed font
/// covers a scalar. Owns one `FcConfig`; nothing outside sees fontconfig's pointers.
/// Not thread-safe: use it from the thread that draws.
public final class FontConfig {
    private let config: OpaquePointer

    /// The system's configuration (`fonts.conf`, the user's settings, the font cache),
    /// or the one in `configurationFile`; `nil` when fontconfig cannot load it.
    public init?(configurationFile: String? = nil) {
        if let configurationFile {
            guard let config = FcConfigCreate() else { return nil }
            guard configurationFile.withFcString({ FcConfigParseAndLoad(config, $0, FcTrue) }) == FcTrue,
                  FcConfigBuildFonts(config) == FcTrue else {
                FcConfigDestroy(config)
                return nil
            }
            self.config = config
        } else {
            guard let config = FcInitLoadConfigAndFonts() else { return nil }
            self.config = config
        }
    }

    deinit { FcConfigDestroy(config) }

    /// The face fontconfig picks for `family` (a name, or a generic one such as
    /// `sans-serif`, which the user's configuration maps to a font); `nil` when it has
    /// no scalable font to give.
    public func match(family: String) -> FontLocation? {
        guard let pattern = family.withFcString({ FcNameParse($0) }) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return location(of: font)
    }

    /// The face most like `family` whose character map has `scalar`, from fontconfig's
    /// list of every font sorted by closeness to `family` and the scalar; `nil` when no
    /// installed font has it.
    /// - Complexity: O(installed fonts): it sorts them all, so callers cache the answer.
    public func font(covering scalar: Unicode.Scalar, family: String = "sans-serif") -> FontLocation? {
        guard let pattern = family.withFcString({ FcNameParse($0) }), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcCharSetDestroy(wanted)
            FcPatternDestroy(pattern)
        }
        FcCharSetAddChar(wanted, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                  FcCharSetHasChar(charset, scalar.value) == FcTrue,
                  let location = location(of: font) else { continue }
            return location
        }
        return nil
    }

    /// The file and face index of a matched font, if FreeType can draw it at any size
    /// (an outline font) and the file is there to read.
    private func location(of font: OpaquePointer) -> FontLocation? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var outline: FcBool = FcTrue
        if FcPatternGetBool(font, FC_OUTLINE, 0, &outline) == FcResultMatch, outline != FcTrue { return nil }
        var faceIndex: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
        let path = String(cString: file)
        guard FileManager.default.isReadableFile(atPath: path) else { return nil }
        return FontLocation(path: path, faceIndex: Int(faceIndex))
    }
}

private extension String {
    /// The string as fontconfig's `FcChar8` (UTF-8 bytes), for the call's duration.
    func withFcString<Result>(_ body: (UnsafePointer<FcChar8>) -> Result) -> Result {
        withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: utf8.count + 1, body) }
    }
}
