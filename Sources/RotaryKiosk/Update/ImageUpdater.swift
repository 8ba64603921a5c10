import Foundation

/// The kiosk image's updater as the kiosk sees it: files in `<state>/update/`. The kiosk runs
/// sandboxed as its own user and may neither install nor reboot; on the image a root unit
/// (`rotary-update.path` → `/usr/lib/rotary-image/update`) watches that folder:
/// - `request` (a bundle's URL): it fetches the bundle and installs it into the other slot
///   with RAUC, writing ``resultPath`` (`{"result": "installing" | "installed" | "failed" | …,
///   "version", "message", "at"}`) as it goes, in a folder of root's (root never writes into
///   the kiosk's);
/// - `reboot`: after an install, it reboots into the new slot.
/// Files are written off the render thread; the result is looked at every ``pollSeconds`` on
/// a queue of its own, and what it says is posted to the session through `reports`.
final class ImageUpdater: @unchecked Sendable {
    /// The image's updater script: where it is installed, the kiosk can update.
    static let script = "/usr/lib/rotary-image/update"
    /// Where the updater writes what it did.
    static let resultPath = "/var/lib/rotary-image/update-result"
    /// How often `result` is looked at, in seconds.
    static let pollSeconds = 2.0
    /// The largest result file read, in bytes.
    static let maxResultBytes = 16 * 1024

    /// Whether this system has the updater.
    static var present: Bool { access(script, X_OK) == 0 }

    /// The booted slot (RAUC's `rauc.slot=` on the kernel's command line); nil off the image.
    static func bootedSlot(commandLine: String? = try? String(contentsOfFile: "/proc/cmdline", encoding: .utf8)) -> String? {
        commandLine?.split(separator: " ").first { $0.hasPrefix("rauc.slot=") }.map { String($0.dropFirst(10)) }
            .flatMap { $0.isEmpty ? nil : String($0.prefix(16)) }
    }

    private let request: BackgroundFile
    private let reboot: BackgroundFile
    private let queue = DispatchQueue(label: "rotary.update-result")
    private var seen: Data?

    /// The updater's folder in `stateDirectory`; `reports` gets what `result` says, first
    /// as it is at start and then on every change, and `wake` is called after each.
    init(stateDirectory: String, failed: @escaping @Sendable (String) -> Void, reports: SessionInbox,
         wake: @escaping @Sendable () -> Void) {
        let directory = (stateDirectory as NSString).appendingPathComponent("update")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        request = BackgroundFile("request", in: directory, holding: "the update request", failed: failed)
        reboot = BackgroundFile("reboot", in: directory, holding: "the reboot request", failed: failed)
        queue.async { [self] in look(reports: reports, wake: wake) }
    }

    /// Asks the updater to install the bundle at `url`.
    func install(url: String) { request.write(Data((url + "\n").utf8)) }

    /// Asks the updater to reboot into the slot it installed.
    func rebootIntoUpdate() { reboot.write(Data("reboot\n".utf8)) }

    private func look(reports: SessionInbox, wake: @escaping @Sendable () -> Void) {
        if let data = Self.readResult(), data != seen {
            seen = data
            if let report = Self.report(data) {
                _ = reports.post(report: report)
                wake()
            }
        }
        queue.asyncAfter(deadline: .now() + Self.pollSeconds) { [weak self] in self?.look(reports: reports, wake: wake) }
    }

    /// The result file's bytes; nil when it is missing or longer than ``maxResultBytes``.
    private static func readResult() -> Data? {
        guard let file = FileHandle(forReadingAtPath: resultPath) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: maxResultBytes + 1), data.count <= maxResultBytes else { return nil }
        return data
    }

    /// The report a result file holds; nil when it is not one.
    static func report(_ data: Data) -> FleetUpdateReport? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let result = object["result"] as? String, !result.isEmpty else { return nil }
        func text(_ key: String) -> String? { (object[key] as? String).map { String($0.prefix(400)) } }
        return FleetUpdateReport(result: String(result.prefix(32)), version: text("version"), message: text("message"), at: text("at"))
    }
}
