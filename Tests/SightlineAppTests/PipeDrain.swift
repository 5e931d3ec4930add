import Foundation

/// Reads a pipe to its end on another thread, so a chatty child never blocks on a full
/// pipe while the test waits for it to exit.
final class PipeDrain: @unchecked Sendable {
    private let finished = DispatchGroup()
    /// Written once by the reading thread, read only after `finished` is done.
    private var data = Data()

    init(_ handle: FileHandle) {
        finished.enter()
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.finished.leave()
        }
    }

    /// Everything the pipe carried, once its writer closed it.
    func wait() -> Data {
        finished.wait()
        return data
    }
}
