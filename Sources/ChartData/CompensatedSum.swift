/// A running sum that carries the low-order bits each addition loses (Neumaier's
/// variant of Kahan summation): the total of ten million values near 1e9 is exact to
/// the last place or two, where a plain sum drifts by units in the hundreds of millions'
/// place and a mean from it is off in its integer digits.
struct CompensatedSum {
    private var sum = 0.0
    private var carry = 0.0

    /// Adds `value`.
    /// - Complexity: O(1).
    mutating func add(_ value: Double) {
        let total = sum + value
        // Whichever addend is smaller lost its low bits in `total`: keep them.
        if abs(sum) >= abs(value) {
            carry += (sum - total) + value
        } else {
            carry += (value - total) + sum
        }
        sum = total
    }

    /// The sum of everything added.
    var value: Double { sum + carry }
}
