import Foundation
import Glibc

/// Reads all of a file or a stream (`-` for standard input, a FIFO, `/dev/stdin`, a shell's
/// process substitution) up to a limit, so a stream that never ends (`/dev/zero`, `yes`)
/// is refused with a clear reason instead of filling memory.
enum BoundedInput {
    /// Why the input could not be read, for a person.
    struct Failure: Error {
        let reason: String
    }

    /// The bytes of `path` (`-`: standard input), at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: reason(errno)) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "it is a folder, not a file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = Glibc.read(descriptor, &chunk, chunk.count)
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: reason(errno))
            }
            guard bytes.count + got <= limit else {
                throw Failure(reason: "longer than \(limit / (1 << 20)) MiB: a trace is read whole before it plays")
            }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "not readable (permission denied)"
        default: String(cString: strerror(code))
        }
    }
}
