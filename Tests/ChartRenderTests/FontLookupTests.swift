import ChartApp
import ChartRender
import Foundation
import XCTest

/// Fonts are found the way Linux desktops find them, through fontconfig, with the old
/// path list behind it; a scalar the label font lacks comes from a font that has it.
/// These need fontconfig's configuration, DejaVu Sans and a CJK font
/// (fonts-wqy-microhei), which scripts/install-deps.sh installs.
final class FontLookupTests: XCTestCase {
    static let han: Unicode.Scalar = "\u{6E29}"
    static let noGlyph: Unicode.Scalar = "\u{10FFFD}"

    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A fontconfig configuration that names no font folder: fontconfig works but has
    /// no font to give.
    private func emptyConfiguration() throws -> FontConfig {
        let file = "\(folder)/fonts.conf"
        try "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(folder)/cache</cachedir></fontconfig>\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        return try XCTUnwrap(FontConfig(configurationFile: file))
    }

    func testFontconfigFindsAFaceForSansSerif() throws {
        let config = try XCTUnwrap(FontConfig(), "fontconfig loaded no configuration")
        let location = try XCTUnwrap(config.match(family: "sans-serif"), "fontconfig has no sans-serif")
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: location.path), location.path)
        let face = try FontFace(location)
        XCTAssertTrue(face.hasGlyph("A"), "\(location.path) draws Latin letters")
    }

    /// fontconfig's answer is what labels use unless `SIGHTLINE_FONT` names a file.
    func testTheDefaultFontIsFontconfigsUnlessSIGHTLINE_FONTNamesOne() throws {
        let config = try XCTUnwrap(FontConfig())
        let sans = try XCTUnwrap(config.match(family: "sans-serif"))
        XCTAssertEqual(FontFace.defaultLocation(environment: [:], config: config), sans)
        XCTAssertEqual(FontFace.defaultLocation(environment: ["SIGHTLINE_FONT": "/x/mine.ttf"], config: config),
                       FontLocation(path: "/x/mine.ttf"))
    }

    /// Without fontconfig's answer (no configuration, or one without fonts) the old path
    /// list is searched, and with nothing there either there is no font.
    func testWithoutFontconfigsAnswerThePathListThenNothing() throws {
        let empty = try emptyConfiguration()
        XCTAssertNil(empty.match(family: "sans-serif"))
        let present = "\(folder)/present.ttf"
        try Data([0]).write(to: URL(fileURLWithPath: present))
        let paths = ["\(folder)/absent.ttf", present]
        XCTAssertEqual(FontFace.defaultLocation(environment: [:], config: empty, searchedPaths: paths),
                       FontLocation(path: present))
        XCTAssertEqual(FontFace.defaultLocation(environment: [:], config: nil, searchedPaths: paths),
                       FontLocation(path: present))
        XCTAssertNil(FontFace.defaultLocation(environment: [:], config: empty, searchedPaths: [paths[0]]))
    }

    /// 温 (U+6E29) is not in DejaVu Sans; fontconfig finds a font that has it, which is
    /// opened once however many of its scalars are asked for.
    func testAFallbackIsFoundForAChineseScalar() throws {
        let fallback = FontFallback(config: try XCTUnwrap(FontConfig()))
        let face = try XCTUnwrap(fallback.face(for: Self.han), "no installed font has 温: install fonts-wqy-microhei")
        XCTAssertTrue(face.hasGlyph(Self.han))
        XCTAssertTrue(fallback.face(for: "\u{5EA6}") === face, "度 comes from the same font, opened once")
        XCTAssertEqual(fallback.openFaces, 1)
    }

    /// Labels are rebuilt often: fontconfig is asked once per scalar, and "no font has
    /// it" is remembered as well as a face.
    func testFallbackAnswersAreCachedFoundOrNot() throws {
        let fallback = FontFallback(config: try XCTUnwrap(FontConfig()))
        let first = fallback.face(for: Self.han)
        XCTAssertEqual(fallback.queries, 1)
        XCTAssertTrue(fallback.face(for: Self.han) === first)
        XCTAssertEqual(fallback.queries, 1, "the second time is a cache hit")
        XCTAssertNil(fallback.face(for: Self.noGlyph), "no font has U+10FFFD")
        XCTAssertNil(fallback.face(for: Self.noGlyph))
        XCTAssertEqual(fallback.queries, 2, "nobody-has-it is cached too")
    }

    /// The label font draws its own glyphs and hands the rest to its fallback; what no
    /// font has stays with it (its missing-glyph box).
    func testTheLabelFontChoosesAFacePerScalar() throws {
        let (loaded, warning) = ChartScene.loadDefaultFont()
        let font = try XCTUnwrap(loaded, warning ?? "")
        XCTAssertTrue(font.face(drawing: "A") === font)
        XCTAssertFalse(font.hasGlyph(Self.han), "the label font is DejaVu Sans, which has no ideographs")
        let han = font.face(drawing: Self.han)
        XCTAssertFalse(han === font)
        XCTAssertTrue(han.hasGlyph(Self.han))
        XCTAssertTrue(font.face(drawing: Self.noGlyph) === font)
    }

    /// A missing explicit font is a warning that names `SIGHTLINE_FONT`, never a crash.
    func testAMissingExplicitFontIsAWarning() {
        let (font, warning) = ChartScene.loadDefaultFont(environment: ["SIGHTLINE_FONT": "\(folder)/absent.ttf"])
        XCTAssertNil(font)
        XCTAssertTrue(warning?.contains("SIGHTLINE_FONT") ?? false, warning ?? "no warning")
    }
}
