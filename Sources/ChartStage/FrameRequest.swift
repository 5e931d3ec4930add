/// The one "a frame is owed" flag of a window: every change that alters the picture
/// raises it (a stage's target going stale, a viewport step, a theme step, a resize, the
/// data arriving), and the loop draws one frame while it is up. Which parts must be
/// rebuilt is each stage's business (its stale targets); whether to draw at all is only
/// this.
///
/// A window shares one between every stage it draws (the overview's, a day's, their
/// range selectors), so the loop asks one question: draw, or block on events. Only the
/// loop lowers it, once a frame (`beginFrame()`), after advancing the animations and
/// before any stage builds: a change a build makes (one controller changing what another
/// shows) raises it again and is owed to the next frame, whichever stage commits last.
public final class FrameRequest {
    /// Whether a frame is owed. Starts raised: nothing has been drawn yet.
    public private(set) var isPending = true

    public init() {}

    /// Asks for a frame: something changed, or an animation has another step to show.
    public func request() {
        isPending = true
    }

    /// The loop starts a frame whose commit takes in every change made so far: nothing
    /// is owed until the next change. Called once a frame, after the animations have
    /// advanced and before the stages are committed (`RenderStage.prepareFrame(of:)`),
    /// never between two stages' commits.
    public func beginFrame() {
        isPending = false
    }
}
