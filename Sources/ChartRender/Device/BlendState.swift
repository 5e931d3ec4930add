/// How a pipeline's output is combined with what the target holds: every blend state
/// Sightline uses is one of the named ones below, so the whole of it is read here.
public struct BlendState: Hashable, Sendable {
    public enum Factor: Hashable, Sendable {
        case zero, one, sourceAlpha, oneMinusSourceAlpha, destinationAlpha, oneMinusDestinationAlpha
    }

    public enum Operation: Hashable, Sendable {
        case add, minimum, maximum
    }

    /// `false`: the output replaces what is there.
    public var isEnabled: Bool
    public var colorOperation: Operation = .add
    public var alphaOperation: Operation = .add
    public var sourceColor: Factor = .one
    public var destinationColor: Factor = .zero
    public var sourceAlpha: Factor = .one
    public var destinationAlpha: Factor = .zero

    /// Output replaces the target (the gradient, the stretch, copies that cover).
    public static let opaque = BlendState(isEnabled: false)

    /// Straight alpha over what is there; alpha accumulates as coverage does (shapes,
    /// text, a line's paint from its mask).
    public static let alpha = BlendState(isEnabled: true, sourceColor: .sourceAlpha, destinationColor: .oneMinusSourceAlpha,
                                         sourceAlpha: .one, destinationAlpha: .oneMinusSourceAlpha)

    /// Premultiplied colour over what is there (a cached, transparent texture copied
    /// onto the canvas).
    public static let premultiplied = BlendState(isEnabled: true, sourceColor: .one, destinationColor: .oneMinusSourceAlpha,
                                                 sourceAlpha: .one, destinationAlpha: .oneMinusSourceAlpha)

    /// Each channel keeps the larger value: a line's segments into a coverage mask, so a
    /// pixel two segments cover is covered once.
    public static let maximum = BlendState(isEnabled: true, colorOperation: .maximum, alphaOperation: .maximum,
                                           sourceColor: .one, destinationColor: .one, sourceAlpha: .one, destinationAlpha: .one)

    /// Alpha keeps the smaller value (1 − coverage written into an opaque target's alpha,
    /// with colour writes off): the coverage mask kept in the target itself.
    public static let minimumAlpha = BlendState(isEnabled: true, colorOperation: .add, alphaOperation: .minimum,
                                                sourceColor: .one, destinationColor: .one, sourceAlpha: .one, destinationAlpha: .one)

    /// The source painted where the target's alpha says it is missing (colour ×
    /// (1 − alpha) + background × alpha), alpha replaced by the source's (the line
    /// renderer gives 1, making the target opaque again): the paint pass over
    /// `minimumAlpha`'s coverage.
    public static let underDestinationAlpha = BlendState(isEnabled: true, sourceColor: .oneMinusDestinationAlpha,
                                                         destinationColor: .destinationAlpha,
                                                         sourceAlpha: .one, destinationAlpha: .zero)
}
