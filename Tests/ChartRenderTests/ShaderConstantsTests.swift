import ChartRender
import XCTest

/// Swift and GLSL share their numbers through `ShaderConstants`' `#define`s.
final class ShaderConstantsTests: XCTestCase {
    func testEveryShaderGetsTheSharedDefinesAfterItsVersionLine() throws {
        for name in ["line.vert", "line.frag", "shape.vert", "shape.frag", "band.vert", "band-mask.frag", "band-alpha.frag",
                     "cached-plot.vert", "cached-plot.frag", "span-collect.vert", "span-collect.frag", "span.frag",
                     "gradient-mesh.vert", "gradient-mesh.frag", "whole-target.vert"] {
            let source = try XCTUnwrap(ShaderLibrary.source(named: name), name)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.first, "#version 330 core", name)
            XCTAssertTrue(lines.contains("#define SHAPE_CIRCLE 1"), name)
            XCTAssertTrue(lines.contains("#define MAX_SEGMENTS_PER_QUAD 8"), name)
            XCTAssertTrue(lines.contains("#line 2"), "\(name): error messages keep the file's line numbers")
        }
    }

    /// `#include "segments.glsl"` puts the shared segment code in both shaders that read a
    /// block's points, and `#line` keeps the including file's numbers after it.
    func testIncludesAreReplacedByTheirFile() throws {
        let included = try XCTUnwrap(ShaderLibrary.source(named: "segments.glsl"))
        for name in ["line.vert", "span-collect.frag"] {
            let source = try XCTUnwrap(ShaderLibrary.source(named: name), name)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertFalse(lines.contains { $0.hasPrefix("#include") }, name)
            XCTAssertTrue(source.contains("vec4 drawnSegment("), name)
            XCTAssertTrue(included.contains("vec4 drawnSegment("))
            let after = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("vec4 drawnSegment(") })
            XCTAssertTrue(lines[after...].contains { $0.hasPrefix("#line ") }, "\(name): numbers return to the file after the include")
        }
    }
}
