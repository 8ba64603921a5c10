import Foundation

/// Config files for tests that run the executable: programs by name, plus any extra TOML.
enum ConfigText {
    /// `[[program]]` tables for `names` (built-in icon "flame", `minutes` each), then `extra`.
    static func programs(_ names: [String], minutes: Int = 15, extra: String = "") -> String {
        names.map { "[[program]]\nname = \"\($0)\"\nicon = \"flame\"\nminutes = \(minutes)\n" }.joined() + extra
    }

    /// `"boot":"…"` with this boot's ID, as a running countdown's `timer.json` keeps it: one
    /// kept in this boot is put back running (one from another boot comes back paused).
    static let thisBoot: String = {
        let id = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        return "\"boot\":\"\(id.trimmingCharacters(in: .whitespacesAndNewlines))\""
    }()

    /// Writes `text` as `name` in `directory` and returns its path.
    static func write(_ text: String, as name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
