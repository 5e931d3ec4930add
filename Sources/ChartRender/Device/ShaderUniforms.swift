/// The uniforms a GLSL source declares, read from its text: what `RecordingBackend`
/// reports a program has, so pipelines' declarations are checked without a GPU too.
/// It reads the declarations Sightline's shaders write, one or more names a line:
/// `uniform vec4 u_colors[MAX_STACK_SERIES];   // a comment`.
enum ShaderUniforms {
    /// Each uniform `source` declares, by name, with its type.
    static func declared(in source: String) -> [String: UniformType] {
        var uniforms: [String: UniformType] = [:]
        for line in source.split(separator: "\n") {
            let words = line.drop { $0 == " " || $0 == "\t" }
            guard words.hasPrefix("uniform "), let end = words.firstIndex(of: ";") else { continue }
            let declaration = words[..<end].dropFirst("uniform ".count).drop { $0 == " " }
            guard let space = declaration.firstIndex(of: " ") else { continue }
            let type = UniformType(glsl: String(declaration[..<space]))
            for declarator in declaration[space...].split(separator: ",") {
                let trimmed = declarator.filter { $0 != " " && $0 != "\t" }
                let name = trimmed.prefix { $0 != "[" }
                guard !name.isEmpty else { continue }
                uniforms[String(name)] = name.count < trimmed.count ? .array(type) : type
            }
        }
        return uniforms
    }
}
