import CShaders

/// The GLSL sources compiled into the binary from the top-level `Shaders/` folder.
public enum ShaderLibrary {
    /// The source of `Shaders/NAME` (e.g. "line.vert") with `ShaderConstants`' `#define`s
    /// after its `#version` line, or `nil` if none was embedded.
    public static func source(named name: String) -> String? {
        guard let source = sources[name] else { return nil }
        guard source.hasPrefix("#version"), let lineEnd = source.firstIndex(of: "\n") else {
            return ShaderConstants.defines + source
        }
        let versionLine = source[...lineEnd]
        return versionLine + ShaderConstants.defines + "#line 2\n" + source[source.index(after: lineEnd)...]
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
