import Foundation
import Glibc
import Logging

/// swift-log's lines for the kiosk, sent through a ``LineLane`` to standard error: a journal
/// that stops reading for a while costs log lines (counted), never a frame. Lines look as
/// swift-log's own stream handler writes them:
/// `2026-11-26T21:16:03+0000 info rotary-kiosk: [RotaryKiosk] video driver: offscreen`. The
/// text is ``LogText/safe(_:)``: one line, of at most 4 KiB, whatever a message holds.
struct LaneLogHandler: LogHandler {
    private let label: String
    private let lane: LineLane
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .info

    /// A handler for loggers labelled `label`, writing to `lane`.
    init(label: String, lane: LineLane) {
        self.label = label
        self.lane = lane
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let own = event.metadata { all.merge(own) { $1 } }
        let shown = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lane.send(Self.line(Self.timestamp(), level: "\(event.level)", label: label,
                            text: LogText.safe("\(shown) [\(event.source)] \(event.message)")))
    }

    /// One log line: the time, the level, the label and the text after it.
    static func line(_ time: String, level: String, label: String, text: String) -> String {
        "\(time) \(level) \(label):\(text)"
    }

    /// Local time as `2026-11-26T21:16:03+0000`.
    static func timestamp() -> String {
        var now = time(nil)
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
