import Foundation

/// Where a hook's program is, or why it cannot run.
enum HookExecutable: Equatable {
    /// An executable regular file at this path.
    case found(String)
    /// No file by that name (a path), or none in any folder of the search path.
    case notFound
    /// A file by that name exists here, but without execute permission.
    case notExecutable(String)

    /// Looks `command` up: as a path when it contains "/", else in each folder of
    /// `searchPath` (colon-separated, like PATH) in turn; the first executable wins.
    static func locate(_ command: String, searchPath: String) -> HookExecutable {
        let candidates = command.contains("/") ? [command] : searchPath.split(separator: ":").map { "\($0)/\(command)" }
        var unusable: String?
        for path in candidates {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if access(path, X_OK) == 0 { return .found(path) }
            unusable = unusable ?? path
        }
        return unusable.map(HookExecutable.notExecutable) ?? .notFound
    }
}
