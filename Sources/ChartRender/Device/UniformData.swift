import ChartGeometry

/// A Swift type a uniform may hold, and the GLSL type that holds it: a `Uniform` key's
/// `Value` fixes the type its pipeline declares, so a value of another type does not
/// compile.
public protocol UniformData: Sendable {
    static var uniformType: UniformType { get }
    /// The value as the backend sends it.
    var uniformValue: UniformValue { get }
}

extension Float: UniformData {
    public static var uniformType: UniformType { .float }
    public var uniformValue: UniformValue { .float(self) }
}

extension Int32: UniformData {
    public static var uniformType: UniformType { .int }
    public var uniformValue: UniformValue { .int(self) }
}

/// A GLSL `bool`, sent as 0 or 1 (`glUniform1i`).
extension Bool: UniformData {
    public static var uniformType: UniformType { .bool }
    public var uniformValue: UniformValue { .int(self ? 1 : 0) }
}

extension SIMD2: UniformData where Scalar == Float {
    public static var uniformType: UniformType { .vec2 }
    public var uniformValue: UniformValue { .vec2(x, y) }

    /// A pixel size as a `vec2`.
    public init(_ size: PixelSize) { self.init(Float(size.width), Float(size.height)) }
}

extension SIMD4: UniformData where Scalar == Float {
    public static var uniformType: UniformType { .vec4 }
    public var uniformValue: UniformValue { .vec4(x, y, z, w) }

    /// A colour as a `vec4`: red, green, blue, alpha.
    public init(_ color: RGBAColor) { self.init(color.red, color.green, color.blue, color.alpha) }
}

/// An element of a uniform array: its GLSL type and its floats.
public protocol UniformArrayElement: Sendable {
    static var uniformType: UniformType { get }
    /// `elements` as the backend sends an array of them.
    static func uniformValue(_ elements: [Self]) -> UniformValue
}

extension Float: UniformArrayElement {
    public static func uniformValue(_ elements: [Float]) -> UniformValue { .floatArray(elements) }
}

extension SIMD2: UniformArrayElement where Scalar == Float {
    public static func uniformValue(_ elements: [SIMD2<Float>]) -> UniformValue {
        .vec2Array(elements.withUnsafeBufferPointer { $0.withMemoryRebound(to: Float.self) { Array($0) } })
    }
}

extension SIMD3: UniformArrayElement where Scalar == Float {
    public static var uniformType: UniformType { .vec3 }
    /// Packed three floats each (a `SIMD3<Float>` takes four in memory).
    public static func uniformValue(_ elements: [SIMD3<Float>]) -> UniformValue {
        var floats: [Float] = []
        floats.reserveCapacity(3 * elements.count)
        for element in elements {
            floats.append(element.x)
            floats.append(element.y)
            floats.append(element.z)
        }
        return .vec3Array(floats)
    }

    /// A colour's red, green and blue as a `vec3`.
    public init(_ color: RGBAColor) { self.init(color.red, color.green, color.blue) }
}

extension SIMD4: UniformArrayElement where Scalar == Float {
    public static func uniformValue(_ elements: [SIMD4<Float>]) -> UniformValue {
        .vec4Array(elements.withUnsafeBufferPointer { $0.withMemoryRebound(to: Float.self) { Array($0) } })
    }
}

extension Array: UniformData where Element: UniformArrayElement {
    public static var uniformType: UniformType { .array(Element.uniformType) }
    public var uniformValue: UniformValue { Element.uniformValue(self) }
}
