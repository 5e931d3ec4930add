import CShaders

/// The GLSL sources compiled into the binary from the top-level `Shaders/` folder.
public enum ShaderLibrary {
    /// The source of `Shaders/NAME` (e.g. "line.vert") with `ShaderConstants`' `#define`s
    /// after its `#version` line and each `#include "FILE"` line replaced by that file of
    /// `Shaders/` (GLSL has no includes of its own), or `nil` if none was embedded.
    public static func source(named name: String) -> String? {
        guard let source = sources[name].map(withIncludes) else { return nil }
        guard source.hasPrefix("#version"), let lineEnd = source.firstIndex(of: "\n") else {
            return ShaderConstants.defines + source
        }
        let versionLine = source[...lineEnd]
        return versionLine + ShaderConstants.defines + "#line 2\n" + source[source.index(after: lineEnd)...]
    }

    /// `source` with its `#include "FILE"` lines replaced by those files (one level: an
    /// included file includes nothing). The included text counts as source string 1 from
    /// its line 1, and a `#line` after it returns to the including file (string 0), so a
    /// compiler's message names the right line of the right file.
    private static func withIncludes(_ source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { number, line in
            guard line.hasPrefix("#include \"") else { return String(line) }
            let name = String(line.dropFirst("#include \"".count).prefix { $0 != "\"" })
            guard let included = sources[name] else { preconditionFailure("ShaderLibrary: no Shaders/\(name) to include") }
            return "#line 1 1\n" + included + "\n#line \(number + 2) 0"
        }.joined(separator: "\n")
    }

    private static let sources: [String: String] = {
        var count: Int32 = 0
        guard let table = sightline_shader_sources(&count) else { return [:] }
        var result: [String: String] = [:]
        for entry in UnsafeBufferPointer(start: table, count: Int(count)) {
            result[String(cString: entry.name)] = String(cString: entry.source)
        }
        return result
    }()
}
