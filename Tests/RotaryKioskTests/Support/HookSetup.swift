import Foundation

/// Configs with hooks, and the processes hooks leave behind, for tests of the hook runner.
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

    /// A `sleep` argument no other process on the machine has: 300 s and a random fraction,
    /// so `leftovers(sleeping:)` finds exactly the processes this test started.
    static func uniqueSleep() -> String { "300.\(UInt32.random(in: 100_000...999_999))" }

    /// Ids of live processes whose command line is `sleep <seconds>`; they are killed
    /// (SIGKILL, by id), so a failing test leaves nothing behind.
    static func leftovers(sleeping seconds: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let found = entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.count == 2 && words[0].hasSuffix("sleep") && words[1] == seconds
        }
        for pid in found { kill(pid, SIGKILL) }
        return found
    }

    /// The numbers, one a line, that `date +%s.%N` appended to the file at `path`.
    static func times(in path: String) -> [Double] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Double($0) }
    }
}
