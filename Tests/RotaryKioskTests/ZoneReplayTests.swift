import Foundation
import RotaryKit
import Testing
@testable import RotaryKioskCore

/// Zones through the real executable: replays tap the tiles, the lines name the zones, hooks,
/// saved countdowns and the usage log keep them apart, and `kill -9` brings every zone back.
@Suite("Zones (app)")
struct ZoneReplayTests {
    /// Three programs, three zones; Laundry has its own `on_timer_started`, the others use
    /// `[hooks]`'. Both append a line to `hookLog`.
    static func config(hookLog: String) -> String {
        let hook = { (tag: String) in #"["/bin/sh", "-c", "echo \#(tag):$ROTARY_ZONE >> \#(hookLog)"]"# }
        return ConfigText.programs(["Sauna", "Steam"], minutes: 15) + ConfigText.programs(["Wash"], minutes: 45) + """
            [hooks]
            on_timer_started = \(hook("global"))
            [[zone]]
            name = "Cabin 1"
            programs = ["Sauna", "Steam"]
            [[zone]]
            name = "Cabin 2"
            programs = ["Sauna", "Steam"]
            [[zone]]
            name = "Laundry"
            programs = ["Wash"]
            [zone.hooks]
            on_timer_started = \(hook("own"))

            """
    }

    /// The app's layout at 800×480 for that config: no strip, no set point, three tiles.
    static let layout = ScreenLayout(width: 800, height: 480, zones: 3)

    /// Start in Cabin 1, tap Cabin 2's tile and start, tap Laundry's and start.
    static var startAll: Trace {
        var trace = Trace()
        for target in [nil, 1, 2] as [Int?] {
            if let target {
                trace.point("down", layout.zoneTiles[target].center)
                trace.wait(80)
                trace.point("up", layout.zoneTiles[target].center)
                trace.wait(300)
            }
            trace.point("down", layout.center)
            trace.wait(80)
            trace.point("up", layout.center)
            trace.wait(300)
        }
        trace.wait(2000)
        trace.stamp()
        return trace
    }

    @Test("three zones started by taps: each line names its zone, hooks get ROTARY_ZONE (a zone's own hook first), each zone keeps its own file and usage row")
    func threeZones() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let hookLog = dir.appendingPathComponent("hooks.txt").path
        let config = try ConfigText.write(Self.config(hookLog: hookLog), as: "k.toml", in: dir)
        let state = dir.appendingPathComponent("state").path
        let run = try ReplayRun.run(Self.startAll.text, size: "800x480", extra: ["--config", config, "--state-dir", state])
        #expect(run.status == 0, "\(run.stderr)")

        let ready = try #require(run.named("ready").first)
        #expect(ready["zone"] as? String == "Cabin 1")
        let tiles = try #require((ready["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "zones" })
        #expect(tiles["kind"] as? String == "zones")
        let items = try #require(tiles["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["Cabin 1", "Cabin 2", "Laundry"])
        #expect(items.allSatisfy { ($0["h"] as? NSNumber)?.doubleValue ?? 0 >= 44 })

        let started = run.named("timer").filter { $0["state"] as? String == "running" }
        #expect(started.map { $0["zone"] as? String } == ["Cabin 1", "Cabin 2", "Laundry"])
        #expect(started.map { $0["program"] as? String } == ["Sauna", "Sauna", "Wash"])
        #expect(run.selections("zones") == [1, 2])
        for line in run.events where ["selected", "value", "pressed", "detent", "timer"].contains(line["event"] as? String) {
            #expect(line["zone"] is String, "\(line)")
        }
        let exitTiles = try #require(run.exitControl("zones")?["items"] as? [[String: Any]])
        #expect(exitTiles.map { $0["state"] as? String } == ["running", "running", "running"])
        #expect((exitTiles[2]["seconds_left"] as? NSNumber)?.doubleValue ?? 0 > 44 * 60)

        let hooks = try String(contentsOfFile: hookLog, encoding: .utf8).split(separator: "\n").sorted()
        #expect(hooks == ["global:Cabin 1", "global:Cabin 2", "own:Laundry"])
        for slug in ["cabin-1", "cabin-2", "laundry"] {
            let saved = try String(contentsOfFile: "\(state)/timer-\(slug).json", encoding: .utf8)
            #expect(saved.contains("\"state\":\"running\""), "\(slug): \(saved)")
        }
        let usage = try KioskProcess.runHeadless(["usage", "--state-dir", state, "--csv"])
        let rows = usage.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first?.hasSuffix(",minutes_run,zone") == true, "\(rows)")
        #expect(rows.dropFirst().compactMap { $0.split(separator: ",").last.map(String.init) }.sorted()
                == ["Cabin 1", "Cabin 2", "Laundry"], "\(rows)")
    }

    /// Two zones of `names` offering Sauna, in that order.
    static func twoZones(_ names: [String], extra: String = "") -> String {
        ConfigText.programs(["Sauna"], minutes: 15) + names.map { "[[zone]]\nname = \"\($0)\"\n" }.joined() + extra
    }

    /// A countdown started (after `keys`) on config `before`, then the kiosk started again on
    /// config `after` with the same state folder: both runs, and the folder.
    static func restarted(_ before: String, _ after: String, keys: [String] = []) throws -> (ReplayRun, ReplayRun, String) {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        var start = Trace()
        for key in keys + ["Return"] {
            start.key(key)
            start.wait(300)
        }
        start.stamp()
        let first = try ReplayRun.run(start.text, size: "800x480",
                                      extra: ["--config", try ConfigText.write(before, as: "before.toml", in: dir), "--state-dir", state])
        let second = try ReplayRun.run("", size: "800x480",
                                       extra: ["--config", try ConfigText.write(after, as: "after.toml", in: dir), "--state-dir", state])
        #expect(second.status == 0, "\(second.stderr)")
        return (first, second, state)
    }

    @Test("zones swapped in the config: a saved countdown comes back in its own zone, even one whose name has no ASCII letter")
    func swappedZones() throws {
        // Return starts the first zone, サウナ.
        let (first, second, state) = try Self.restarted(Self.twoZones(["サウナ", "スチーム"]), Self.twoZones(["スチーム", "サウナ"]))
        #expect(first.named("timer").map { $0["zone"] as? String } == ["サウナ"])
        let resumed = second.named("timer").filter { $0["state"] as? String == "running" }
        #expect(resumed.map { $0["zone"] as? String } == ["サウナ"], "\(second.named("timer"))")
        let tiles = try #require(second.exitControl("zones")?["items"] as? [[String: Any]])
        #expect(tiles.map { $0["state"] as? String } == ["idle", "running"], "\(tiles)")
        // The usage log's one row stays open for it, found by the zone's id.
        let rows = try KioskProcess.runHeadless(["-c", "import sqlite3, sys\nfor r in sqlite3.connect(sys.argv[1]).execute("
                                                 + "'SELECT zone, zone_id, outcome FROM sessions'): print(r)", state + "/usage.db"],
                                                program: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(rows.stdout == "('サウナ', '\(ZoneSettings.slug(of: "サウナ"))', None)\n", "\(rows.stdout)\(rows.stderr)")
    }

    @Test("a saved countdown of a zone that left the config is set aside and said, never taken by another zone")
    func orphanedCountdown() throws {
        let (first, second, state) = try Self.restarted(Self.twoZones(["Cabin 1", "Cabin 2"]), Self.twoZones(["Cabin 1"]),
                                                        keys: ["PageDown"])  // to Cabin 2
        #expect(first.named("timer").map { $0["zone"] as? String } == ["Cabin 2"])
        #expect(second.named("timer").filter { $0["state"] as? String == "running" }.isEmpty, "\(second.named("timer"))")
        let errors = second.named("error").compactMap { $0["message"] as? String }
        #expect(errors.contains { $0.contains("timer-cabin-2.json belongs to no zone (the zones now are cabin-1); set aside as") },
                "\(errors)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("timer-cabin-2.json.orphaned-") }
        #expect(aside.count == 1)
    }

    @Test("kill -9 with three zones counting down in a real window: the next start brings back all three")
    func killNineBringsBackEveryZone() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(Self.config(hookLog: "/dev/null"), as: "k.toml", in: dir)
        let state = dir.appendingPathComponent("state").path
        let events = dir.appendingPathComponent("events.jsonl").path
        func click(_ p: Point) -> String { XvfbDriver.click(x: Int(p.x), y: Int(p.y)) }
        let layout = Self.layout
        try XvfbDriver.run(arguments: ["--windowed", "--size", "800x480", "--config", config, "--state-dir", state], events: events,
                           drive: """
            \(click(layout.center))
            \(XvfbDriver.waitFor("\"timer\",\"state\":\"running\".*\"Cabin 1\"", in: events))
            \(click(layout.zoneTiles[1].center))
            \(XvfbDriver.waitFor("\"selected\",\"id\":\"zones\".*\"Cabin 2\"", in: events))
            \(click(layout.center))
            \(XvfbDriver.waitFor("\"timer\",\"state\":\"running\".*\"Cabin 2\"", in: events))
            \(click(layout.zoneTiles[2].center))
            \(XvfbDriver.waitFor("\"selected\",\"id\":\"zones\".*\"Laundry\"", in: events))
            \(click(layout.center))
            \(XvfbDriver.waitFor("\"timer\",\"state\":\"running\".*\"Laundry\"", in: events))
            for i in $(seq 1 100); do [ -e "\(state)/timer-cabin-1.json" ] && [ -e "\(state)/timer-cabin-2.json" ] && [ -e "\(state)/timer-laundry.json" ] && break; sleep 0.05; done
            kill -9 $app
            wait $app
            """)
        let before = try String(contentsOfFile: events, encoding: .utf8)
        let starts = before.split(separator: "\n").filter { $0.contains("\"event\":\"timer\",\"state\":\"running\"") }
        #expect(starts.count == 3, "\(before.suffix(600))")
        #expect(!before.contains("\"event\":\"exit\""), "killed, not quit")

        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", config, "--state-dir", state])
        let resumed = run.named("timer")
        #expect(resumed.map { $0["zone"] as? String } == ["Cabin 1", "Cabin 2", "Laundry"], "\(run.stderr)")
        #expect(resumed.allSatisfy { $0["state"] as? String == "running" })
        for line in resumed {
            let total = (line["seconds_total"] as? NSNumber)?.doubleValue ?? 0
            let left = (line["seconds_left"] as? NSNumber)?.doubleValue ?? 0
            #expect(left < total && left > total - 30, "\(line)")
        }
        let tiles = try #require(run.exitControl("zones")?["items"] as? [[String: Any]])
        #expect(tiles.map { $0["state"] as? String } == ["running", "running", "running"])
    }
}
