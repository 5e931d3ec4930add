import ChartData

/// Claims the addresses of the database servers (`postgresql://`, `clickhouse://`) in a
/// build without their sources (the CMake build leaves out ChartServerSources, which
/// needs SwiftNIO), so such an address is told why it cannot be read rather than
/// looked for as a file.
public struct DatabaseAddressRefusal: DatasetSource {
    /// The schemes of the server sources.
    static let schemes: Set<String> = ["postgresql", "postgres", "clickhouse"]

    public let name: String

    public static func source(for location: String) -> DatabaseAddressRefusal? {
        guard let colon = location.firstIndex(of: ":"), location[colon...].hasPrefix("://"),
              schemes.contains(location[..<colon].lowercased()) else { return nil }
        return DatabaseAddressRefusal(name: DisplayText.hidingPassword(location))
    }

    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        throw DataLoadError.unreachable(source: name, reason: "this build of Sightline reads no database servers "
                                        + "(the CMake build leaves them out: they need SwiftNIO); "
                                        + "build it with `swift build -c release` to read PostgreSQL and ClickHouse")
    }
}
