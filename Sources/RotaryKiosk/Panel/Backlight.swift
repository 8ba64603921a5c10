import Foundation

/// A panel's backlight through sysfs: `<root>/<name>/brightness` (0…`max_brightness`), and
/// `bl_power` to turn it off (4, `FB_BLANK_POWERDOWN`) and on (0). Writes go through a queue
/// of their own, newest value only, so a knob turned at 60 Hz never waits on a slow driver. The root is `/sys/class/backlight`, or
/// `ROTARY_BACKLIGHT_DIR` (tests give a folder of plain files).
final class Backlight: @unchecked Sendable {
    /// The device's name, e.g. `rpi_backlight` or `intel_backlight`.
    let name: String
    /// The highest raw brightness.
    let maxBrightness: Int
    private let folder: String
    private let queue = DispatchQueue(label: "rotary.backlight")
    private let lock = NSLock()
    /// The raw level to write next; 0 for off.
    private var pending: Int?
    private let failed: @Sendable (String) -> Void
    private var reportedFailure = false
    /// Whether `bl_power` was last set on (nil: not yet, it may be off from a crash). Used on
    /// the queue only.
    private var poweredOn: Bool?

    /// Where backlights are looked for.
    static var root: String {
        ProcessInfo.processInfo.environment["ROTARY_BACKLIGHT_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys/class/backlight"
    }

    /// The backlight `choice` names in `root` ("auto": the first one there, by name), or nil with
    /// nothing to say when there is none and none was named. Throws a message for a person
    /// when the named one is missing or one cannot be read.
    static func find(_ choice: String, in root: String = Backlight.root, failed: @escaping @Sendable (String) -> Void) throws -> Backlight? {
        guard choice != "none" else { return nil }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        let name: String
        if choice == "auto" {
            guard let first = names.first else { return nil }
            name = first
        } else {
            guard names.contains(choice) else {
                throw KioskError.backlight("no backlight \"\(choice)\" in \(root) (there: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
            }
            name = choice
        }
        let folder = (root as NSString).appendingPathComponent(name)
        guard let text = try? String(contentsOfFile: folder + "/max_brightness", encoding: .utf8),
              let max = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), max > 0 else {
            throw KioskError.backlight("\(folder)/max_brightness cannot be read as a number above 0")
        }
        guard access(folder + "/brightness", W_OK) == 0 else {
            throw KioskError.backlight("\(folder)/brightness cannot be written (\(String(cString: strerror(errno)))): "
                + "kiosk/install adds a udev rule that lets the video group set it")
        }
        return Backlight(name: name, folder: folder, maxBrightness: max, failed: failed)
    }

    private init(name: String, folder: String, maxBrightness: Int, failed: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.folder = folder
        self.maxBrightness = maxBrightness
        self.failed = failed
    }

    /// The raw level for `fraction`: at least 1, so "dim" never means "black".
    func raw(for fraction: Double) -> Int {
        max(1, min(maxBrightness, Int((fraction * Double(maxBrightness)).rounded())))
    }

    /// Sets the backlight to `fraction` of its maximum (never below the lowest raw level),
    /// in the background.
    func set(_ fraction: Double) { queueWrite(raw(for: fraction)) }

    /// Turns the backlight off, in the background; the next ``set(_:)`` turns it on.
    func off() { queueWrite(0) }

    private func queueWrite(_ raw: Int) {
        lock.lock()
        let idle = pending == nil
        pending = raw
        lock.unlock()
        guard idle else { return }  // the queued write will take the newest value
        queue.async { [self] in
            lock.lock()
            let value = pending
            pending = nil
            lock.unlock()
            guard let value else { return }
            write(value)
        }
    }

    /// Waits for the writes so far.
    func flush() { queue.sync {} }

    /// Raw level `raw`, or off for 0: `bl_power` where the driver has it, else brightness 0.
    private func write(_ raw: Int) {
        do {
            if raw == 0 {
                if try !writeIfPresent("4", to: "bl_power") { try write("0", to: "brightness") }
                poweredOn = false
            } else {
                if poweredOn != true {
                    _ = try writeIfPresent("0", to: "bl_power")
                    poweredOn = true
                }
                try write("\(raw)", to: "brightness")
            }
            reportedFailure = false
        } catch {
            guard !reportedFailure else { return }
            reportedFailure = true
            failed("cannot set the backlight \(name): \(AtomicFile.reason(error))")
        }
    }

    /// Writes `value` to `file` when the driver has it; false when it does not.
    private func writeIfPresent(_ value: String, to file: String) throws -> Bool {
        do { try write(value, to: file) } catch let error as POSIXError where error.code == .ENOENT { return false }
        return true
    }

    /// Writes `value` and a newline over the device's `file`, as `echo value > file` does, but
    /// never makes a file the driver lacks.
    private func write(_ value: String, to file: String) throws {
        let fd = open(folder + "/" + file, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let bytes = Array("\(value)\n".utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
