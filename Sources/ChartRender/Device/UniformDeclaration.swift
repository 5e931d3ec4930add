/// A uniform as a pipeline declares it: the GLSL name and type its shaders must have.
public struct UniformDeclaration: Hashable, Sendable {
    public var name: String
    public var type: UniformType

    public init(name: String, type: UniformType) {
        self.name = name
        self.type = type
    }
}
