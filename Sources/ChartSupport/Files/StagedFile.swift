import Foundation

/// A file's new content written whole into a temporary of ours beside it and flushed
/// to disk, not yet in place: `commit()` renames it over the target, `discard()`
/// removes it. A command writing several files stages them all before committing any,
/// so that running out of space (or past `ulimit -f`) in any of them leaves every
/// target as it was (`OutputFile.write(together:)`).
///
/// The temporary is locked and registered in `TemporaryFiles` until it is renamed or
/// removed; one never committed is removed when the value goes away.
final class StagedFile {
    /// The path as the user gave it; messages name this one.
    let path: String
    /// The real file the temporary replaces.
    let target: String
    let temporary: String
    private let descriptor: Int32
    /// A second name of the target's old content, kept while other files of the same
    /// command are committed so that a failure among them can put it back; registered
    /// in `TemporaryFiles` while it exists, so a signal meanwhile removes it too.
    private var backup: String?
    /// Whether there was no target before: undoing the rename removes it.
    private var targetIsNew = false
    private var state = State.staged

    private enum State { case staged, committed, finished }

    init(path: String, target: String, temporary: String, descriptor: Int32) {
        self.path = path
        self.target = target
        self.temporary = temporary
        self.descriptor = descriptor
        TemporaryFiles.register(temporary)
    }

    deinit {
        if state == .staged { discard() }
    }

    /// Renames the temporary over the target and makes the rename durable; the staged
    /// file is finished.
    /// - Throws: `OutputFileError.system` when the rename fails (the temporary is then
    ///   removed).
    func commit() throws {
        do {
            try rename()
        } catch {
            discard()
            throw error
        }
        finish()
    }

    /// Removes the temporary; the target is left as it was.
    func discard() {
        guard state == .staged else { return }
        unlink(temporary)
        close()
    }

    /// Commits `files` all or none: each is renamed over its target in turn, and if one
    /// rename fails, those already renamed are undone (an old file comes back from its
    /// backup, a new one is removed) and every temporary is removed.
    /// - Throws: `OutputFileError.system` from the rename that failed.
    static func commit(_ files: [StagedFile]) throws {
        guard files.count > 1 else {
            try files.first?.commit()
            return
        }
        do {
            for file in files {
                file.keepBackup()
                try file.rename()
            }
        } catch {
            for file in files.reversed() { file.rollBack() }
            throw error
        }
        for file in files { file.finish() }
    }

    // MARK: Steps

    /// Links the target's present content under a temporary name, or notes that there
    /// is no target yet. Where the file system has no hard links (FAT), the old file
    /// cannot be put back, and a failed commit leaves the new one rather than none.
    private func keepBackup() {
        let folder = OutputFile.directory(of: target)
        for _ in 0..<16 {
            let name = folder + "/" + OutputFile.temporaryName(UInt32.random(in: .min ... .max))
            if link(target, name) == 0 {
                TemporaryFiles.register(name)
                backup = name
                return
            }
            guard errno == EEXIST else {
                targetIsNew = errno == ENOENT
                return
            }
        }
    }

    private func rename() throws {
        guard Glibc.rename(temporary, target) == 0 else {
            throw OutputFileError.system(path: path, action: "replace the file", code: errno)
        }
        state = .committed
    }

    /// Undoes `keepBackup` and `rename`, whichever were done.
    private func rollBack() {
        switch state {
        case .staged: discard()
        case .committed:
            if let backup {
                Glibc.rename(backup, target)
                TemporaryFiles.unregister(backup)
                self.backup = nil
            } else if targetIsNew {
                unlink(target)
            }
            close()
        case .finished: break
        }
        dropBackup()
    }

    /// After the rename: drops the backup, syncs the folder's entry and releases the
    /// temporary's lock (only now, so a sweep never takes a temporary still to be renamed).
    private func finish() {
        dropBackup()
        let folderFD = open(OutputFile.directory(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            Glibc.close(folderFD)
        }
        close()
    }

    /// Removes the backup's name, if one is left.
    private func dropBackup() {
        guard let backup else { return }
        unlink(backup)
        TemporaryFiles.unregister(backup)
        self.backup = nil
    }

    private func close() {
        TemporaryFiles.unregister(temporary)
        Glibc.close(descriptor)
        state = .finished
    }
}
