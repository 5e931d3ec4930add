/// The GLSL type of a uniform: what a pipeline declares (through the Swift type of its
/// `Uniform` key, or as a sampler) and what a linked program reports, compared when the
/// pipeline is made.
public indirect enum UniformType: Hashable, Sendable, CustomStringConvertible {
    case float, int, bool, vec2, vec3, vec4
    case sampler2D, samplerBuffer
    /// An array of the element type; its length is the shader's (`MAX_STACK_SERIES`).
    case array(UniformType)
    /// A type no Sightline shader uses, by its GLSL (or GL enum) name.
    case other(String)

    /// The type GLSL spells `name` ("vec4", "samplerBuffer"…).
    public init(glsl name: String) {
        switch name {
        case "float": self = .float
        case "int": self = .int
        case "bool": self = .bool
        case "vec2": self = .vec2
        case "vec3": self = .vec3
        case "vec4": self = .vec4
        case "sampler2D": self = .sampler2D
        case "samplerBuffer": self = .samplerBuffer
        default: self = .other(name)
        }
    }

    /// Whether it names a texture slot (set by `PipelineDescriptor.samplers`, not by value).
    public var isSampler: Bool {
        switch self {
        case .sampler2D, .samplerBuffer: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .float: "float"
        case .int: "int"
        case .bool: "bool"
        case .vec2: "vec2"
        case .vec3: "vec3"
        case .vec4: "vec4"
        case .sampler2D: "sampler2D"
        case .samplerBuffer: "samplerBuffer"
        case let .array(element): "\(element)[]"
        case let .other(name): name
        }
    }
}
