@testable import ChartData
import Foundation
import XCTest

/// `DatePattern`: each exported form and each `--date-format` directive reads back the
/// instant it was written from.
final class DatePatternTests: XCTestCase {
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A civil date and time of `seconds` (whole seconds).
    private func civil(_ seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let date = CivilCalendar.date(fromDays: days)
        let rest = seconds - days * 86_400
        return (date.year, date.month, date.day, rest / 3600, rest / 60 % 60, rest % 60)
    }

    /// Every exported form, written for random instants from 1600 to 2400 with no
    /// time, a 24-hour time, a 12-hour time, fractional seconds or a zone, reads back
    /// to the instant (to the minute, second or millisecond written), and a first value
    /// alone names its form (a slash date whose fields are both 12 or under may read either way).
    func testEachExportedFormReadsBackWhatItWrote() {
        var rng = SplitMix64(seed: 25)
        let forms: [(DatePattern, (Int, Int, Int) -> String)] = [
            (.yearFirstSlash, { "\($0)/\(self.two($1))/\(self.two($2))" }),
            (.monthFirst, { "\($1)/\($2)/\($0)" }),
            (.dayFirst, { "\(self.two($2))/\(self.two($1))/\($0)" }),
            (.dotted, { "\(self.two($2)).\(self.two($1)).\($0)" }),
            (.monthNamed, { "\(Self.monthNames[$1 - 1].prefix(3)) \($2), \($0)" }),
            (.monthNamed, { "\(Self.monthNames[$1 - 1]) \($2), \($0)" }),
            (.dayMonthNamed, { "\(self.two($2))-\(Self.monthNames[$1 - 1].prefix(3))-\($0)" }),
            (.iso, { "\($0)-\(self.two($1))-\(self.two($2))" }),
        ]
        for _ in 0..<20_000 {
            let instant = Int.random(in: -11_676_096_000...13_569_465_600, using: &rng)
            let (form, write) = forms[Int.random(in: 0..<forms.count, using: &rng)]
            let zone = Int.random(in: -14...14, using: &rng) * 1800
            let style = Int.random(in: 0..<6, using: &rng)
            let millis = Int.random(in: 0..<1000, using: &rng)
            // The wall clock written: the instant's, or with a zone the zone's.
            let wall = civil(style == 5 ? instant + zone : instant)
            var text = write(wall.year, wall.month, wall.day)
            var expected = Double(instant - wall.hour * 3600 - wall.minute * 60 - wall.second)
            switch style {
            case 1:
                text += " \(two(wall.hour)):\(two(wall.minute))"
                expected += Double(wall.hour * 3600 + wall.minute * 60)
            case 2:
                text += "T\(two(wall.hour)):\(two(wall.minute)):\(two(wall.second))"
                expected += Double(wall.hour * 3600 + wall.minute * 60 + wall.second)
            case 3:
                let hour12 = wall.hour % 12 == 0 ? 12 : wall.hour % 12
                text += " \(hour12):\(two(wall.minute)):\(two(wall.second)) \(wall.hour < 12 ? "AM" : "pm")"
                expected += Double(wall.hour * 3600 + wall.minute * 60 + wall.second)
            case 4:
                text += " \(two(wall.hour)):\(two(wall.minute)):\(two(wall.second)).\(String(format: "%03d", millis))"
                expected += Double(wall.hour * 3600 + wall.minute * 60 + wall.second) + Double(millis) / 1000
            case 5:
                let sign = zone < 0 ? "-" : "+"
                let offset = "\(sign)\(two(abs(zone) / 3600))" + (Bool.random(using: &rng) ? ":" : "") + two(abs(zone) / 60 % 60)
                text += "T\(two(wall.hour)):\(two(wall.minute)):\(two(wall.second))\(zone == 0 ? "Z" : offset)"
                expected = Double(instant)
            default:
                break
            }
            guard let read = form.unixSeconds(from: text) else { return XCTFail("\(form.name) did not read \(text)") }
            XCTAssertEqual(read, expected, accuracy: 1e-6, "\(form.name): \(text)")
            if form != .iso {
                let found = text.withCString { pointer in
                    DatePattern.form(of: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), from: 0, to: strlen(pointer))
                }
                let slash = [DatePattern.monthFirst, .dayFirst]
                XCTAssertTrue(found == form || (slash.contains(form) && found.map(slash.contains) == true), "\(text): \(String(describing: found?.name))")
            }
        }
    }

    func testTwelveHourClockEdges() {
        let day = Double(CivilCalendar.days(year: 2020, month: 1, day: 31)) * 86_400
        XCTAssertEqual(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 12:00 AM"), day, "12 AM is midnight")
        XCTAssertEqual(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 12:30 PM"), day + 12 * 3600 + 1800, "12 PM is noon")
        XCTAssertEqual(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 1:05 PM"), day + 13 * 3600 + 300)
        XCTAssertEqual(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 11:59 p.m."), day + 23 * 3600 + 59 * 60)
        XCTAssertNil(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 13:05 PM"), "no 13 o'clock on a 12-hour clock")
        XCTAssertNil(DatePattern.monthFirst.unixSeconds(from: "1/31/2020 0:05 AM"))
    }

    func testZonesAreConvertedToUTC() {
        let day = Double(CivilCalendar.days(year: 2020, month: 1, day: 31)) * 86_400
        XCTAssertEqual(DatePattern.iso.unixSeconds(from: "2020-01-31T10:30:00Z"), day + 10.5 * 3600)
        XCTAssertEqual(DatePattern.iso.unixSeconds(from: "2020-01-31T10:30:00+01:00"), day + 9.5 * 3600)
        XCTAssertEqual(DatePattern.iso.unixSeconds(from: "2020-01-31T10:30:00-0500"), day + 15.5 * 3600)
        XCTAssertEqual(DatePattern.monthFirst.unixSeconds(from: "01/31/2020 10:30 PM +02"), day + 20.5 * 3600)
        XCTAssertEqual(DatePattern.iso.unixSeconds(from: "2020-01-31 10:30:15.250"), day + 10.5 * 3600 + 15.25)
        XCTAssertNil(DatePattern.iso.unixSeconds(from: "2020-01-31T10:30:00+25:00"))
    }

    func testRejectsWhatIsNotADate() {
        for (form, bad) in [(DatePattern.monthFirst, "13/01/2020"), (.dayFirst, "31/02/2020"), (.dotted, "31.01.20"),
                            (.monthNamed, "Jab 31, 2020"), (.dayMonthNamed, "31-Jan-2020 25:00"), (.yearMonth, "2020-13"),
                            (.monthFirst, "1/31/2020 10"), (.dotted, "31.01.2020X"), (.year, "20201")] {
            XCTAssertNil(form.unixSeconds(from: bad), "\(form.name): \(bad)")
        }
        XCTAssertEqual(DatePattern.yearMonth.unixSeconds(from: "1749-01"), Double(CivilCalendar.days(year: 1749, month: 1, day: 1)) * 86_400)
        XCTAssertEqual(DatePattern.year.unixSeconds(from: "2020"), Double(CivilCalendar.days(year: 2020, month: 1, day: 1)) * 86_400)
    }

    /// strftime patterns, each written for random instants from 1970 to 2060 by a
    /// writer of the same directives, read back to them.
    func testStrftimePatternsReadBackWhatTheyWrote() throws {
        var rng = SplitMix64(seed: 2025)
        let patterns = ["%Y%m%d", "%d.%m.%y %H:%M", "%Y-%j", "%b %d %Y %I:%M:%S %p", "%Y-%m-%dT%H:%M:%S.%f%z",
                        "%d/%m/%Y", "%B %e, %Y", "%F %T", "%m-%d-%Y %H%%"]
        for _ in 0..<5000 {
            let text = patterns[Int.random(in: 0..<patterns.count, using: &rng)]
            let pattern = try DatePattern(strftime: text)
            let instant = Int.random(in: 0...2_840_000_000, using: &rng)
            let c = civil(instant)
            let dayOfYear = instant / 86_400 - CivilCalendar.days(year: c.year, month: 1, day: 1) + 1
            let hour12 = c.hour % 12 == 0 ? 12 : c.hour % 12
            let replacements: [String: String] = [
                "%Y": "\(c.year)", "%y": two(c.year % 100), "%m": two(c.month), "%d": two(c.day), "%e": "\(c.day)",
                "%j": String(format: "%03d", dayOfYear), "%b": String(Self.monthNames[c.month - 1].prefix(3)),
                "%B": Self.monthNames[c.month - 1], "%H": two(c.hour), "%I": two(hour12), "%M": two(c.minute),
                "%S": two(c.second), "%f": "5", "%p": c.hour < 12 ? "AM" : "PM", "%z": "+0000",
                "%F": "\(c.year)-\(two(c.month))-\(two(c.day))", "%T": "\(two(c.hour)):\(two(c.minute)):\(two(c.second))",
                "%%": "%",
            ]
            var written = "", rest = Substring(text)
            while let first = rest.first {
                if first == "%", let value = replacements[String(rest.prefix(2))] {
                    written += value
                    rest = rest.dropFirst(2)
                } else {
                    written.append(first)
                    rest = rest.dropFirst()
                }
            }
            var expected = Double(instant)
            if !text.contains("%S") && !text.contains("%T") { expected -= Double(c.second) }
            if !text.contains("%M") && !text.contains("%T") { expected -= Double(c.minute * 60) }
            if !text.contains("%H") && !text.contains("%I") && !text.contains("%T") { expected -= Double(c.hour * 3600) }
            if text.contains("%f") { expected += 0.5 }
            XCTAssertEqual(pattern.unixSeconds(from: written), expected, "\(text): \(written)")
        }
    }

    /// Dates with bytes replaced, inserted and removed never trap a pattern or the
    /// loader: each is a date, or a message.
    func testMutatedDatesNeverTrap() throws {
        var rng = SplitMix64(seed: 77)
        let examples = ["2020-01", "2020/01/31 10:30", "1/5/2020 1:05 PM", "31/01/2020", "31.01.2020 23:59:59.5",
                        "Jan 31, 2020", "September 3, 2020 12:00 AM -05:00", "31-Jan-2020", "2020-01-31T10:30:00+01:00"]
        let alphabet = Array("0123456789/.:-, APMZTapmJanSept+\u{0}\u{FF}".utf8)
        let patterns = DatePattern.exported + [.year, .dayFirst, try DatePattern(strftime: "%j %y %I %p %z %f"), try DatePattern(strftime: "%B %e %Y %H:%M:%S.%f")]
        for _ in 0..<20_000 {
            var bytes = Array(examples[Int.random(in: 0..<examples.count, using: &rng)].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where at < bytes.count: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: if at < bytes.count { bytes.remove(at: at) }
                }
            }
            bytes.withUnsafeBytes { buffer in
                for pattern in patterns { _ = pattern.parse(buffer, from: 0, to: buffer.count) }
                _ = DatePattern.form(of: buffer, from: 0, to: buffer.count)
            }
            let csv = Array("d,v\n".utf8) + bytes.filter { $0 != 0x0A && $0 != 0x22 && $0 != 0x2C } + Array(",1\n".utf8)
            _ = try? csv.withUnsafeBytes { try CSVLoader().load($0, source: "m.csv", options: LoadOptions(), tracker: nil) }
        }
    }

    func testBadStrftimePatternsSayWhy() {
        for (text, said) in [("%d/%q/%Y", "%q"), ("%d/%m", "no year"), ("%Y %Y", "year twice"), ("%Y-%m-%", "lone"),
                             ("%d %Y", "no month"), ("%Y %I:%M", "%p"), ("%Y-%m-%j", "%j")] {
            XCTAssertThrowsError(try DatePattern(strftime: text), text) { error in
                XCTAssertTrue(String(describing: error).contains(said), "\(text): \(error)")
            }
        }
    }
}
