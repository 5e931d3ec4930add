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
