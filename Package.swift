// swift-tools-version:6.0
import PackageDescription

/// Sightline: a GPU-accelerated chart app, in layers whose dependencies point one way:
/// ChartData ← ChartGeometry ← ChartStage ← ChartMarks ← ChartInteraction, with ChartSupport a
/// leaf beside them, ChartRender (never interaction) and ChartSources at the edge, and
/// ChartApp on top. Everything below ChartRender is pure Swift (no SDL, GL, FreeType or
/// fontconfig), so it tests fast without a GPU; the C libraries are each wrapped in a
/// `.systemLibrary` target.
let package = Package(
    name: "Sightline",
    products: [
        .executable(name: "sightline", targets: ["sightline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM refuses with a warning on
        // every build (glibc needs no such define), and the shim includes <SDL2/SDL.h>
        // from the system include path.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CGL", pkgConfig: "gl", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig1-dev"])]),
        // glibc's <malloc.h> (mallopt), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // The GLSL sources in Shaders/ compiled into the binary with C23 #embed, so
        // both builds embed the same files and the binary never reads the disk for them.
        .target(name: "CShaders", path: "Sources/CShaders"),

        // The layers, lowest first; each imports only those above it in this list, so a
        // back-reference does not compile (scripts/test.sh also builds with
        // --explicit-target-dependency-import-check=error). Pure Swift down to the renderer.
        .target(name: "ChartData", dependencies: [.product(name: "HeapModule", package: "swift-collections")]),
        // Pixels, rects, scales, viewports, easing, colours, curves, ticks and labels.
        .target(name: "ChartGeometry", dependencies: ["ChartData"]),
        // The render stage, the controller and surface roles, primitives, themes, input
        // vocabulary and the recording surfaces.
        .target(name: "ChartStage", dependencies: ["ChartGeometry", "ChartData"]),
        // One folder per kind of mark: its controller and the primitives it draws.
        .target(name: "ChartMarks", dependencies: ["ChartStage", "ChartGeometry", "ChartData"]),
        // Leaves: session, output files, audiograph and summary.
        .target(name: "ChartSupport", dependencies: ["ChartStage", "ChartGeometry", "ChartData"]),
        // Presenters, the range selector, input routing, day zoom and the one assembly.
        .target(name: "ChartInteraction", dependencies: [
            "ChartMarks", "ChartSupport", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        // The GPU device (Device/) and a folder per kind of mark (Marks/); never interaction.
        .target(name: "ChartRender", dependencies: [
            "ChartSupport", "ChartStage", "ChartGeometry", "ChartData",
            "CSDL2", "CGL", "CFreeType", "CFontconfig", "CPNG", "CShaders",
        ]),
        // Sources of data that need C or the network, a folder each.
        .target(name: "ChartSources", dependencies: ["ChartData"]),
        // The window, the scenes and loading.
        .target(name: "ChartApp", dependencies: [
            "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry",
            "ChartSources", "ChartData", "CSDL2", "CMalloc",
        ]),
        .executableTarget(name: "sightline", dependencies: [
            "ChartApp", "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage",
            "ChartGeometry", "ChartSources", "ChartData",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "ChartDataTests", dependencies: ["ChartData"]),
        .testTarget(name: "ChartSourcesTests", dependencies: ["ChartSources", "ChartData"]),
        .testTarget(name: "ChartLogicTests", dependencies: [
            "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        .testTarget(name: "ChartRenderTests", dependencies: [
            "ChartApp", "ChartRender", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        .testTarget(name: "ChartAppTests", dependencies: ["ChartApp", "ChartStage", "ChartGeometry", "CSDL2"]),
        .testTarget(name: "SightlineAppTests", dependencies: [
            "ChartApp", "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage",
            "ChartGeometry", "ChartData",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
