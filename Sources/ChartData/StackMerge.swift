/// How a level of detail of a stack (bars or filled areas) merges the steps of one bucket
/// into one, so that what matters at a distance survives the merge.
public enum StackMerge: Sendable, Hashable {
    /// Each series' largest value over the bucket (NaN only when all of them are): a
    /// lone bar series, bars side by side, areas not stacked. A tall spike stays visible.
    case maximum
    /// Every value of the bucket's step with the largest total of positive values (how
    /// high a diverging stack reaches; NaN and negative values count as 0; the first
    /// such step on a tie): stacked bars. A merged stack is a real step's stack, so its
    /// heights still add up to a total the data has.
    case largestTotal
    /// Each series' mean over the bucket (NaN counted as 0, a missing value): stacked
    /// and percentage areas. Each series' share of the bucket's sum is its share of the
    /// bucket's means, so percentages stay exact (of non-negative values: percentages
    /// count a negative mean as 0, not each negative value of a series of mixed signs).
    case mean
}
