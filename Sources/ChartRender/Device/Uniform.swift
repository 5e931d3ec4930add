/// A uniform of a pipeline's shaders, named once where its pipeline is declared: the
/// name and, through `Value`, the type. A pipeline lists its keys (`PipelineDescriptor
/// .declare`), `RenderDevice.makePipeline` checks them against the linked program, and
/// draws set values through them (`RenderDevice.setUniform`), so no draw spells a name.
public struct Uniform<Value: UniformData>: UniformKey, Hashable, Sendable {
    /// The GLSL name, e.g. "u_plotRect".
    public let name: String

    public init(_ name: String) { self.name = name }

    public var declaration: UniformDeclaration { UniformDeclaration(name: name, type: Value.uniformType) }
}

/// A `Uniform` of any value type, as a pipeline's list of them holds it.
public protocol UniformKey: Sendable {
    var declaration: UniformDeclaration { get }
}
