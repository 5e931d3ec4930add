import Foundation
import XCTest

/// The layers' direction: a target may import, and Package.swift may let it depend on, only
/// the targets listed for it here. The build's import check holds each target to what
/// Package.swift declares; this holds both to the design, so a dependency added the wrong
/// way (the renderer on interaction, say) fails here even though it compiles.
final class LayerDirectionTests: XCTestCase {
    private static let allowed: [String: Set<String>] = {
        let data: Set = ["ChartData"]
        let geometry = data.union(["ChartGeometry"])
        let stage = geometry.union(["ChartStage"])
        let marks = stage.union(["ChartMarks"])
        let support = stage.union(["ChartSupport"])
        let interaction = marks.union(support).union(["ChartInteraction"])
        let render = support.union(["ChartRender"])
        let sources = data.union(["ChartSources"])
        // The sources that need the network: SwiftPM's build alone, so only the command
        // line names them (it installs their kinds); the app reaches them through the catalog.
        let servers = sources.union(["ChartServerSources"])
        let app = interaction.union(render).union(["ChartSources", "ChartApp"])
        return [
            "ChartData": data, "ChartGeometry": geometry, "ChartStage": stage, "ChartMarks": marks,
            "ChartSupport": support, "ChartInteraction": interaction, "ChartRender": render,
            "ChartSources": sources, "ChartServerSources": servers, "ChartApp": app, "sightline": app.union(servers),
        ]
    }()

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let sources = root.appendingPathComponent("Sources")

    func testThePackageDeclaresOnlyDependenciesDownward() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Self.declaredDependencies(in: manifest)
        XCTAssertEqual(Set(declared.keys), Set(Self.allowed.keys), "a target the layer table does not place")
        for (target, dependencies) in declared {
            for dependency in dependencies where !(Self.allowed[target] ?? []).contains(dependency) {
                XCTFail("Package.swift lets \(target) depend on \(dependency), which it may not")
            }
        }
    }

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
        let text = """
            import ChartData
            @testable import ChartInteraction
            internal import ChartMarks
            public import struct ChartApp.ChartScene
            let x = 1 // import ChartRender
            """
        XCTAssertEqual(Self.chartImports(in: text), ["ChartData", "ChartInteraction", "ChartMarks", "ChartApp"])
        let manifest = """
            .target(name: "ChartStage", dependencies: ["ChartGeometry", "ChartData"]),
            .target(name: "ChartRender", dependencies: [
                "ChartStage", "ChartInteraction", "CGL",
            ]),
            .executableTarget(name: "sightline", dependencies: ["ChartApp", .product(name: "ArgumentParser", package: "a")]),
            """
        XCTAssertEqual(Self.declaredDependencies(in: manifest), [
            "ChartStage": ["ChartGeometry", "ChartData"], "ChartRender": ["ChartStage", "ChartInteraction"],
            "sightline": ["ChartApp"],
        ])
        XCTAssertFalse(Self.allowed["ChartRender"]!.contains("ChartInteraction"))
        XCTAssertFalse(Self.allowed["ChartStage"]!.contains("ChartMarks"))
    }

    /// The project's modules a file imports: `import ChartX`, with attributes, an access
    /// level or a declaration kind (`public import struct ChartX.Y`).
    private static func chartImports(in text: String) -> [String] {
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        return text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }[...]
            while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
            guard words.first == "import" else { return nil }
            words = words.dropFirst()
            if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
            guard let path = words.first else { return nil }
            let module = String(path.split(separator: ".")[0])
            return Self.isOurs(module) ? module : nil
        }
    }

    /// Each target's dependencies on our own targets, as the manifest declares them.
    private static func declaredDependencies(in manifest: String) -> [String: [String]] {
        let pattern = /\.(?:target|executableTarget)\(name: "(\w+)", dependencies: \[([^\]]*)\]/
        var declared: [String: [String]] = [:]
        for match in manifest.matches(of: pattern) {
            let names = match.output.2.matches(of: /"(\w+)"/).map { String($0.output.1) }
            declared[String(match.output.1)] = names.filter(isOurs)
        }
        return declared
    }

    private static func isOurs(_ module: String) -> Bool {
        module.hasPrefix("Chart") || module == "sightline"
    }
}
