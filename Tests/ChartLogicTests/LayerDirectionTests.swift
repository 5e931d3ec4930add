import Foundation
import XCTest

/// The layers' direction, read from the sources themselves: a target may import only the
/// targets listed for it here. The build's import check holds each target to what
/// Package.swift declares; this holds Package.swift to the design, so a dependency added
/// the wrong way (the renderer on interaction, say) fails here even though it compiles.
final class LayerDirectionTests: XCTestCase {
    private static let allowed: [String: Set<String>] = {
        let data: Set = ["ChartData"]
        let geometry = data.union(["ChartGeometry"])
        let stage = geometry.union(["ChartStage"])
        let marks = stage.union(["ChartMarks"])
        let support = stage.union(["ChartSupport"])
        let interaction = marks.union(support).union(["ChartInteraction"])
        let render = support.union(["ChartRender"])
        let app = interaction.union(render).union(["ChartSources", "ChartApp"])
        return [
            "ChartData": data, "ChartGeometry": geometry, "ChartStage": stage, "ChartMarks": marks,
            "ChartSupport": support, "ChartInteraction": interaction, "ChartRender": render,
            "ChartSources": data.union(["ChartSources"]), "ChartApp": app, "sightline": app,
        ]
    }()

    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    func testEveryTargetImportsOnlyTheLayersBelowIt() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasPrefix("Chart") || $0 == "sightline" }
        XCTAssertEqual(Set(targets), Set(Self.allowed.keys), "a target the layer table does not place")
        var checkedFiles = 0
        for target in targets {
            let folder = Self.sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: folder.path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for module in Self.chartImports(in: text) where !(Self.allowed[target] ?? []).contains(module) {
                    XCTFail("Sources/\(target)/\(file) imports \(module), which \(target) may not")
                }
                checkedFiles += 1
            }
        }
        XCTAssertGreaterThan(checkedFiles, 200)
    }

    func testAnImportUpwardIsFound() {
        let text = "import ChartData\n@testable import ChartInteraction\nlet x = 1 // import ChartApp\n"
        XCTAssertEqual(Self.chartImports(in: text), ["ChartData", "ChartInteraction"])
        XCTAssertFalse(Self.allowed["ChartRender"]!.contains("ChartInteraction"))
        XCTAssertFalse(Self.allowed["ChartStage"]!.contains("ChartMarks"))
    }

    /// The project's modules a file imports (`import ChartX`, with or without attributes).
    private static func chartImports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.count == 2, words[0] == "import" else { return nil }
            let module = String(words[1])
            return module.hasPrefix("Chart") || module == "sightline" ? module : nil
        }
    }
}
