// swift-tools-version:6.0
import PackageDescription

/// Sightline: a GPU-accelerated chart app. `ChartData` and `ChartCore` are pure Swift
/// (no SDL, GL, FreeType or fontconfig) so they test fast without a GPU; only `ChartRender` and
/// `ChartApp` touch the C libraries, each wrapped in a `.systemLibrary` target.
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

        .target(name: "ChartData", dependencies: [.product(name: "HeapModule", package: "swift-collections")]),
        .target(name: "ChartCore", dependencies: ["ChartData"]),
        .target(name: "ChartRender", dependencies: [
            "ChartCore", "ChartData", "CSDL2", "CGL", "CFreeType", "CFontconfig", "CPNG", "CShaders",
        ]),
        .target(name: "ChartApp", dependencies: ["ChartRender", "ChartCore", "ChartData", "CSDL2", "CMalloc"]),
        .executableTarget(name: "sightline", dependencies: [
            "ChartApp", "ChartRender", "ChartCore", "ChartData",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "ChartDataTests", dependencies: ["ChartData"]),
        .testTarget(name: "ChartCoreTests", dependencies: ["ChartCore"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartRender", "ChartCore", "ChartData"]),
        .testTarget(name: "ChartAppTests", dependencies: ["ChartApp", "ChartCore", "CSDL2"]),
        .testTarget(name: "SightlineAppTests", dependencies: ["ChartRender", "ChartCore"]),
    ],
    swiftLanguageModes: [.v6]
)
