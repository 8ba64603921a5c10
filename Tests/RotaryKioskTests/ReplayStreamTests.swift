import Foundation
import Testing

/// A trace can come from any readable stream, as every Unix user will try: a pipe into `-`,
/// `/dev/stdin`, a FIFO, a process substitution; a stream that never ends or a line that never
/// ends is refused with a clear reason.
@Suite("Replays from streams")
struct ReplayStreamTests {
    /// Two Right keys: the wheel comes to rest on the third program.
    static let trace = """
        {"t": 0, "type": "key", "key": "Right"}
        {"t": 50, "type": "key", "key": "Right"}

        """

    /// Runs `command` in bash with `$K` set to the kiosk and `$T` to a file holding `trace`.
    static func shell(_ command: String, trace: String = Self.trace) throws -> KioskProcess.Outcome {
        let dir = try KioskProcess.temporaryDirectory()
        let tracePath = try ConfigText.write(trace, as: "trace.jsonl", in: dir)
        return try KioskProcess.runHeadless(["-c", command], environment: ["K": KioskProcess.executable.path, "T": tracePath],
                                            directory: dir.path, program: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The indexes the wheel's `selected` lines name in `stdout`.
    static func wheelSelections(_ stdout: String) -> [Int] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["event"] as? String == "selected" && $0["id"] as? String == "wheel" }
            .compactMap { ($0["index"] as? NSNumber)?.intValue }
    }

    @Test("the same trace through a pipe into -, /dev/stdin, a FIFO and a process substitution plays as from its file",
          arguments: [
              "cat \"$T\" | \"$K\" --video-driver offscreen --replay -",
              "\"$K\" --video-driver offscreen --replay /dev/stdin < \"$T\"",
              "mkfifo fifo; cat \"$T\" > fifo & \"$K\" --video-driver offscreen --replay fifo",
              "\"$K\" --video-driver offscreen --replay <(cat \"$T\")",
          ])
    func streams(command: String) throws {
        let file = try Self.shell("\"$K\" --video-driver offscreen --replay \"$T\"")
        let stream = try Self.shell(command)
        #expect(stream.status == 0, "\(stream.stderr)")
        #expect(Self.wheelSelections(file.stdout) == [2])
        #expect(Self.wheelSelections(stream.stdout) == Self.wheelSelections(file.stdout))
    }

    @Test("a stream that never ends is refused once past 64 MiB, with the reason")
    func endless() throws {
        let run = try Self.shell("\"$K\" --video-driver offscreen --replay - < /dev/zero")
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot read stdin: longer than 64 MiB"), "\(run.stderr)")
    }

    @Test("a line longer than 64 KiB is refused with its line number")
    func longLine() throws {
        let long = "{\"t\": 1, \"type\": \"wait\", \"pad\": \"" + String(repeating: "x", count: 70_000) + "\"}\n"
        let run = try Self.shell("cat \"$T\" | \"$K\" --video-driver offscreen --replay -", trace: Self.trace + long)
        #expect(run.status == 1)
        #expect(run.stderr.contains("stdin:3: longer than 64 KiB"), "\(run.stderr)")
    }

    @Test("a folder or a missing file is refused with the reason",
          arguments: [("--replay .", "cannot read .: it is a folder, not a file"),
                      ("--replay nothing-here.jsonl", "cannot read nothing-here.jsonl: no such file")])
    func unreadable(arguments: String, message: String) throws {
        let run = try Self.shell("\"$K\" --video-driver offscreen \(arguments)")
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
