/// A value for one uniform of the applied pipeline's program, as a backend sends it
/// (draws give a `UniformData` value through a `Uniform` key).
public enum UniformValue: Equatable, Sendable {
    case float(Float)
    case int(Int32)
    case vec2(Float, Float)
    case vec4(Float, Float, Float, Float)
    /// An array of vec2, two floats each.
    case vec2Array([Float])
    /// An array of vec3, three floats each.
    case vec3Array([Float])
    /// An array of float.
    case floatArray([Float])
    /// An array of vec4, four floats each.
    case vec4Array([Float])
}
