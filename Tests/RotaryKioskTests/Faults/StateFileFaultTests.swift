import Foundation
import Testing

/// What the kiosk reads from its state folder, through the real executable: a file of any
/// size is refused before it is read and said, a symbolic link is never followed, a folder
/// that became read-only still gives back its countdown, and a write that fails is said.
@Suite("Faults: files in the state folder")
struct StateFileFaultTests {
    static let pausedSteamBath = "{\(SavedTimerFaultTests.paused),\"seconds_total\":1200,\"seconds_left\":754}\n"

    /// A trace that starts a countdown with Return and lets a second pass.
    static var start: String {
        var trace = Trace()
        trace.key("Return")
        trace.wait(1000)
        trace.stamp()
        return trace.text
    }

    static func errors(_ run: ReplayRun) -> [String] { run.named("error").compactMap { $0["message"] as? String } }

    @Test("a 256 MiB timer.json or operator.json is refused unread, with its size, and the kiosk runs on",
          arguments: ["timer.json", "operator.json"])
    func hugeFile(name: String) throws {
        let state = try KioskProcess.temporaryDirectory()
        let path = state.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 256 << 20)  // sparse: no disk used
        try handle.close()
        let run = try ReplayRun.run(Self.start, extra: ["--state-dir", state.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.errors(run).contains { $0.contains(name) && $0.contains("268435456 bytes; at most 64 KiB are read") },
                "\(Self.errors(run))")
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running"])
    }

    @Test("an operator.json that is not a JSON object is said, and the settings start from the defaults")
    func operatorGarbage() throws {
        let state = try KioskProcess.temporaryDirectory()
        _ = try ConfigText.write("brightness = 0.1\n", as: "operator.json", in: state)
        let run = try ReplayRun.run(Self.start, extra: ["--state-dir", state.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.errors(run).contains { $0.contains("operator.json: not a JSON object") }, "\(Self.errors(run))")
    }

    @Test("symbolic links in the state folder are not followed: another program's database and countdown stay untouched")
    func links() throws {
        let state = try KioskProcess.temporaryDirectory()
        let elsewhere = try KioskProcess.temporaryDirectory()
        let database = elsewhere.appendingPathComponent("other.db").path
        let made = try KioskProcess.runHeadless(["-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
                                                 + "db.execute('CREATE TABLE theirs (x)'); db.commit()", database],
                                                program: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(made.status == 0, "\(made.stderr)")
        let databaseBefore = try Data(contentsOf: URL(fileURLWithPath: database))
        let countdown = try ConfigText.write(Self.pausedSteamBath, as: "countdown.json", in: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: state.appendingPathComponent("usage.db").path, withDestinationPath: database)
        try FileManager.default.createSymbolicLink(atPath: state.appendingPathComponent("timer.json").path, withDestinationPath: countdown)

        let run = try ReplayRun.run(Self.start, extra: ["--state-dir", state.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The linked countdown is not put back: Return starts a new one.
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["running"])
        #expect(Self.errors(run).contains { $0.contains("timer.json: it is a symbolic link") }, "\(Self.errors(run))")
        #expect(Self.errors(run).contains { $0.contains("usage.db is a symbolic link") }, "\(Self.errors(run))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == databaseBefore)
        #expect(try String(contentsOfFile: countdown, encoding: .utf8) == Self.pausedSteamBath)
    }

    @Test("a read-only state folder gives back its paused countdown and says once that changes are not kept")
    func readOnlyFolder() throws {
        let state = try KioskProcess.temporaryDirectory()
        let saved = try ConfigText.write(Self.pausedSteamBath, as: "timer.json", in: state)
        // Resumed with Return: a change the folder cannot keep.
        var trace = Trace()
        trace.wait(200)
        trace.key("Return")
        trace.wait(1000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, extra: ["--state-dir", state.path], wrapper: PrivateMounts.readOnly(state.path))
        #expect(run.status == 0, "\(run.stderr)")
        let timers = run.named("timer")
        #expect(timers.compactMap { $0["state"] as? String } == ["paused", "running"])
        #expect(timers.first?["program"] as? String == "Steam bath")
        #expect((timers.first?["seconds_left"] as? NSNumber)?.doubleValue == 754)
        let errors = Self.errors(run)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("is read-only") == true, "\(errors)")
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == Self.pausedSteamBath)
    }

    @Test("on a full disk the last good config that cannot be kept is an error line")
    func fullDiskLastGood() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let config = try ConfigText.write(ConfigText.programs(["Sauna", "Steam bath"]), as: "kiosk.toml", in: dir)
        let run = try ReplayRun.run("", extra: ["--config", config, "--state-dir", state], wrapper: PrivateMounts.full(state))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.errors(run).contains { $0.contains("cannot keep the last good config") && $0.contains("No space left on device") },
                "\(Self.errors(run))")
    }
}
