import ChartData
@testable import ChartSources
import XCTest

/// Addresses as users write them: every part optional, percent-escapes decoded, the
/// chart's choices taken from the query, and never a password in a message.
final class DatabaseAddressTests: XCTestCase {
    private let schemes: Set<String> = ["postgresql", "postgres", "clickhouse"]

    func testEveryPartIsRead() throws {
        let address = try XCTUnwrap(DatabaseAddress.parse(
            "postgresql://ann:p%40ss@db.local:5433/sensors?table=readings&x=ts&y=temp,%20hum&sslmode=require",
            schemes: schemes))
        XCTAssertEqual(address.scheme, "postgresql")
        XCTAssertEqual(address.user, "ann")
        XCTAssertEqual(address.password, "p@ss")
        XCTAssertEqual(address.host, "db.local")
        XCTAssertEqual(address.port, 5433)
        XCTAssertEqual(address.database, "sensors")
        XCTAssertEqual(address.table, "readings")
        XCTAssertEqual(address.x, "ts")
        XCTAssertEqual(address.y, ["temp", "hum"])
        XCTAssertEqual(address.parameters, ["sslmode": "require"])
        XCTAssertEqual(address.name, "postgresql://ann@db.local:5433/sensors?table=readings")
        XCTAssertFalse(address.name.contains("p@ss"))
    }

    /// An empty `y=` is no choice (every numeric column), not a choice of none: it said
    /// 'table "readings" has no numeric column besides "ts" to draw'.
    func testAnEmptyYChoosesNothing() throws {
        for text in ["clickhouse://h/db?table=t&y=", "clickhouse://h/db?table=t&y=,%20"] {
            XCTAssertNil(try XCTUnwrap(DatabaseAddress.parse(text, schemes: schemes)).y, text)
        }
        XCTAssertEqual(try XCTUnwrap(DatabaseAddress.parse("clickhouse://h/db?y=a,,b", schemes: schemes)).y, ["a", "b"])
    }

    func testPartsLeftOutAreNil() throws {
        let address = try XCTUnwrap(DatabaseAddress.parse("clickhouse://", schemes: schemes))
        XCTAssertNil(address.user)
        XCTAssertNil(address.host)
        XCTAssertNil(address.port)
        XCTAssertNil(address.database)
        XCTAssertNil(address.table)
    }

    func testOtherSchemesAndPathsAreNotAddresses() throws {
        XCTAssertNil(try DatabaseAddress.parse("/tmp/prices.csv", schemes: schemes))
        XCTAssertNil(try DatabaseAddress.parse("C:prices.csv", schemes: schemes))
        XCTAssertNil(try DatabaseAddress.parse("mysql://host/db", schemes: schemes))
    }

    /// A % in the user, password or database, written %25 as in a URL, is decoded once:
    /// the password "50%off" was decoded twice, failed and was dropped ("the server asks
    /// for a password and none was given").
    func testAPercentSignIsDecodedOnce() throws {
        let address = try XCTUnwrap(DatabaseAddress.parse("postgresql://a%2541:50%25off@h/d%2541", schemes: ["postgresql"]))
        XCTAssertEqual(address.user, "a%41")
        XCTAssertEqual(address.password, "50%off")
        XCTAssertEqual(address.database, "d%41")
    }

    func testAnAddressThatDoesNotParseIsSaidWithoutItsPassword() {
        XCTAssertThrowsError(try DatabaseAddress.parse("postgresql://ann:secret@host:port/db", schemes: schemes)) { error in
            let text = "\(error)"
            XCTAssertFalse(text.contains("secret"), text)
            XCTAssertTrue(text.contains("postgresql://ann:***@host"), text)
        }
    }

    /// A password holding an `@` of its own is hidden whole; a port past 16 bits is
    /// refused by name (SwiftNIO trapped on it: `clickhouse://127.0.0.1:99999/` crashed).
    func testAnAtInThePasswordAndAPortOutOfRangeAreRefusedSafely() {
        XCTAssertThrowsError(try DatabaseAddress.parse("clickhouse://u:top@secret@[::1:18123/x", schemes: schemes)) { error in
            let text = "\(error)"
            XCTAssertFalse(text.contains("secret"), text)
            XCTAssertTrue(text.contains("clickhouse://u:***@[::1"), text)
        }
        for port in ["99999", "0", "65536"] {
            XCTAssertThrowsError(try DatabaseAddress.parse("clickhouse://u:pw@127.0.0.1:\(port)/db", schemes: schemes)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("the port \(port) is not one"), text)
                XCTAssertFalse(text.contains(":pw@"), text)
            }
        }
        XCTAssertEqual(try DatabaseAddress.parse("clickhouse://h:65535/db", schemes: schemes)?.port, 65_535)
    }

    func testAnAddressKeptInTheSessionHasNoPassword() {
        XCTAssertEqual(DisplayText.withoutPassword("clickhouse://ann:p@ss@h:8123/db?table=t&sql=a:b@c"),
                       "clickhouse://ann@h:8123/db?table=t&sql=a:b@c")
        XCTAssertEqual(DisplayText.withoutPassword("clickhouse://ann@h/db"), "clickhouse://ann@h/db")
        XCTAssertEqual(DisplayText.withoutPassword("/data/a:b@c.csv"), "/data/a:b@c.csv")
    }

    func testTheCommandLineWinsOverTheAddress() throws {
        let address = try XCTUnwrap(DatabaseAddress.parse("postgresql://h/db?table=a&x=t&y=v", schemes: schemes))
        var options = LoadOptions(y: ["w"])
        options.table = "b"
        let chosen = address.applying(to: options)
        XCTAssertEqual(chosen.table, "b")
        XCTAssertEqual(chosen.x, "t")
        XCTAssertEqual(chosen.y, ["w"])
    }

    func testAServerAddressInABuildWithoutServersIsToldWhy() {
        let source = SourceCatalog(kinds: SourceCatalog.builtIn).source(for: "postgresql://ann:secret@host/db?table=t")
        XCTAssertTrue(source is DatabaseAddressRefusal)
        XCTAssertThrowsError(try source.read(options: LoadOptions(), progress: nil)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("reads no database servers"), text)
            XCTAssertFalse(text.contains("secret"), text)
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 69)
        }
    }
}
