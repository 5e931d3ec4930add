import Foundation

/// The top-level `Shaders/` folder and the hand-kept list that embeds it
/// (`Sources/CShaders/ShaderSources.c`), read from the source tree.
enum ShaderFolder {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let url = packageRoot.appendingPathComponent("Shaders")

    /// Every GLSL file's name, sorted: the shaders and the files they include.
    static func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { name in [".vert", ".frag", ".glsl"].contains { name.hasSuffix($0) } }
            .sorted()
    }

    /// The shaders a program is linked from (vertex and fragment), not the included files.
    static func shaderNames() throws -> [String] {
        try fileNames().filter { !$0.hasSuffix(".glsl") }
    }

    static func text(of name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    /// The files `name` includes (`#include "FILE"` lines).
    static func includes(of name: String) throws -> [String] {
        try text(of: name).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#include \"") else { return nil }
            return String(line.dropFirst("#include \"".count).prefix { $0 != "\"" })
        }
    }

    /// The text of `Sources/CShaders/ShaderSources.c`.
    static func embedList() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Sources/CShaders/ShaderSources.c"), encoding: .utf8)
    }
}
