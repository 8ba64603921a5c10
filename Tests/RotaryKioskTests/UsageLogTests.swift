import Foundation
@testable import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Usage log: what the tracker writes")
struct UsageTrackerTests {
    static func report(_ state: TimerState, from previous: TimerState, left: Double) -> TimerReport {
        TimerReport(state: state, previous: previous, programIndex: 0, program: "Sauna", secondsTotal: 600, secondsLeft: left)
    }

    @Test("start, pause, resume and finish: one row opened, moved on, closed as finished after the whole time")
    func finished() {
        var tracker = UsageTracker()
        var writes: [UsageWrite] = []
        for (state, previous, left, at) in [(TimerState.running, TimerState.idle, 600.0, 100.0), (.paused, .running, 500, 200),
                                            (.running, .paused, 500, 260), (.finished, .running, 0, 760), (.idle, .finished, 0, 800)] {
            writes += tracker.writes(for: Self.report(state, from: previous, left: left), setting: nil, category: "Heat",
                                     timedOut: false, at: at)
        }
        #expect(writes == [.open(UsageStart(program: "Sauna", category: "Heat", setting: nil, minutesSet: 10, startedAt: 100)),
                           .progress(secondsRun: 100, at: 200), .progress(secondsRun: 100, at: 260),
                           .close(.finished, secondsRun: 600, at: 760)])
    }

    @Test("a cancel by the pause timeout is paused too long, by a person cancelled")
    func cancelled() {
        for timedOut in [false, true] {
            var tracker = UsageTracker()
            _ = tracker.writes(for: Self.report(.running, from: .idle, left: 600), setting: nil, category: nil, timedOut: false, at: 0)
            let close = tracker.writes(for: Self.report(.cancelled, from: .paused, left: 420), setting: nil, category: nil,
                                       timedOut: timedOut, at: 500)
            #expect(close == [.close(timedOut ? .pausedTooLong : .cancelled, secondsRun: 180, at: 500)])
        }
    }

    @Test("after a restart a restored countdown keeps its open row; one that ended while the kiosk was off is interrupted")
    func restored() {
        var tracker = UsageTracker()
        tracker.adopting = true
        #expect(tracker.writes(for: Self.report(.running, from: .idle, left: 300), setting: nil, category: nil, timedOut: false, at: 9)
                == [.progress(secondsRun: 300, at: 9)])
        #expect(!tracker.adopting && tracker.isOpen)
        var ended = UsageTracker()
        ended.adopting = true
        #expect(ended.writes(for: Self.report(.finished, from: .running, left: 0), setting: nil, category: nil, timedOut: false, at: 9)
                == [.interrupt])
    }
}

/// The usage log through the real executable: replays with a state folder write it,
/// `rotary-kiosk usage` reads it.
@Suite("Usage log, replayed")
struct UsageLogReplayTests {
    static let config = """
        [[program]]
        name = "Kalt, \\"eisig\\""
        minutes = 1
        category = "Sauna"
        [[program]]
        name = "Warm"
        minutes = 5
        category = "Sauna"
        [dial]
        values = [0, 1, 5]
        [timer]
        pause_timeout_seconds = 10

        """

    static func csv(_ state: String) throws -> [String] {
        let run = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--csv"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test("a replayed day: a finished countdown and one paused too long, per day and program in CSV and JSON")
    func replayedDay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(Self.config, as: "k.toml", in: dir), state = dir.appendingPathComponent("state").path
        var trace = Trace()
        trace.key("Return")            // Kalt: 1 minute, finishes at 60 s
        trace.wait(70_000)
        trace.key("Return")            // acknowledge Done
        trace.wait(2000)
        trace.key("Return")            // start again, pause 3 s in: the pause times out 10 s later
        trace.wait(3000)
        trace.key("Return")
        trace.wait(20_000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, extra: ["--config", config, "--state-dir", state])
        #expect(run.named("timer").last?["timed_out"] as? Bool == true)
        let day = try Self.csv(state)
        #expect(day.first == "day,program,category,sessions,finished,cancelled,paused_too_long,interrupted,running,minutes_set,minutes_run")
        #expect(day.count == 2)
        #expect(day.last?.hasSuffix(",\"Kalt, \"\"eisig\"\"\",Sauna,2,1,0,1,0,0,2.0,1.1") == true, "\(day)")
        let json = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let programs = try #require(object["programs"] as? [[String: Any]])
        #expect(programs.count == 1 && (programs.first?["paused_too_long"] as? NSNumber)?.intValue == 1)
        let later = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--csv", "--since", "2999-01-01"])
        #expect(later.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1)
        let bad = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--since", "yesterday"])
        #expect(bad.status != 0 && bad.stderr.contains("--since yesterday is no date"), "\(bad.stderr)")
    }

    @Test("kill -9 mid-countdown: resumed, the same row finishes; not resumable, the row closes as interrupted")
    func killNine() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        try XvfbDriver.killNineMidCountdown(state: state, after: 1, directory: dir)
        #expect(try Self.csv(state).last?.contains(",1,0,0,0,0,1,15.0,") == true, "open: one running row")
        let lost = dir.appendingPathComponent("lost").path
        try FileManager.default.copyItem(atPath: state, toPath: lost)
        try FileManager.default.removeItem(atPath: lost + "/timer.json")
        _ = try ReplayRun.run("", extra: ["--state-dir", lost])
        let interrupted = try Self.csv(lost)
        #expect(interrupted.last?.contains(",1,0,0,0,1,0,15.0,") == true, "\(interrupted)")
        _ = try ReplayRun.run("{\"t\":901000,\"type\":\"wait\"}\n", extra: ["--state-dir", state])
        let resumed = try Self.csv(state)
        #expect(resumed.last?.contains(",1,1,0,0,0,0,15.0,15.0") == true, "\(resumed)")
    }

    @Test("a countdown put back at start is recorded even when the log it started in is gone (begun anew since)")
    func resumedWithoutRow() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(Self.config, as: "k.toml", in: dir), state = dir.appendingPathComponent("state").path
        var start = Trace()
        start.key("Return")  // the first program: 1 minute
        start.wait(1000)
        start.stamp()
        _ = try ReplayRun.run(start.text, extra: ["--config", config, "--state-dir", state])
        #expect(FileManager.default.fileExists(atPath: state + "/timer.json"), "the running countdown is kept")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: state + "/usage.db" + suffix) }
        let resumed = try ReplayRun.run("{\"t\":70000,\"type\":\"wait\"}\n", extra: ["--config", config, "--state-dir", state])
        #expect(resumed.named("timer").compactMap { $0["state"] as? String }.contains("finished"))
        let rows = try Self.csv(state)
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.last?.contains(",1,1,0,0,0,0,1.0,1.0") == true, "\(rows)")
    }

    @Test("--since takes a date whose midnight a clock change skips (Chile springs forward at 00:00)")
    func sinceSkippedMidnight() throws {
        let dir = try KioskProcess.temporaryDirectory()
        for date in ["2026-09-06", "2025-09-07"] {
            let run = try KioskProcess.runHeadless(["usage", "--state-dir", dir.path, "--csv", "--since", date],
                                                   environment: ["TZ": "America/Santiago"])
            #expect(run.status == 0, "\(date): \(run.stderr)")
        }
        let bad = try KioskProcess.runHeadless(["usage", "--state-dir", dir.path, "--since", "2026-02-30"])
        #expect(bad.status != 0)
    }

    /// A state folder whose log holds one finished countdown of a minute, the config it was
    /// made with, and the trace that made it (Return, then 70 s).
    static func oneFinishedCountdown() throws -> (config: String, state: String, trace: Trace) {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(Self.config, as: "k.toml", in: dir), state = dir.appendingPathComponent("state").path
        var trace = Trace()
        trace.key("Return")
        trace.wait(70_000)
        trace.stamp()
        _ = try ReplayRun.run(trace.text, extra: ["--config", config, "--state-dir", state])
        return (config, state, trace)
    }

    @Test("a truncated database is moved aside with an error event, and a new one records the next countdown")
    func truncated() throws {
        let (config, state, trace) = try Self.oneFinishedCountdown()
        let path = state + "/usage.db"
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(whole.count > 4096)
        try whole.prefix(4096).write(to: URL(fileURLWithPath: path))
        let run = try ReplayRun.run(trace.text, extra: ["--config", config, "--state-dir", state])
        #expect(run.status == 0)
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("is damaged") == true }, "\(run.events)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("usage.db.damaged-") }
        #expect(!aside.isEmpty)
        let fresh = try Self.csv(state)
        #expect(fresh.last?.contains(",1,1,0,0,0,0,1.0,1.0") == true, "\(fresh)")
    }

    @Test("a log this app cannot use now (a newer version) is kept as it is, not moved aside; nothing is recorded this run")
    func newerVersionKept() throws {
        let (config, state, trace) = try Self.oneFinishedCountdown()
        try SQLiteDatabase(path: state + "/usage.db", create: false).execute("PRAGMA user_version = \(UsageSchema.version + 1)")
        let run = try ReplayRun.run(trace.text, extra: ["--config", config, "--state-dir", state])
        #expect(run.status == 0)
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("cannot be used now") == true }, "\(run.events)")
        let files = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(!files.contains { $0.hasPrefix("usage.db.damaged-") })
        let version = try SQLiteDatabase(path: state + "/usage.db", create: false).query("PRAGMA user_version").first?.first
        #expect(version == .integer(UsageSchema.version + 1))
        let rows = try SQLiteDatabase(path: state + "/usage.db", create: false).query("SELECT COUNT(*) FROM sessions").first?.first
        #expect(rows == .integer(1), "the first run's countdown is still there, the second's not added")
    }
}

/// A log an older kiosk wrote is carried to this version in place, its rows kept.
@Suite("Usage log: an older version's log")
struct UsageLogMigrationTests {
    @Test("a version 3 log gains minutes_added (0 for its rows) and becomes version 4; its rows stay")
    func fromVersion3() throws {
        let state = try KioskProcess.temporaryDirectory().appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let made = try KioskProcess.runHeadless(["-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1])
            day = time.time() - 86400  # a day ago: within keep_days
            db.executescript(f'''CREATE TABLE sessions (id INTEGER PRIMARY KEY, program TEXT NOT NULL, category TEXT,
              setting_name TEXT, setting_value REAL, setting_unit TEXT, minutes_set REAL NOT NULL, seconds_run REAL NOT NULL,
              started_at REAL NOT NULL, last_seen REAL NOT NULL, ended_at REAL, outcome TEXT, zone TEXT, zone_id TEXT);
              INSERT INTO sessions (program, minutes_set, seconds_run, started_at, last_seen, ended_at, outcome)
              VALUES ('Old sauna', 15, 900, {day}, {day} + 900, {day} + 900, 'finished');
              PRAGMA user_version = 3;''')
            db.commit()
            """, state + "/usage.db"], program: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made.stderr)")
        var trace = Trace()
        trace.key("Return")
        trace.wait(500)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, extra: ["--state-dir", state])
        #expect(run.status == 0 && run.named("error").isEmpty, "\(run.stderr)")
        let db = try SQLiteDatabase(path: state + "/usage.db", create: false)
        #expect(try db.query("PRAGMA user_version").first?.first == .integer(UsageSchema.version))
        let rows = try db.query("SELECT program, minutes_added FROM sessions ORDER BY id")
        #expect(rows.map { $0.first?.string } == ["Old sauna", "Finnish sauna"])
        #expect(rows.map { $0.last?.double } == [0, 0])
    }
}
