@testable import ChartRender
import XCTest

/// Swift and GLSL share their numbers through `ShaderConstants`' `#define`s.
final class ShaderConstantsTests: XCTestCase {
    /// Every shader in `Shaders/` (the files a program is linked from; an included file
    /// gets them in the shader that includes it) has each of the constants after its
    /// `#version` line.
    func testEveryShaderGetsTheSharedDefinesAfterItsVersionLine() throws {
        let defines = ShaderConstants.defines.split(separator: "\n")
        XCTAssertTrue(defines.contains("#define SHAPE_CIRCLE 1"))
        XCTAssertTrue(defines.contains("#define MAX_SEGMENTS_PER_QUAD 8"))
        XCTAssertTrue(defines.contains("#define MAX_STACK_SERIES 16"))
        let shaders = try ShaderFolder.shaderNames()
        XCTAssertFalse(shaders.isEmpty)
        for name in shaders {
            let source = try XCTUnwrap(ShaderLibrary.source(named: name), name)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.first, "#version 330 core", name)
            XCTAssertEqual(Array(lines.dropFirst().prefix(defines.count)), defines, "\(name): the constants, right after #version")
            XCTAssertEqual(lines.dropFirst(1 + defines.count).first, "#line 2", "\(name): error messages keep the file's line numbers")
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
