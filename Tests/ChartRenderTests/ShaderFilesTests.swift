@testable import ChartRender
import XCTest

/// `Shaders/`, the hand-kept `#embed` list in `Sources/CShaders/ShaderSources.c` and the
/// pipelines agree: every file is embedded under its own name, every embedded name is a
/// file, and every shader is one a pipeline uses.
final class ShaderFilesTests: XCTestCase {
    func testEveryShaderFileIsEmbedded() throws {
        let files = try ShaderFolder.fileNames()
        XCTAssertFalse(files.isEmpty, "no shaders in \(ShaderFolder.url.path)")
        for name in files {
            XCTAssertNotNil(ShaderLibrary.source(named: name), "Shaders/\(name) is not in Sources/CShaders/ShaderSources.c")
        }
    }

    /// The list's table names each file as the array that embeds it, and every array in
    /// it is in the table: a name with no file, a name given another file's text, or a
    /// file embedded but not listed all fail.
    func testTheEmbedListNamesEachFileByItsOwnName() throws {
        let list = try ShaderFolder.embedList()
        let embedded = try Regex(#"static const char (\w+)\[\] = \{\s*#embed "\.\./\.\./Shaders/([^"]+)""#)
        var fileOfArray: [String: String] = [:]
        for match in list.matches(of: embedded) {
            guard let array = match.output[1].substring, let file = match.output[2].substring else { continue }
            fileOfArray[String(array)] = String(file)
        }
        let entry = try Regex(#"\{ "([^"]+)", (\w+) \}"#)
        var listed: [String: String] = [:]
        for match in list.matches(of: entry) {
            guard let name = match.output[1].substring, let array = match.output[2].substring else { continue }
            listed[String(name)] = String(array)
        }
        let files = try ShaderFolder.fileNames()
        XCTAssertEqual(listed.keys.sorted(), files, "the table's names and the files in Shaders/")
        XCTAssertEqual(Set(listed.values), Set(fileOfArray.keys), "arrays embedded and arrays in the table")
        for (name, array) in listed {
            XCTAssertEqual(fileOfArray[array], name, "the table gives \(name) the text of \(fileOfArray[array] ?? "nothing")")
        }
    }

    /// Every shader is compiled by some pipeline (directly or included by one), and
    /// every pipeline's shaders are files.
    func testEveryShaderIsUsedByAPipeline() throws {
        let files = try ShaderFolder.fileNames()
        var used: Set<String> = []
        for descriptor in PipelineDescriptor.all {
            for shader in [descriptor.vertexShader, descriptor.fragmentShader] {
                XCTAssertTrue(files.contains(shader), "'\(descriptor.label)' names \(shader), which is not in Shaders/")
                used.insert(shader)
                used.formUnion(try ShaderFolder.includes(of: shader))
            }
        }
        XCTAssertEqual(Set(files).subtracting(used).sorted(), [], "shaders no pipeline uses")
    }
}
