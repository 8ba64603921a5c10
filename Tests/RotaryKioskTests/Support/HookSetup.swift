import Foundation

/// Configs with hooks, for tests of the hook runner.
enum HookSetup {
    /// Writes `k.toml` into `dir`: two programs (5 and 10 minutes), `hooks` (event name →
    /// argv) under `[hooks]` with `timeout_seconds`; returns its path.
    static func config(in dir: URL, hooks: [String: [String]], timeoutSeconds: Double) throws -> String {
        let path = dir.appendingPathComponent("k.toml").path
        let lines = hooks.sorted { $0.key < $1.key }.map { "\($0.key) = [\($0.value.map(quoted).joined(separator: ", "))]" }
        try """
        [[program]]
        name = "A"
        minutes = 5
        [[program]]
        name = "B"
        minutes = 10
        [hooks]
        \(lines.joined(separator: "\n"))
        timeout_seconds = \(timeoutSeconds)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `text` as a TOML basic string.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
