/// The one "a frame is owed" flag of a window: every change that alters the picture
/// raises it (a stage's target going stale, a viewport step, a theme step, a resize, the
/// data arriving), the loop draws one frame while it is up, and the frame's commit
/// (`RenderStage.prepareFrame()`) lowers it. Which parts must be rebuilt is each stage's
/// business (its stale targets); whether to draw at all is only this.
///
/// A window shares one between every stage it draws (the overview's, a day's, their
/// range selectors), so the loop asks one question: draw, or block on events.
public final class FrameRequest {
    /// Whether a frame is owed. Starts raised: nothing has been drawn yet.
    public private(set) var isPending = true

    public init() {}

    /// Asks for a frame: something changed, or an animation has another step to show.
    public func request() {
        isPending = true
    }

    /// The frame's commit took the changes in: nothing is owed until the next change.
    public func settle() {
        isPending = false
    }
}
