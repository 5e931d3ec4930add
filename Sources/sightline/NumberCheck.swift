import ArgumentParser

/// The words and checks for numbers given to options. Every numeric option parses its
/// next word unconditionally (`@Option(parsing: .unconditional)`), so `--line-width -1`
/// reaches these checks and is told the value must be positive, instead of the parser
/// taking `-1` for an option and reporting a missing value.
enum NumberCheck {
    /// "`option` must be `allowed`, not `value`", with "positive: " before `allowed`
    /// when the value is zero or below.
    static func message(_ option: String, _ value: Double, _ allowed: String) -> String {
        let shown = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return "\(option) must be \(value <= 0 ? "positive: " : "")\(allowed), not \(shown)"
    }

    /// `message` for a whole number.
    static func message(_ option: String, _ value: Int, _ allowed: String) -> String {
        message(option, Double(value), allowed)
    }

    /// Throws unless `width` is a line width that draws: above 0, at most 64 pixels.
    static func lineWidth(_ width: Double) throws {
        guard width > 0, width <= 64 else {
            throw ValidationError(message("--line-width", width, "a width in pixels above 0 and at most 64"))
        }
    }

    /// Throws unless `seconds` is an audiograph's length: from 0.1 to `Audio.longestSeconds`.
    static func seconds(_ seconds: Double, option: String) throws {
        guard seconds >= 0.1, seconds <= Audio.longestSeconds else {
            throw ValidationError(message(option, seconds, "from 0.1 to \(Int(Audio.longestSeconds)) seconds"))
        }
    }

    /// A random generator's seed: a whole number from 0 (an option's `transform`, so a
    /// negative seed is named as such rather than as text that is not a number).
    @Sendable static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError(text.hasPrefix("-") && Int(text) != nil
                ? "a seed must not be negative: give a whole number from 0 to \(UInt64.max)"
                : "give a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }
}
