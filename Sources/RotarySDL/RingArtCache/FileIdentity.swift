import Glibc

/// What tells one version of a file from another without reading it: its device, inode,
/// size and change times. Replacing or editing a file (a package upgrade, a new font)
/// changes at least one of them; reading a 20 MB font to hash it would cost more than the
/// cached art saves.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    /// Last modification, nanoseconds since 1970.
    var modified: UInt64
    /// Last change of the inode (a rename onto it, chmod, a touch back in time), nanoseconds since 1970.
    var changed: UInt64

    /// The identity of the file at `path` (links followed), or nil when it cannot be found.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = UInt64(max(info.st_size, 0))
        modified = Self.nanoseconds(info.st_mtim)
        changed = Self.nanoseconds(info.st_ctim)
    }

    init(device: UInt64, inode: UInt64, size: UInt64, modified: UInt64, changed: UInt64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    private static func nanoseconds(_ time: timespec) -> UInt64 {
        UInt64(bitPattern: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    /// The five numbers in order, as a record keeps them.
    var words: [UInt64] { [device, inode, size, modified, changed] }
}
