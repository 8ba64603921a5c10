import Foundation

/// The state folder as a start finds it: made when missing, and either writable or only
/// readable. A folder that can still be read but not written (an SD card the kernel remounted
/// read-only after errors, a read-only bind mount) still gives back the countdown and the
/// operator's settings saved in it; only changes are not kept.
struct StateFolder {
    let path: String
    /// Why changes cannot be kept there, as the system says it (nil: they can).
    let readOnlyReason: String?

    /// The folder at `path`, made when missing. Throws a message for a person when it cannot
    /// be made, is not a folder, or cannot even be read.
    init(_ path: String) throws {
        self.path = path
        var made: Error?
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch { made = error }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw KioskError.unusableStateFolder(path: path, reason: made.map(AtomicFile.reason) ?? "it cannot be made")
        }
        guard isFolder.boolValue else { throw KioskError.unusableStateFolder(path: path, reason: "it is not a folder") }
        guard access(path, R_OK | X_OK) == 0 else {
            throw KioskError.unusableStateFolder(path: path, reason: String(cString: strerror(errno)))
        }
        readOnlyReason = access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Whether changes can be kept there.
    var isWritable: Bool { readOnlyReason == nil }
}
