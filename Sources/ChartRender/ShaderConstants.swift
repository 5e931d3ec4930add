/// Numbers the Swift side and the GLSL side must agree on, kept here only: every shader
/// is compiled with them as `#define`s placed after its `#version` line
/// (`ShaderLibrary.source(named:)`), so the two languages cannot drift apart.
enum ShaderConstants {
    /// What an instance of the shape pipeline draws (`a_params.x`).
    enum ShapeKind: Int, CaseIterable {
        /// A rectangle with rounded corners.
        case rect = 0
        /// A circle, filled and stroked.
        case circle = 1
        /// A straight segment, optionally dashed.
        case segment = 2
        /// A slice of a disc between two angles.
        case wedge = 3

        var defineName: String {
            switch self {
            case .rect: "SHAPE_RECT"
            case .circle: "SHAPE_CIRCLE"
            case .segment: "SHAPE_SEGMENT"
            case .wedge: "SHAPE_WEDGE"
            }
        }
    }

    /// The most segments one quad of the line pipeline covers (dense blocks); 1 for sparse.
    static let segmentsPerDenseQuad = 8

    /// Sub-columns per plot pixel column in a dense line's span target (span-collect.frag,
    /// span.frag): its picture is within half of one (1/16 px) of the line drawn from
    /// its segments.
    static let spanSubcolumns = 8

    /// Where the line vertex shader puts a segment slot it does not use, plot pixels: far
    /// outside any canvas (16384 pixels at most), so no pixel is near it.
    static let noSegment = -1e6

    /// The most series one stack (bars or areas) holds: the length of the stack shader's
    /// weight and colour arrays.
    static let maxStackSeries = 16

    /// The `#define` lines every shader is compiled with.
    static var defines: String {
        var lines = ShapeKind.allCases.map { "#define \($0.defineName) \($0.rawValue)" }
        lines.append("#define MAX_SEGMENTS_PER_QUAD \(segmentsPerDenseQuad)")
        lines.append("#define NO_SEGMENT \(noSegment)")
        lines.append("#define SPAN_SUBCOLUMNS \(spanSubcolumns)")
        lines.append("#define MAX_STACK_SERIES \(maxStackSeries)")
        // A slot holds a real segment when its x is well above NO_SEGMENT.
        lines.append("#define IS_SEGMENT(x) ((x) > \(noSegment / 10))")
        return lines.joined(separator: "\n") + "\n"
    }
}
