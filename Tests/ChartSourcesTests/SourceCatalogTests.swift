import ChartData
import ChartSources
import Foundation
import XCTest

/// A kind that claims `test://` addresses and reads them as a two-point dataset.
private struct AddressSource: DatasetSource {
    let address: String

    static func source(for location: String) -> AddressSource? {
        location.hasPrefix("test://") ? AddressSource(address: location) : nil
    }

    var name: String { address }

    func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        Dataset(source: address, xs: [0, 1], series: [Series(name: address, ys: [1, 2])])
    }
}

final class SourceCatalogTests: XCTestCase {
    func testAKindClaimsItsAddressesAndTheRestAreFiles() throws {
        let catalog = SourceCatalog(kinds: [AddressSource.self])
        let claimed = catalog.source(for: "test://prices")
        XCTAssertTrue(claimed is AddressSource)
        XCTAssertEqual(try claimed.read(options: LoadOptions(), progress: nil).series.map(\.name), ["test://prices"])
        XCTAssertFalse(catalog.isFile("test://prices"))
        XCTAssertTrue(catalog.source(for: "/tmp/prices.csv") is FileSource)
        XCTAssertTrue(catalog.isFile("/tmp/prices.csv"))
        XCTAssertTrue(catalog.isFile("-"))
    }

    func testAPathIsReadAsAFile() throws {
        let path = NSTemporaryDirectory() + "catalog-\(UUID().uuidString).csv"
        try "x,y\n1,10\n2,20\n3,15\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let source = SourceCatalog.source(for: path)
        XCTAssertTrue(source is FileSource)
        XCTAssertEqual(source.name, path)
        let dataset = try source.read(options: LoadOptions(), progress: nil)
        XCTAssertEqual(Array(dataset.xs), [1, 2, 3])
        XCTAssertEqual(dataset.series.map(\.name), ["y"])
        XCTAssertEqual(dataset.series[0].ys, [10, 20, 15])
    }

    func testStandardInputIsNamedSo() {
        XCTAssertEqual(SourceCatalog.source(for: "-").name, "standard input")
    }

    func testAMissingFileIsAnErrorNamingIt() {
        let path = "/nonexistent/catalog.csv"
        XCTAssertThrowsError(try SourceCatalog.source(for: path).read(options: LoadOptions(), progress: nil)) { error in
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
    }
}
