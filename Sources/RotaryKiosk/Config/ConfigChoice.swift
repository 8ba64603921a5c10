import Foundation
import RotarySDL

/// Which config the kiosk runs on. A broken file never means a black screen: the kiosk
/// runs on the last file that loaded well (kept in the state folder) or on the built-in
/// default, shows the service badge, and logs every problem and emits it as an `error` event.
public struct ConfigChoice: Sendable {
    public var config: KioskConfig
    /// Everything found wrong in the file asked for (errors and warnings).
    public var problems: [ConfigProblem]
    /// Why the file asked for is not the one used (nil: it is used), and what is used instead.
    public var fallbackNote: String?
    /// The file to keep as the last good config once the kiosk has drawn with it: its path
    /// and the very text that was checked and used (not what the file holds by then).
    let candidate: (path: String, text: String)?

    /// Loads `path` (nil: the built-in default), falling back as described above.
    /// `stateDirectory` is where the last good file is kept; `log` hears why a saved one is
    /// not used.
    public static func choose(path: String?, stateDirectory: String?, log: (String) -> Void = { _ in }) -> ConfigChoice {
        guard let path else { return ConfigChoice(config: KioskConfig(), problems: [], fallbackNote: nil, candidate: nil) }
        let outcome = ConfigLoader.load(path: path)
        if let config = outcome.config {
            return ConfigChoice(config: config, problems: outcome.problems, fallbackNote: nil,
                                candidate: outcome.text.map { (path, $0) })
        }
        let summary = "\(path) has \(Plural.of(outcome.errors.count, "error"))"
        if let directory = stateDirectory {
            switch LastGoodConfig(directory: directory).load() {
            case .success(let fallback):
                return ConfigChoice(config: fallback, problems: outcome.problems,
                                    fallbackNote: "\(summary); running on the last good config", candidate: nil)
            case .failure(let why):
                log("the last good config is not used: \(why)")
            }
        }
        return ConfigChoice(config: KioskConfig(), problems: outcome.problems,
                            fallbackNote: "\(summary); running on the built-in config", candidate: nil)
    }

    /// Keeps the file asked for as the last good config in `stateDirectory`, once the kiosk
    /// has drawn its first frame with it: only when it drew all of it (`drewWhole`: its art
    /// too) and the folder keeps changes (`keepsState`). Returns why it could not be kept, if
    /// so.
    public func keepAsLastGood(in stateDirectory: String, keepsState: Bool, drewWhole: Bool) -> String? {
        guard keepsState, drewWhole, let candidate else { return nil }
        return LastGoodConfig(directory: stateDirectory).remember(text: candidate.text, from: candidate.path)
    }
}

/// The last config file the kiosk ran well on: a copy of its text and the absolute path it
/// came from, so paths inside it (relative to its folder) mean the same files whatever the
/// current directory of a later start.
struct LastGoodConfig {
    let directory: String
    private var textPath: String { (directory as NSString).appendingPathComponent("last-good-config.toml") }
    private var originPath: String { (directory as NSString).appendingPathComponent("last-good-config.origin") }

    /// Saves `text`, read from `path`, and the absolute path; returns why not, on failure.
    func remember(text: String, from path: String) -> String? {
        let absolute = Self.absolute(path)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(Data(text.utf8), to: textPath)
            try AtomicFile.write(Data(absolute.utf8), to: originPath)
            return nil
        } catch {
            return "cannot keep the last good config in \(directory): \(AtomicFile.reason(error)); "
                + "a broken config later falls back to the built-in one"
        }
    }

    /// The saved config, or why there is none to use.
    func load() -> Result<KioskConfig, LoadFailure> {
        let text: String, origin: String
        do {
            text = try Self.read(textPath, limit: ConfigLoader.maxFileBytes)
            origin = try Self.read(originPath, limit: 4096)
        } catch .missing {
            return .failure(LoadFailure("none was saved in \(directory)"))
        } catch {
            return .failure(LoadFailure("\(textPath) or its .origin file cannot be read: \(error)"))
        }
        guard origin.hasPrefix("/") else {
            return .failure(LoadFailure("\(originPath) holds no absolute path: from an older version"))
        }
        let outcome = ConfigLoader.load(text: text, file: origin)
        guard let config = outcome.config else {
            let first = outcome.errors.first.map(String.init(describing:)) ?? "unusable"
            return .failure(LoadFailure("it no longer loads: \(first)"))
        }
        return .success(config)
    }

    /// The text of `path` in the state folder, not through a symbolic link, at most `limit` bytes.
    private static func read(_ path: String, limit: Int) throws(BoundedFile.Failure) -> String {
        let bytes = try BoundedFile.read(path, limit: limit, followingLinks: false)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .unreadable("not UTF-8 text") }
        return text
    }

    /// Why a saved config is not used.
    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (joined as NSString).standardizingPath
    }
}
