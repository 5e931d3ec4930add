import ChartData
import ChartSources
import Foundation
import XCTest

final class SourceCatalogTests: XCTestCase {
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
