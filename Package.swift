// swift-tools-version:6.0
import PackageDescription

/// Sightline: a GPU-accelerated chart app, in layers whose dependencies point one way:
/// ChartData ← ChartGeometry ← ChartStage ← ChartMarks ← ChartInteraction, with ChartSupport
/// beside the marks, ChartRender (never the marks or interaction) and ChartSources at the
/// edge, and ChartApp on top (README's Layout has the table). Everything below ChartRender is pure Swift (no SDL, GL, FreeType or
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
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM refuses with a warning on
        // every build (glibc needs no such define), and the shim includes <SDL2/SDL.h>
        // from the system include path.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CGL", pkgConfig: "gl", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // zlib, for gzip files (`.csv.gz`), inflated in ChartSources.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // SQLite files, read through the system's libsqlite3: the smallest dependency that
        // builds in both the SwiftPM and the CMake build (GRDB and sqlite-nio bring their
        // own packages, and CMake cannot build SwiftNIO), and the source needs only
        // prepared statements, step and interrupt. Used only in ChartSources/SQLite.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
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
        // The render stage, the controller and surface roles, the primitives, themes, key
        // bindings and range presets, the frame flag and the recording surfaces.
        .target(name: "ChartStage", dependencies: ["ChartGeometry", "ChartData"]),
        // One folder per kind of mark, its controller (the primitives it emits are the
        // stage's, where the renderer sees them).
        .target(name: "ChartMarks", dependencies: ["ChartStage", "ChartGeometry", "ChartData"]),
        // Beside the marks: session, output files, audiograph, summary and the benchmark.
        .target(name: "ChartSupport", dependencies: ["ChartStage", "ChartGeometry", "ChartData"]),
        // Presenters, the range selector, input routing, day zoom and the one assembly.
        .target(name: "ChartInteraction", dependencies: [
            "ChartMarks", "ChartSupport", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        // The GPU device (Device/) and a folder per kind of mark (Marks/); never the marks'
        // controllers or interaction.
        .target(name: "ChartRender", dependencies: [
            "ChartSupport", "ChartStage", "ChartGeometry", "ChartData",
            "CSDL2", "CGL", "CFreeType", "CFontconfig", "CPNG", "CShaders",
        ]),
        // Where data comes from, a folder per kind: files (gzip ones through zlib), and the
        // kinds that need C or the network.
        .target(name: "ChartSources", dependencies: ["ChartData", "CZlib", "CSQLite"]),
        // The database servers, over SwiftNIO (left out of the CMake build, which cannot
        // build NIO): a folder per engine.
        .target(name: "ChartServerSources", dependencies: [
            "ChartSources", "ChartData",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
        // The window, the scenes and loading.
        .target(name: "ChartApp", dependencies: [
            "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry",
            "ChartSources", "ChartData", "CSDL2", "CMalloc",
        ]),
        .executableTarget(name: "sightline", dependencies: [
            "ChartApp", "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage",
            "ChartGeometry", "ChartSources", "ChartServerSources", "ChartData",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "ChartDataTests", dependencies: ["ChartData"]),
        // CSQLite writes the SQLite files the SQLite source's tests read.
        .testTarget(name: "ChartSourcesTests", dependencies: ["ChartSources", "ChartData", "CSQLite"]),
        .testTarget(name: "ChartServerSourcesTests", dependencies: ["ChartServerSources", "ChartSources", "ChartData"]),
        .testTarget(name: "ChartLogicTests", dependencies: [
            "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        .testTarget(name: "ChartRenderTests", dependencies: [
            "ChartApp", "ChartRender", "ChartSupport", "ChartMarks", "ChartStage", "ChartGeometry", "ChartData",
        ]),
        .testTarget(name: "ChartAppTests", dependencies: [
            "ChartApp", "ChartInteraction", "ChartStage", "ChartGeometry", "CSDL2",
        ]),
        .testTarget(name: "SightlineAppTests", dependencies: [
            "ChartApp", "ChartRender", "ChartInteraction", "ChartSupport", "ChartMarks", "ChartStage",
            "ChartGeometry", "ChartData",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
