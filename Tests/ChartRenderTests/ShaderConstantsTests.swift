import ChartRender
import XCTest

/// Swift and GLSL share their numbers through `ShaderConstants`' `#define`s.
final class ShaderConstantsTests: XCTestCase {
    func testEveryShaderGetsTheSharedDefinesAfterItsVersionLine() throws {
        for name in ["line.vert", "line.frag", "shape.vert", "shape.frag", "band.vert", "band-mask.frag", "band-alpha.frag",
                     "cached-plot.vert", "cached-plot.frag"] {
            let source = try XCTUnwrap(ShaderLibrary.source(named: name), name)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.first, "#version 330 core", name)
            XCTAssertTrue(lines.contains("#define SHAPE_CIRCLE 1"), name)
            XCTAssertTrue(lines.contains("#define MAX_SEGMENTS_PER_QUAD 8"), name)
            XCTAssertTrue(lines.contains("#line 2"), "\(name): error messages keep the file's line numbers")
        }
    }
}
