/// Which y axis a series is read against: the left one, or a second one on the right
/// with its own scale (Telegram's `y_scaled`, `--y2`, a volume under a price).
public enum YAxisSide: String, Equatable, Sendable, Codable {
    case left, right
}
