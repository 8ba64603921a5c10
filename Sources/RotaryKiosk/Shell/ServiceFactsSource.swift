import Foundation
import Glibc
import RotaryKit

/// Gathers what the service screen's tabs show, when a tab opens: the diagnostics (version,
/// uptimes, video driver, renderer and frame rate, touch devices and the touches dropped as
/// nobody's, IP addresses, free space in the state folder, the config in use, the MQTT
/// link), the last errors and the usage table.
final class ServiceFactsSource {
    /// Errors kept for the Errors tab.
    static let errorsKept = 20

    private let videoDriver: String
    private let rendererName: String
    private let configLine: String
    private let stateDirectory: String?
    private let backlight: String?
    private let hoursLine: String
    /// What the MQTT link is doing now.
    private let mqtt: () -> String
    /// The touch devices' names now (SDL's, or libinput's on a framebuffer).
    private let touch: () -> [String]
    private let startedAt = Date()
    private var errors: [(Date, String)] = []

    init(videoDriver: String, rendererName: String, configPath: String?, fallbackNote: String?, stateDirectory: String?,
         backlight: String?, openingHours: OpeningHours?, wakeSeconds: Double, mqtt: @escaping () -> String,
         touch: @escaping () -> [String]) {
        self.videoDriver = videoDriver
        self.rendererName = rendererName
        configLine = fallbackNote ?? configPath.map { "\($0) (in use)" } ?? "built in (no --config)"
        self.stateDirectory = stateDirectory
        self.backlight = backlight
        self.mqtt = mqtt
        self.touch = touch
        hoursLine = openingHours.map { "\($0.text), local time; a touch wakes the panel for \(Int(wakeSeconds)) s" } ?? "always on"
    }

    /// Keeps `message` as the newest error.
    func noteError(_ message: String) {
        errors.append((Date(), message))
        if errors.count > Self.errorsKept { errors.removeFirst(errors.count - Self.errorsKept) }
    }

    /// What `page` shows; `frames` are the presents so far, `touchesDropped` the touches the
    /// session took for nobody's.
    func facts(for page: ServicePage, frames: FrameStats, touchesDropped: TouchFilter.Counts) -> ServiceFacts {
        var facts = ServiceFacts(backlight: backlight)
        switch page {
        case .menu(.diagnostics): facts.diagnostics = diagnostics(frames, touchesDropped)
        case .menu(.errors): facts.errors = errorLines()
        case .menu(.usage): facts.usage = usage()
        default: break
        }
        return facts
    }

    private func diagnostics(_ frames: FrameStats, _ dropped: TouchFilter.Counts) -> [String] {
        let rate = frames.intervalPercentiles.map { String(format: "%.0f frames/s while drawing (median %.1f ms)", 1 / $0.median,
                                                             $0.median * 1000) } ?? "not measured yet"
        return [
            "Rotary \(RotaryKioskCommand.version)",
            "Up \(Self.duration(Date().timeIntervalSince(startedAt))); system up \(Self.systemUptime())",
            "Video: \(videoDriver), \(rendererName) renderer, \(rate)",
            "Touch: \(Self.list(touch()))",
            "Touches dropped: \(dropped.short) too short, \(dropped.repeating) on a clock",
            "Network: \(Self.addresses())",
            "State folder: \(stateDirectory.map { "\($0), \(Self.freeSpace($0))" } ?? "none")",
            "Config: \(configLine)",
            "Backlight: \(backlight ?? "none")",
            "Opening hours: \(hoursLine)",
            "MQTT: \(mqtt())",
        ]
    }

    private func errorLines() -> [String] {
        let clock = DateFormatter()
        clock.dateFormat = "MMM d HH:mm:ss"
        return errors.reversed().map { "\(clock.string(from: $0.0))  \($0.1)" }
    }

    private func usage() -> [[String]] {
        guard let stateDirectory else { return [] }
        let path = UsageLog.path(in: stateDirectory)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        do { return try UsageSummary.table(path: path, now: Date().timeIntervalSince1970) } catch {
            return [["The usage log cannot be read: \(error)"]]
        }
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        return s >= 86_400 ? "\(s / 86_400) d \(s % 86_400 / 3600) h" : s >= 3600 ? "\(s / 3600) h \(s % 3600 / 60) min"
            : "\(s / 60) min \(s % 60) s"
    }

    private static func systemUptime() -> String {
        guard let text = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let first = text.split(separator: " ").first, let seconds = Double(first) else { return "?" }
        return duration(seconds)
    }

    /// The touch devices' names, or "none found".
    private static func list(_ devices: [String]) -> String {
        devices.isEmpty ? "none found" : devices.joined(separator: ", ")
    }

    /// Every IPv4 and IPv6 address but loopback's, with its interface.
    static func addresses() -> String {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return "?" }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let size = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, size, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            found.append("\(String(cString: entry.pointee.ifa_name)) \(String(cString: host))")
        }
        return found.isEmpty ? "no address" : found.joined(separator: ", ")
    }

    private static func freeSpace(_ path: String) -> String {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return "free space unknown" }
        let free = Double(stats.f_bavail) * Double(stats.f_frsize)
        return String(format: "%.1f GB free", free / 1e9)
    }
}
