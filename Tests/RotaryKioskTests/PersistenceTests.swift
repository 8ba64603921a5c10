import Foundation
import RotarySDL
import Testing

/// A running countdown survives `kill -9`: the real app in a real window under Xvfb starts a
/// timer, is killed without warning, and a new process resumes it with the right time.
@Suite("Persistence")
struct PersistenceTests {
    @Test("kill -9 mid-countdown, start again ten minutes before its end: the timer resumes with ten minutes left")
    func killNineResumes() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        try XvfbDriver.killNineMidCountdown(state: state, after: 1, directory: dir)
        let saved = try String(contentsOfFile: state + "/timer.json", encoding: .utf8)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        #expect(record["state"] as? String == "running")
        let endsAt = try #require((record["ends_at"] as? NSNumber)?.doubleValue, "\(saved)")

        // The next start is put at ten minutes before the end by the replay's clock: the time
        // away counts, however long the process was down, without waiting for it.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let restart = formatter.string(from: Date(timeIntervalSince1970: (endsAt - 600).rounded(.down)))
        let run = try ReplayRun.run("", extra: ["--state-dir", state, "--replay-start", restart])
        let resumed = try #require(run.named("timer").first, "\(run.stderr)")
        #expect(resumed["state"] as? String == "running")
        #expect((resumed["seconds_total"] as? NSNumber)?.doubleValue == 900)
        let left = (resumed["seconds_left"] as? NSNumber)?.doubleValue ?? 0
        #expect(left >= 600 && left <= 601, "left \(left) s, restarted at \(restart), ends at \(endsAt)")
        #expect(run.exitTime == "10:00" || run.exitTime == "10:01", "\(String(describing: run.exitTime))")
    }

    @Test("SIGTERM quits gracefully: exit status 0, the exit line, the running countdown on disk and in real time")
    func sigterm() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let events = dir.appendingPathComponent("events.jsonl").path
        try XvfbDriver.run(arguments: ["--size", "500x500", "--state-dir", state], events: events, drive: """
            xdotool windowfocus --sync "$wid" key Escape key Return
            \(XvfbDriver.waitFor("\"running\"", in: events))
            sleep 2.5
            kill -TERM $app
            wait $app
            echo "status=$?" > "\(dir.path)/status"
            """)
        #expect(try String(contentsOfFile: dir.path + "/status", encoding: .utf8) == "status=0\n")
        let lines = try String(contentsOfFile: events, encoding: .utf8)
        #expect(lines.contains("\"event\":\"exit\""))  // fullscreen: Escape did not quit, SIGTERM did
        // The countdown ran in real time while the loop slept between its seconds.
        let exitLine = try #require(lines.split(separator: "\n").last { $0.contains("\"event\":\"exit\"") })
        #expect(["14:56", "14:57", "14:58"].contains { exitLine.contains("\"time\":\"\($0)\"") }, "\(exitLine.prefix(300))")
        #expect(try String(contentsOfFile: state + "/timer.json", encoding: .utf8).contains("\"state\":\"running\""))
    }

    func runWithSavedState(_ text: String) throws -> ReplayRun {
        let dir = try KioskProcess.temporaryDirectory()
        try text.write(to: dir.appendingPathComponent("timer.json"), atomically: true, encoding: .utf8)
        return try ReplayRun.run("", extra: ["--state-dir", dir.path])
    }

    @Test("a timer that ran out while the app was down is reported finished at start")
    func endedWhileDown() throws {
        let past = Date().timeIntervalSince1970 - 30
        let run = try runWithSavedState("""
        {"version":1,"state":"running","program_index":2,"program":"Infrared","seconds_total":600,"seconds_left":100,"ends_at":\(past)}
        """)
        #expect(run.named("timer").compactMap { $0["state"] as? String } == ["finished"])
        #expect(run.named("feedback").contains { $0["kind"] as? String == "alarm" })
    }

    @Test("a paused timer comes back paused with its time")
    func pausedComesBack() throws {
        let run = try runWithSavedState("""
        {"version":1,"state":"paused","program_index":1,"program":"Steam bath","seconds_total":1200,"seconds_left":754}
        """)
        let timer = try #require(run.named("timer").first)
        #expect(timer["state"] as? String == "paused")
        #expect(run.exitTime == "12:34")
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == 1)
    }

    @Test("a one-picture run shows the countdown it put back, not the screen before it")
    func pictureShowsRestored() throws {
        let dir = try KioskProcess.temporaryDirectory()
        func picture(_ name: String, saved: String?) throws -> Surface {
            let state = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            if let saved { try saved.write(to: state.appendingPathComponent("timer.json"), atomically: true, encoding: .utf8) }
            let shot = dir.appendingPathComponent(name + ".png").path
            let run = try KioskProcess.runHeadless(["--size", "800x480", "--state-dir", state.path, "--screenshot", shot])
            #expect(run.status == 0, "\(run.stderr)")
            return try RotarySDLSurface.load(shot)
        }
        let idle = try picture("idle", saved: nil)
        let paused = try picture("paused", saved: #"{"version":1,"state":"paused","program_index":1,"program":"Steam bath","seconds_total":1200,"seconds_left":754}"#)
        // The paused band's orange, right of the rings where the running view lays it, is not on the idle screen.
        var orange = 0
        for y in stride(from: 0, to: 480, by: 4) {
            for x in stride(from: 400, to: 800, by: 4) {
                let p = paused.pixel(x: x, y: y), q = idle.pixel(x: x, y: y)
                if p.r > 150, p.g > 60, p.g < 120, p.b < 40, p != q { orange += 1 }
            }
        }
        #expect(orange > 200, "the picture is the screen before the countdown came back: \(orange) orange samples")
    }

    @Test("a countdown of a program the config no longer has survives one restart after another")
    func vanishedProgramSurvivesRestarts() throws {
        let dir = try KioskProcess.temporaryDirectory()
        try """
        {"version":1,"state":"paused","program_index":9,"program":"Gone bath","seconds_total":1200,"seconds_left":754}
        """.write(to: dir.appendingPathComponent("timer.json"), atomically: true, encoding: .utf8)
        for start in 1...3 {
            let run = try ReplayRun.run("", extra: ["--state-dir", dir.path])
            let timer = try #require(run.named("timer").first, "start \(start)")
            #expect(timer["state"] as? String == "paused" && timer["program"] as? String == "Gone bath", "start \(start)")
            #expect(run.named("error").count == 1, "start \(start): only the note that the program is gone")
            #expect(run.exitTime == "12:34", "start \(start)")
        }
    }

    @Test("a corrupt or truncated state file is reported and ignored, never fatal",
          arguments: ["{\"version\":1,\"state\":\"runn", "", "garbage\u{0}\u{1}", "{\"state\":\"running\",\"program_index\":1}",
                      "{\"version\":1,\"state\":\"running\",\"program_index\":99,\"program\":\"X\",\"seconds_total\":60,\"ends_at\":9e18}"])
    func corrupt(text: String) throws {
        let run = try runWithSavedState(text)
        #expect(run.status == 0)
        #expect(run.named("timer").isEmpty)
        #expect(run.named("error").count == 1)
        #expect(run.exitControl("button")?["label"] as? String == "Start")
    }
}
