/// Where an axis title goes.
public enum AxisTitleSlot: Hashable, Sendable {
    /// Beside the left y axis, read bottom to top.
    case left
    /// Beside the right y axis.
    case right
    /// Under the x axis.
    case x
}
