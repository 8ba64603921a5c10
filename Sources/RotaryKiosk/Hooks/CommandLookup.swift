import Foundation

/// Where a hook's or feedback command's program (its argv[0]) is, or why it cannot start: a
/// name with a `/` is a path, a bare name is searched on `PATH`. The hook runner starts what
/// it finds; check-config warns about the rest, so a typo shows before deployment instead of
/// failing on every event.
enum CommandLookup: Equatable {
    /// An executable file.
    case runnable(String)
    /// Something is there but cannot be run: a folder, or a file without execute permission.
    case notRunnable(String, folder: Bool)
    /// Nothing at that path, or of that name on `PATH` (the `PATH` searched).
    case notFound(String, searched: String?)

    /// Looks `command` up; `searchPath` is the `PATH` to search for a bare name.
    static func find(_ command: String,
                     searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") -> Self {
        let candidates = command.contains("/") ? [command] : searchPath.split(separator: ":").map { "\($0)/\(command)" }
        var firstPresent: (path: String, folder: Bool)?
        for candidate in candidates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) else { continue }
            if !isFolder.boolValue, FileManager.default.isExecutableFile(atPath: candidate) { return .runnable(candidate) }
            if firstPresent == nil { firstPresent = (candidate, isFolder.boolValue) }
        }
        if let firstPresent { return .notRunnable(firstPresent.path, folder: firstPresent.folder) }
        return .notFound(command, searched: command.contains("/") ? nil : searchPath)
    }

    /// What to warn about, or nil when the program can run.
    var doubt: String? {
        switch self {
        case .runnable:
            return nil
        case .notRunnable(let path, folder: true):
            return "\(path) is a folder, not a program: the command would fail every time"
        case .notRunnable(let path, folder: false):
            return "\(path) exists but is not executable (chmod +x \(path)): the command would fail every time"
        case .notFound(let command, searched: nil):
            return "\(command) does not exist: the command would fail every time"
        case .notFound(let command, searched: let path?):
            return "\(command) is not on PATH (\(path)): the command would fail every time"
        }
    }
}
