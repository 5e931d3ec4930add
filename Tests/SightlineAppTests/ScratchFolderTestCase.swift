import Foundation
import XCTest

/// A test case with a folder of its own for the files its tests write, made before
/// each test and removed after it.
class ScratchFolderTestCase: XCTestCase {
    /// Named after the test class and the process, so parallel runs never share one.
    lazy var folder = NSTemporaryDirectory() + "sightline-\(String(describing: type(of: self)))-\(getpid())"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
