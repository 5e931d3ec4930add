import Foundation
import XCTest

extension XCTestCase {
    /// A character device to write to: as root, a node of our own in `folder` with the
    /// numbers of `/dev/null` (1, 3) or `/dev/full` (1, 7), so a binary that replaces the
    /// device under test destroys only the copy; otherwise the real one, which a user
    /// cannot replace.
    func deviceNode(_ name: String, minor: UInt32, in folder: String) throws -> String {
        guard geteuid() == 0 else { return "/dev/\(name)" }
        let node = "\(folder)/\(name)"
        guard mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else { throw XCTSkip("cannot make \(node): errno \(errno)") }
        let fd = open(node, O_WRONLY)
        guard fd >= 0 else { throw XCTSkip("\(node) cannot be opened (a nodev mount?)") }
        close(fd)
        return node
    }
}
