import Foundation

/// Which config the kiosk runs on. A broken file never means a black screen: the kiosk
/// runs on the last file that loaded well (kept in the state folder) or on the built-in
/// default, and says so on screen, in the log and as `error` events.
public struct ConfigChoice: Sendable {
    public var config: KioskConfig
    /// Everything found wrong in the file asked for (errors and warnings).
    public var problems: [ConfigProblem]
    /// A one-line service message for the screen when the file asked for was not used.
    public var serviceMessage: String?

    /// Loads `path` (nil: the built-in default), falling back as described above.
    /// `stateDirectory` is where the last good file is kept.
    public static func choose(path: String?, stateDirectory: String?) -> ConfigChoice {
        guard let path else { return ConfigChoice(config: KioskConfig(), problems: [], serviceMessage: nil) }
        let outcome = ConfigLoader.load(path: path)
        let saved = stateDirectory.map { LastGoodConfig(directory: $0) }
        if let config = outcome.config {
            saved?.remember(path: path)
            return ConfigChoice(config: config, problems: outcome.problems, serviceMessage: nil)
        }
        let first = outcome.errors.first.map { "\($0.location): \($0.key): \($0.message)" } ?? path
        let more = outcome.errors.count > 1 ? " (+\(outcome.errors.count - 1) more)" : ""
        if let fallback = saved?.load() {
            return ConfigChoice(config: fallback, problems: outcome.problems,
                                serviceMessage: "Config error: \(first)\(more). Running on the last good config.")
        }
        return ConfigChoice(config: KioskConfig(), problems: outcome.problems,
                            serviceMessage: "Config error: \(first)\(more). Running on the built-in config.")
    }
}

/// The last config file that loaded without errors, kept as a copy of its text with the
/// path it came from (relative paths inside it still mean the same files).
struct LastGoodConfig {
    let directory: String
    private var textPath: String { (directory as NSString).appendingPathComponent("last-good-config.toml") }
    private var originPath: String { (directory as NSString).appendingPathComponent("last-good-config.origin") }

    func remember(path: String) {
        guard let text = FileManager.default.contents(atPath: path) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? AtomicFile.write(text, to: textPath)
        try? AtomicFile.write(Data(path.utf8), to: originPath)
    }

    func load() -> KioskConfig? {
        guard let text = FileManager.default.contents(atPath: textPath).flatMap({ String(data: $0, encoding: .utf8) }),
              let origin = FileManager.default.contents(atPath: originPath).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        return ConfigLoader.load(text: text, file: origin).config
    }
}
