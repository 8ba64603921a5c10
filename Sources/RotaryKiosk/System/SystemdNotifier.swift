import Foundation

/// Tells systemd how the service is doing (`Type=notify`): `READY=1` once the first frame is
/// on the panel, `WATCHDOG=1` from the loop once each frame is on the panel, so a loop that
/// hangs or stops drawing is restarted. Datagrams to
/// `$NOTIFY_SOCKET` (a path, or `@name` for the abstract namespace); without it, nothing.
public final class SystemdNotifier {
    private let socketPath: String?
    /// Half the watchdog interval systemd asked for, in seconds (nil: no watchdog).
    public let watchdogInterval: Double?
    private var lastWatchdog = -Double.infinity

    /// A notifier for this process's environment.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        watchdogInterval = environment["WATCHDOG_USEC"].flatMap(Double.init).map { $0 / 1_000_000 / 2 }
    }

    /// Whether systemd is listening.
    public var isActive: Bool { socketPath != nil }

    /// `READY=1`.
    public func ready() { send("READY=1\nSTATUS=showing the kiosk") }

    /// `WATCHDOG=1`, at most once per half watchdog interval; `now` in seconds.
    public func keepAlive(now: Double) {
        guard let interval = watchdogInterval, now - lastWatchdog >= interval else { return }
        lastWatchdog = now
        send("WATCHDOG=1")
    }

    /// `STOPPING=1`.
    public func stopping() { send("STOPPING=1") }

    private func send(_ message: String) {
        guard let path = socketPath else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        _ = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, text, strlen(text), 0, $0, length)
                }
            }
        }
    }
}
