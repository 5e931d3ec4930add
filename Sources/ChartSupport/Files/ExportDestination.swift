import Foundation

/// Where the window's export (Ctrl+S) goes: the user's pictures folder
/// (`$XDG_PICTURES_DIR`, else its line in `user-dirs.dirs`), else the data file's
/// folder, else the home folder; the first that exists and may be written. Names never
/// overwrite: `sightline-<file>-<date>.png`, then `-2`, `-3`…, each reserved with
/// `O_EXCL` together with its alt text (`<name>.png.txt`), so two exports (or two
/// windows) never take the same name.
public enum ExportDestination {
    /// The files one export writes: the picture and its alt text beside it.
    public struct Reserved: Equatable, Sendable {
        public var picture: String
        public var altText: String
    }

    /// The most numbers tried in one folder before it counts as full.
    public static let attempts = 10_000

    /// The folders to try, in order, each once.
    /// - Parameters:
    ///   - dataFile: the chart's file; its folder comes second (`nil`, or not a file: none).
    ///   - readFile: reads a file's text (`user-dirs.dirs`); injected for tests.
    public static func folders(environment: [String: String] = ProcessInfo.processInfo.environment, dataFile: String?,
                               readFile: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) })
        -> [String] {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        var folders: [String] = []
        if let pictures = picturesFolder(environment: environment, home: home, readFile: readFile) { folders.append(pictures) }
        if let dataFile, dataFile.hasPrefix("/") { folders.append((dataFile as NSString).deletingLastPathComponent) }
        folders.append(home)
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// `$XDG_PICTURES_DIR` when absolute, else `XDG_PICTURES_DIR` in
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (`~/.config/user-dirs.dirs`), `$HOME` expanded.
    static func picturesFolder(environment: [String: String], home: String, readFile: (String) -> String?) -> String? {
        if let given = environment["XDG_PICTURES_DIR"], given.hasPrefix("/") { return given }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        guard let text = readFile(config + "/user-dirs.dirs") else { return nil }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_PICTURES_DIR="), !trimmed.hasPrefix("#") else { continue }
            var value = String(trimmed.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value.hasPrefix("$HOME") { value = home + value.dropFirst("$HOME".count) }
            // The specification's "$HOME/" alone means the home folder: no pictures folder of its own.
            guard value.hasPrefix("/"), value != home, value != home + "/" else { return nil }
            return value
        }
        return nil
    }

    /// The name's stem for the data file `path`: its name without the extension, letters,
    /// digits, `-`, `_` and `.` kept, anything else a `-`, at most 60 characters.
    public static func stem(of path: String) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let kept = name.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "-"
        }
        let stem = String(String(kept).prefix(60)).trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
        return stem.isEmpty ? "chart" : stem
    }

    /// Reserves the first free `sightline-<stem>-<date>[-N].png` and its `.txt` in the
    /// first of `folders` where both can be created (empty, with `O_EXCL`, so nothing
    /// that exists is touched).
    /// - Throws: `OutputFileError.system` naming the last folder tried when none can
    ///   take them (none exists, none may be written, every name is taken).
    public static func reserve(in folders: [String], stem: String, date: String) throws -> Reserved {
        var lastError = OutputFileError.missingFolder(path: "sightline-\(stem)-\(date).png", folder: folders.last ?? "~")
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for number in 1...attempts {
                let name = "sightline-\(stem)-\(date)" + (number == 1 ? "" : "-\(number)") + ".png"
                let picture = folder + (folder.hasSuffix("/") ? "" : "/") + name
                let text = picture + ".txt"
                let made = create(picture)
                if made == EEXIST { continue }
                guard made == 0 else {
                    lastError = .system(path: picture, action: "create", code: made)
                    break
                }
                let madeText = create(text)
                if madeText == 0 { return Reserved(picture: picture, altText: text) }
                unlink(picture)
                if madeText == EEXIST { continue }
                lastError = .system(path: text, action: "create", code: madeText)
                break
            }
        }
        throw lastError
    }

    /// Creates `path` empty, failing if anything is there; 0 or the `errno`.
    private static func create(_ path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        return 0
    }
}
