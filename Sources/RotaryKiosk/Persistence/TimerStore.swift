import Foundation
import RotaryKit
import RotarySDL

/// Keeps the countdown on disk so it survives a crash, a `kill -9` or a power cut: written
/// atomically (temporary file, fsync, rename, fsync of the folder) on every transition, off
/// the render thread. A running timer is stored with its wall-clock end, so on the next
/// start the time lost while the app was down counts too. The format is ``SavedTimer``.
public final class TimerStore: @unchecked Sendable {
    /// The file the state lives in.
    public var path: String { file.path }
    private let file: BackgroundFile

    /// The file a zone's countdown is kept in: `timer.json` for ``ZoneID/whole`` (no zones),
    /// else `timer-<slug>.json`, one per zone, so each survives on its own.
    public static func fileName(zone: ZoneID) -> String { zone.isWhole ? "timer.json" : "timer-\(zone.slug).json" }

    /// Why the folder could not keep a change now (nil: it can): read-only, or a write fails.
    private let readOnlyReason: String?

    /// A store in `folder` for `zone`.
    /// In a folder that is only readable it reads what was saved and keeps nothing. `failed`
    /// hears (from the store's own thread) of every save that did not reach the disk; the
    /// contents wait in `runtimeDirectory` (`$RUNTIME_DIRECTORY`, nil: nowhere) until it does.
    init(folder: StateFolder, zone: ZoneID, runtimeDirectory: String?, failed: @escaping @Sendable (String) -> Void) {
        file = BackgroundFile(Self.fileName(zone: zone), in: folder.path, kept: folder.isWritable,
                              holding: zone.isWhole ? "the countdown" : "zone \(zone.slug)'s countdown",
                              shadowDirectory: runtimeDirectory, failed: failed)
        readOnlyReason = folder.readOnlyReason.map { "the state folder \(folder.path) is read-only (\($0)), so a stop would not be kept" }
    }

    /// Why a change of the countdown could not be kept now (nil: it can): the folder is
    /// read-only, or a file of the countdown's size cannot be written there within 2 s (a full
    /// disk, a card that hangs). Writes and removes a probe file: call at start only.
    func whyChangesCannotBeKept() -> String? {
        readOnlyReason ?? file.whyNotWritable(bytes: 512, waitingUpTo: 2)
    }

    /// Moves aside every saved countdown in `folder` that none of the files named `kept`
    /// is (a zone that left the config or was renamed, the kiosk's own before it had zones):
    /// it is renamed `<name>.orphaned-<seconds since 1970>`, so no zone ever takes another's
    /// countdown and nothing is lost. Returns a message for a person about each one.
    static func setAsideOrphans(in folder: StateFolder, kept: [String], now: Double) -> [String] {
        guard folder.isWritable, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let saved = names.filter { $0 == fileName(zone: .whole) || ($0.hasPrefix("timer-") && $0.hasSuffix(".json")) }
        return saved.filter { !kept.contains($0) }.sorted().map { name in
            let from = (folder.path as NSString).appendingPathComponent(name)
            let aside = "\(name).orphaned-\(Int(now))"
            let whose = kept == [fileName(zone: .whole)] ? "the kiosk has no zones now"
                : "the zones now are " + kept.map { String($0.dropFirst(6).dropLast(5)) }.joined(separator: ", ")
            guard rename(from, (folder.path as NSString).appendingPathComponent(aside)) == 0 else {
                return "the saved countdown \(from) belongs to no zone (\(whose)) and cannot be set aside: "
                    + String(cString: strerror(errno))
            }
            return "the saved countdown \(from) belongs to no zone (\(whose)); set aside as \(aside)"
        }
    }

    /// Saves `report` and the set point it was started with as of wall-clock time `now`
    /// (seconds since 1970), in the background.
    public func save(_ report: TimerReport, setting: SettingReading? = nil, now: Double) {
        file.write(SavedTimer.encode(report, setting: setting, now: now, boot: BootID.current))
    }

    /// Waits until every save so far is on disk (or has failed).
    public func flush() { file.flush() }

    /// What the file says, as of wall-clock time `now`. A file that cannot be read, is larger
    /// than ``SavedTimer/maxFileBytes``, is a symbolic link or makes no sense is `corrupt`,
    /// with the path in the message.
    public func load(now: Double) -> SavedTimer.Found {
        // A change that could not be saved before the last stop waits in the runtime folder: it
        // is newer than the file, so it counts (a stop must never be undone by a restart), and
        // it is written to the file again. One that cannot be read leaves the file to count.
        if let shadow = file.shadowPath, case let (bytes?, found?) = Self.read(shadow, now: now) {
            file.write(Data(bytes))
            return found
        }
        return Self.read(path, now: now).found ?? .nothing
    }

    /// What the file at `path` says as of `now`, with its bytes when it makes sense (found nil:
    /// there is none).
    private static func read(_ path: String, now: Double) -> (bytes: [UInt8]?, found: SavedTimer.Found?) {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: SavedTimer.maxFileBytes, followingLinks: false) } catch .missing {
            return (nil, nil)
        } catch {
            return (nil, .corrupt("\(path): \(error); ignored"))
        }
        let found = SavedTimer.decode(Data(bytes), now: now)
        if case .corrupt(let why) = found { return (nil, .corrupt("\(path): \(why); ignored")) }
        return (bytes, found)
    }
}

/// Replaces a file so that a crash at any moment leaves the old or the new contents, never
/// a mix or nothing: write a temporary file beside it, fsync it, rename it over, fsync the
/// folder. A failure leaves no temporary file behind.
enum AtomicFile {
    /// What went wrong, as the system says it (strerror's words), for a person.
    static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    static func write(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        var failure: Int32 = written < 0 ? errno : written != data.count ? ENOSPC : 0
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw POSIXError(.init(rawValue: failure) ?? .EIO)
        }
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
