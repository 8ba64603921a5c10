import Glibc

/// The folder of a ``RingArtStore``: made when first needed, and kept within its size by
/// deleting records of other builds (never to be read again), temporary files a stopped
/// writer left, and then the least recently used records.
struct RingArtFolder {
    let directory: String
    let log: @Sendable (String) -> Void

    /// Why a record could not be written.
    enum Failure: Error, CustomStringConvertible {
        case system(String)
        /// The record would pass ``RingArtStore/recordLimit``.
        case tooLarge

        init(errno code: Int32) { self = .system(String(cString: strerror(code))) }

        var description: String {
            switch self {
            case .system(let why): why
            case .tooLarge: "a ring's art is larger than \(RingArtStore.recordLimit) bytes"
            }
        }
    }

    /// Deletes every record file not of `buildPrefix`'s build, temporary files over a minute
    /// old, then the records least recently used until those left hold at most `limitBytes`;
    /// `keeping` (the record just written) stays.
    func clean(keeping: String, limitBytes: Int, buildPrefix: String) {
        guard let folder = opendir(directory) else { return }
        var records: [(name: String, used: Int, bytes: Int)] = [], total = 0
        let now = time(nil)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let isTemporary = Self.isTemporaryName(name)
            guard Self.isRecordName(name) || isTemporary else { continue }  // not the store's: left alone
            var info = stat()
            guard fstatat(dirfd(folder), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if isTemporary {
                if now - info.st_mtim.tv_sec > 60 { remove(name) }
            } else if !name.hasPrefix(buildPrefix) {
                remove(name)
            } else {
                total += Int(info.st_size)
                if name != keeping { records.append((name, info.st_mtim.tv_sec, Int(info.st_size))) }
            }
        }
        closedir(folder)
        for record in records.sorted(by: { $0.used < $1.used }) where total > limitBytes {
            remove(record.name)
            total -= record.bytes
        }
    }

    /// Whether `name` is a record's: the build's first six bytes and the key's hash in hex,
    /// then `.ring`. (Plain code, not a Regex: Swift's regexes leave their parsed form behind,
    /// which the address sanitizer reports as a leak.)
    static func isRecordName<Name: StringProtocol>(_ name: Name) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 34, bytes[12] == UInt8(ascii: "-"), bytes[29...].elementsEqual(".ring".utf8) else { return false }
        return (bytes[..<12] + bytes[13..<29]).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether `name` is a record being written: `.`, its name, the writer's process ID, `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: "."), isRecordName(middle[..<dot]) else { return false }
        let pid = middle[middle.index(after: dot)...]
        return !pid.isEmpty && pid.utf8.allSatisfy { (48...57).contains($0) }
    }

    private func remove(_ name: String) {
        if unlink(directory + "/" + name) != 0, errno != ENOENT {
            log("ring art cache: cannot delete \(directory)/\(name): \(String(cString: strerror(errno)))")
        }
    }
}
