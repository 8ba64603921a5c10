import Glibc

/// Reads a whole file with a cap on its size, checked before the first byte is read (a
/// regular file's size) and again while reading (a file that grows, a device, a FIFO), so a
/// 1 GB file in the state folder or `/dev/zero` given as art is refused with a reason, never
/// read into memory. A folder is refused; with `followingLinks` false a symbolic link is
/// too (`O_NOFOLLOW`), so a file the kiosk keeps cannot be pointed at another program's.
public enum BoundedFile {
    /// Why a file was not read, for a person.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// There is no file at the path.
        case missing
        /// The file is larger than the cap (`bytes`: its size where known, else more than `limit`).
        case tooLarge(bytes: Int?, limit: Int)
        /// A folder, a symbolic link where links are refused, or a read the system refused.
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .tooLarge(let bytes, let limit):
                "\(bytes.map { "it has \($0) bytes" } ?? "it is longer than that"); at most \(BoundedFile.size(limit)) are read"
            case .unreadable(let why): why
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them. A symbolic link is followed
    /// only when `followingLinks`.
    public static func read(_ path: String, limit: Int, followingLinks: Bool = true) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing }
            if code == ELOOP, !followingLinks { throw .unreadable("it is a symbolic link, which is not followed") }
            throw .unreadable(reason(code))
        }
        defer { close(descriptor) }
        // O_NONBLOCK only kept open() from waiting for a FIFO's writer: reads may wait.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try read(descriptor: descriptor, limit: limit)
    }

    /// The bytes from the open `descriptor` (a file, a pipe, standard input) up to its end, at
    /// most `limit` of them. The descriptor stays open.
    public static func read(descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw .unreadable("it is a folder, not a file")
            case S_IFREG where Int(info.st_size) > limit: throw .tooLarge(bytes: Int(info.st_size), limit: limit)
            default: break
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(65536, limit + 1))
        while true {
            let got = Glibc.read(descriptor, &chunk, chunk.count)
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason(errno))
            }
            guard bytes.count + got <= limit else { throw .tooLarge(bytes: nil, limit: limit) }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    /// `bytes` for a person: "64 KiB", "4 MiB".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB"
            : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES: "not readable (permission denied)"
        default: String(cString: strerror(code))
        }
    }
}
