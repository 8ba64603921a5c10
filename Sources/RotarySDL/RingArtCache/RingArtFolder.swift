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
        /// Something else stands under the record's name (a folder): this record cannot be
        /// kept, the others can.
        case nameTaken(String)
        /// Writing it would leave less than the store's reserve free on the disk.
        case wouldFillDisk(free: Int, reserve: Int)

        init(errno code: Int32) { self = .system(String(cString: strerror(code))) }

        var description: String {
            switch self {
            case .system(let why): why
            case .tooLarge: "a ring's art is larger than \(RingArtStore.recordLimit) bytes"
            case .nameTaken(let why): "something else has its name (\(why))"
            case .wouldFillDisk(let free, let reserve):
                "\(free >> 20) MiB are free, and the cache leaves at least \(reserve >> 20) MiB to the kiosk's state and updates"
            }
        }
    }

    /// Deletes every record file not of `buildPrefix`'s build, temporary files over a minute
    /// old, records larger than any record may be (a sparse file can claim exabytes), then
    /// the records least recently used until those left take at most `limitBytes` of the disk
    /// (their blocks, summed without overflow); `keeping` (the record just written) stays. What
    /// cannot be deleted is said in one line.
    func clean(keeping: String, limitBytes: Int, buildPrefix: String) {
        guard let folder = opendir(directory) else { return }
        var records: [(name: String, used: Int, bytes: Int)] = [], total = 0
        var failures = Failures()
        let now = time(nil)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let isTemporary = Self.isTemporaryName(name)
            guard Self.isRecordName(name) || isTemporary else { continue }  // not the store's: left alone
            var info = stat()
            guard fstatat(dirfd(folder), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let bytes = Self.diskBytes(info)
            if isTemporary {
                if now - info.st_mtim.tv_sec > 60 { remove(name, &failures) }
            } else if !name.hasPrefix(buildPrefix) || Int(clamping: info.st_size) > RingArtStore.recordLimit {
                remove(name, &failures)
            } else {
                total = Self.sum(total, bytes)
                if name != keeping { records.append((name, info.st_mtim.tv_sec, bytes)) }
            }
        }
        closedir(folder)
        for record in records.sorted(by: { $0.used < $1.used }) where total > limitBytes {
            if remove(record.name, &failures) { total -= min(total, record.bytes) }
        }
        if let summary = failures.summary(in: directory) { log(summary) }
    }

    /// The bytes `info`'s file takes on the disk: its blocks (a sparse file takes few), never
    /// more than `Int.max`.
    static func diskBytes(_ info: stat) -> Int {
        let blocks = Int(clamping: info.st_blocks)
        return blocks > Int.max / 512 ? Int.max : blocks * 512
    }

    /// `a + b`, or `Int.max` where that would overflow.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }

    /// The entries that could not be deleted in one cleaning: how many, and the first.
    private struct Failures {
        var count = 0
        var first: (name: String, why: String)?

        func summary(in directory: String) -> String? {
            guard let first else { return nil }
            let others = count == 1 ? "" : " and \(count - 1) more"
            return "ring art cache: cannot delete \(directory)/\(first.name) (\(first.why))\(others)"
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

    /// Deletes the entry `name`; whether it is gone. One that stays is counted in `failures`.
    @discardableResult
    private func remove(_ name: String, _ failures: inout Failures) -> Bool {
        guard unlink(directory + "/" + name) != 0, errno != ENOENT else { return true }
        failures.count += 1
        if failures.first == nil { failures.first = (name, String(cString: strerror(errno))) }
        return false
    }
}
