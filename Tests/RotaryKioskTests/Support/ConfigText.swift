import Foundation

/// Config files for tests that run the executable: programs by name, plus any extra TOML.
enum ConfigText {
    /// `[[program]]` tables for `names` (built-in icon "flame", `minutes` each), then `extra`.
    static func programs(_ names: [String], minutes: Int = 15, extra: String = "") -> String {
        names.map { "[[program]]\nname = \"\($0)\"\nicon = \"flame\"\nminutes = \(minutes)\n" }.joined() + extra
    }

    /// Writes `text` as `name` in `directory` and returns its path.
    static func write(_ text: String, as name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
