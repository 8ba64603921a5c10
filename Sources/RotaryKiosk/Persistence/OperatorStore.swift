import Foundation

/// Keeps the operator's brightness and volume in `operator.json` in the state folder, so they
/// outlive a restart: written atomically (``AtomicFile``) off the render thread whenever the
/// operator lets go of a knob. A file that is missing or makes no sense gives the defaults.
final class OperatorStore: @unchecked Sendable {
    static let fileName = "operator.json"
    let path: String
    private let queue = DispatchQueue(label: "rotary.operator-store")
    private let failed: @Sendable (String) -> Void

    /// A store in `directory` (made and checked by ``TimerStore`` already).
    init(directory: String, failed: @escaping @Sendable (String) -> Void) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        self.failed = failed
    }

    /// What was saved: each level when present and within 0…1.
    func load() -> (brightness: Double?, volume: Double?) {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return (nil, nil) }
        func level(_ key: String) -> Double? { JSONValue.finiteNumber(object[key]).flatMap { (0...1).contains($0) ? $0 : nil } }
        return (level("brightness"), level("volume"))
    }

    /// Saves `levels` in the background.
    func save(_ levels: OperatorLevels) {
        let fields = (levels.brightness.map { [("brightness", JSONValue.number($0))] } ?? []) + [("volume", .number(levels.volume))]
        let text = JSONValue.object(fields).text + "\n"
        queue.async { [path, failed] in
            do { try AtomicFile.write(Data(text.utf8), to: path) } catch {
                failed("cannot save the brightness and volume to \(path): \(AtomicFile.reason(error))")
            }
        }
    }

    /// Waits for the saves so far.
    func flush() { queue.sync {} }
}
