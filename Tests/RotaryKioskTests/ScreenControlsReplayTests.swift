import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The category strip and the set point through the real executable: replays built from the
/// geometry its own `ready` line reports, so what a trace touches is what the screen shows.
@Suite("Strip and set point, replayed")
struct ScreenControlsReplayTests {
    /// Two categories; Sauna's first program has an arc set point, Laundry's a knob; one
    /// program has none.
    static let config = """
        [[category]]
        name = "Sauna"
        [[category]]
        name = "Laundry"

        [[program]]
        name = "Finnish sauna"
        icon = "flame"
        minutes = 15
        category = "Sauna"
        [program.setting]
        name = "Temperature"
        unit = "°C"
        min = 60
        max = 100
        step = 5
        default = 80
        style = "arc"

        [[program]]
        name = "Cold plunge"
        icon = "snowflake"
        minutes = 5
        category = "Sauna"

        [[program]]
        name = "Wash 40°"
        icon = "wash-warm"
        minutes = 45
        category = "Laundry"
        [program.setting]
        name = "Spin"
        unit = "rpm"
        min = 400
        max = 1400
        step = 100
        default = 1000
        style = "knob"

        [[program]]
        name = "Quick dry"
        icon = "wind"
        minutes = 20
        category = "Laundry"

        """

    /// A config file in a fresh folder, plus `extra` text.
    static func configFile(extra: String = "") throws -> (dir: URL, path: String) {
        let dir = try KioskProcess.temporaryDirectory()
        return (dir, try ConfigText.write(config + extra, as: "k.toml", in: dir))
    }

    /// The controls of the `ready` line for `size` and `rotate`, by id.
    static func ready(_ config: String, size: String = "800x480", rotate: Int = 0) throws -> [String: [String: Any]] {
        let run = try ReplayRun.run("", size: size, extra: ["--config", config, "--rotate", String(rotate)])
        let controls = run.named("ready").first?["controls"] as? [[String: Any]] ?? []
        return Dictionary(controls.map { ($0["id"] as? String ?? "", $0) }) { a, _ in a }
    }

    static func number(_ control: [String: Any]?, _ key: String) -> Double {
        (control?[key] as? NSNumber)?.doubleValue ?? .nan
    }

    /// Where strip item `label` is now, window pixels.
    static func item(_ label: String, of strip: [String: Any]?) -> Point? {
        let items = strip?["items"] as? [[String: Any]] ?? []
        return items.first { $0["label"] as? String == label }.map { Point(x: number($0, "center_x"), y: number($0, "center_y")) }
    }

    /// A quick tap at `p`.
    static func tap(_ trace: inout Trace, _ p: Point) {
        trace.tap(p)
        trace.wait(200)
    }

    /// A straight drag from `a` to `b` over `milliseconds`, then a rest and the lift.
    static func drag(_ trace: inout Trace, from a: Point, to b: Point, milliseconds: Double, rest: Double = 120) {
        trace.point("down", a)
        let steps = max(1, Int(milliseconds / 8))
        for i in 1...steps {
            trace.wait(milliseconds / Double(steps))
            let f = Double(i) / Double(steps)
            trace.point("move", Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        }
        trace.wait(rest)
        trace.point("up", b)
    }

    @Test("a tap on a name brings that category: its programs on the wheel, the first selected, the dial on its minutes, a layout line")
    func tapCategory() throws {
        let (_, config) = try Self.configFile()
        let ready = try Self.ready(config)
        let strip = try #require(ready["categories"])
        #expect(strip["kind"] as? String == "strip" && (strip["selected"] as? NSNumber)?.intValue == 0)
        #expect((ready["wheel"]?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["Finnish sauna", "Cold plunge"])
        var trace = Trace()
        Self.tap(&trace, try #require(Self.item("Laundry", of: strip)))
        trace.wait(1500)
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        let selected = run.named("selected").filter { $0["id"] as? String == "categories" }
        #expect(selected.count == 1 && (selected.first?["index"] as? NSNumber)?.intValue == 1 && selected.first?["label"] as? String == "Laundry")
        // The layout line follows the selection, with Laundry's programs and the knob.
        let lines = run.events.compactMap { $0["event"] as? String }
        let selectedAt = try #require(run.events.firstIndex { $0["event"] as? String == "selected" && $0["id"] as? String == "categories" })
        #expect(lines.dropFirst(selectedAt).contains("layout"))
        let layout = try #require(run.named("layout").last?["controls"] as? [[String: Any]])
        let wheel = try #require(layout.first { $0["id"] as? String == "wheel" })
        #expect((wheel["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["Wash 40°", "Quick dry"])
        let knob = try #require(layout.first { $0["id"] as? String == "setting" })
        #expect(knob["mode"] as? String == "knob" && Self.number(knob, "value") == 1000 && knob["label"] as? String == "Spin")
        #expect(Self.number(knob, "drag_px") > 0)
        // The dial turned to Wash 40°'s 45 minutes (index 9 of 0, 5, … 55).
        #expect(run.selections("dial").last == 9)
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == 0)
    }

    @Test("four categories: the strip shows names from edge to edge, the marker goes to the first and the last name",
          arguments: ["800x480", "1920x1080"])
    func stripUsesItsWidth(size: String) throws {
        let names = ["Sauna", "Laundry", "Tanning", "Spa"]
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(names.map { "[[category]]\nname = \"\($0)\"\n" }.joined()
            + names.map { "[[program]]\nname = \"\($0) 1\"\nminutes = 10\ncategory = \"\($0)\"\n" }.joined(),
                                          as: "four.toml", in: dir)
        let strip = try #require(try Self.ready(config, size: size)["categories"])
        let (x, w) = (Self.number(strip, "x"), Self.number(strip, "w"))
        let first = try #require(Self.item("Sauna", of: strip)), second = try #require(Self.item("Laundry", of: strip))
        // The first name's room starts at the strip's left edge (half of it before its centre).
        #expect(abs((first.x - (second.x - first.x) / 2) - x) < 20, "first name at \(first.x) in a strip from \(x)")
        #expect(Self.number(strip, "marker_x") == first.x, "the marker under the first name")
        var trace = Trace()
        Self.tap(&trace, Point(x: x + w - 5, y: first.y))  // the name cut at the right end
        Self.tap(&trace, Point(x: x + w - 5, y: first.y))
        Self.tap(&trace, Point(x: x + w - 5, y: first.y))
        trace.wait(1500)
        let run = try ReplayRun.run(trace.text, size: size, extra: ["--config", config])
        let end = try #require(run.exitControl("categories"))
        let last = try #require(Self.item("Spa", of: end)), before = try #require(Self.item("Tanning", of: end))
        #expect((end["selected"] as? NSNumber)?.intValue == 3)
        #expect(abs((last.x + (last.x - before.x) / 2) - (x + w)) < 20, "last name at \(last.x) in a strip to \(x + w)")
        #expect(Self.number(end, "marker_x") == last.x, "the marker under the last name")
    }

    @Test("a swipe to the left, slow or flung, brings the next category; the strip rests on a name")
    func swipeCategory() throws {
        let (_, config) = try Self.configFile()
        let strip = try #require(try Self.ready(config)["categories"])
        let y = Self.number(strip, "y") + Self.number(strip, "h") / 2
        let from = Point(x: Self.number(strip, "x") + Self.number(strip, "w") * 0.8, y: y)
        for (distance, milliseconds) in [(160.0, 600.0), (90.0, 60.0)] {
            var trace = Trace()
            Self.drag(&trace, from: from, to: Point(x: from.x - distance, y: y), milliseconds: milliseconds,
                      rest: milliseconds < 100 ? 0 : 120)
            trace.wait(2500)
            let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
            #expect(run.selections("categories") == [1], "\(distance) px in \(milliseconds) ms")
            #expect((run.exitControl("categories")?["selected"] as? NSNumber)?.intValue == 1)
        }
    }

    @Test("the arc takes only a touch on its thumb; the value follows clockwise and stays pinned past the end through the gap")
    func arcThumb() throws {
        let (_, config) = try Self.configFile()
        let arc = try #require(try Self.ready(config)["setting"])
        #expect(arc["mode"] as? String == "arc" && arc["kind"] as? String == "arc" && Self.number(arc, "value") == 80)
        let centre = Point(x: Self.number(arc, "cx"), y: Self.number(arc, "cy"))
        let r = Self.number(arc, "r"), thumb = Self.number(arc, "thumb_deg"), end = Self.number(arc, "end_deg")
        #expect(Self.number(arc, "grab_r") >= 48, "a 9 mm target on a 7-inch 800×480 panel")
        // A touch on the track away from the thumb takes nothing.
        var away = Trace()
        away.drag(center: centre, radius: r, from: thumb + 60, to: thumb + 90, milliseconds: 300)
        var run = try ReplayRun.run(away.text, size: "800x480", extra: ["--config", config])
        #expect(run.named("value").isEmpty && Self.number(run.exitControl("setting"), "value") == 80)
        // From the thumb clockwise past the end and on round through the gap: pinned at 100.
        var trace = Trace()
        trace.drag(center: centre, radius: r, from: thumb, to: end + 60, milliseconds: 900)
        run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        let values = run.named("value").compactMap { ($0["value"] as? NSNumber)?.doubleValue }
        #expect(values == [85, 90, 95, 100], "one value event per step")
        #expect(run.named("selected").contains { $0["id"] as? String == "setting" && Self.number($0, "value") == 100 })
        #expect(Self.number(run.exitControl("setting"), "value") == 100)
        // Past the end, round through the gap and back through the end: pinned at 100 all the
        // while in the gap (never a jump to the minimum), taken again coming back.
        var back = Trace()
        Self.arc(&back, centre: centre, radius: r, through: [thumb, end + 60, end + 20, end - 22])
        run = try ReplayRun.run(back.text, size: "800x480", extra: ["--config", config])
        let path = run.named("value").compactMap { ($0["value"] as? NSNumber)?.doubleValue }
        #expect(path == [85, 90, 95, 100, 95], "\(path)")
    }

    /// One finger along the circle of `radius` around `centre` through `angles` (screen
    /// degrees, each leg the short way in 40 steps of 8 ms), then lifted.
    static func arc(_ trace: inout Trace, centre: Point, radius: Double, through angles: [Double]) {
        trace.point("down", Degrees.point(at: angles[0], radius: radius, around: centre))
        for (from, to) in zip(angles, angles.dropFirst()) {
            for i in 1...40 {
                trace.wait(8)
                trace.point("move", Degrees.point(at: from + (to - from) * Double(i) / 40, radius: radius, around: centre))
            }
        }
        trace.wait(100)
        trace.point("up", Degrees.point(at: angles[angles.count - 1], radius: radius, around: centre))
    }

    @Test("the knob turns by drag distance: up adds, right adds, drag_px goes through the whole range")
    func knobDrag() throws {
        let (_, config) = try Self.configFile()
        var trace = Trace()
        let strip = try #require(try Self.ready(config)["categories"])
        Self.tap(&trace, try #require(Self.item("Laundry", of: strip)))
        trace.wait(1500)
        // The knob's geometry after the switch is in the layout line of a first run.
        let first = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        let knob = try #require((first.named("layout").last?["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "setting" })
        let centre = Point(x: Self.number(knob, "cx"), y: Self.number(knob, "cy")), dragPx = Self.number(knob, "drag_px")
        // Up by a fifth of drag_px: +200 rpm; then right by a fifth: +200 more.
        Self.drag(&trace, from: centre, to: Point(x: centre.x, y: centre.y - dragPx / 5), milliseconds: 300)
        trace.wait(200)
        Self.drag(&trace, from: centre, to: Point(x: centre.x + dragPx / 5, y: centre.y), milliseconds: 300)
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        let selected = run.named("selected").filter { $0["id"] as? String == "setting" }.map { Self.number($0, "value") }
        #expect(selected == [1200, 1400], "\(selected)")
        #expect(Self.number(run.exitControl("setting"), "value") == 1400)
    }

    @Test("the set point rides with the countdown: timer events, hooks, the saved state and a resumed timer")
    func settingInTimer() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let out = dir.appendingPathComponent("env.txt").path, script = dir.appendingPathComponent("hook.sh").path
        try "#!/bin/sh\nenv | grep '^ROTARY_SETTING' | sort > \"$1\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let config = try ConfigText.write(Self.config + "[hooks]\non_timer_started = [\"\(script)\", \"\(out)\"]\n", as: "k.toml", in: dir)
        let state = dir.appendingPathComponent("state").path
        let arc = try #require(try Self.ready(config)["setting"])
        let centre = Point(x: Self.number(arc, "cx"), y: Self.number(arc, "cy"))
        let button = try #require(try Self.ready(config)["button"])
        var trace = Trace()
        // 80 → 90 °C (2 of the 8 steps along the 270° track: 67.5°), then start.
        trace.drag(center: centre, radius: Self.number(arc, "r"), from: Self.number(arc, "thumb_deg"),
                   to: Self.number(arc, "thumb_deg") + 68, milliseconds: 400)
        trace.wait(300)
        Self.tap(&trace, Point(x: Self.number(button, "cx"), y: Self.number(button, "cy")))
        trace.wait(2000)
        // While it runs the set point is locked: the same drag changes nothing.
        trace.drag(center: centre, radius: Self.number(arc, "r"), from: Self.number(arc, "thumb_deg") + 68,
                   to: Self.number(arc, "thumb_deg") + 120, milliseconds: 400)
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config, "--state-dir", state])
        #expect(run.status == 0, "\(run.stderr)")
        let started = try #require(run.named("timer").first { $0["state"] as? String == "running" })
        let setting = try #require(started["setting"] as? [String: Any])
        #expect(setting["name"] as? String == "Temperature" && Self.number(setting, "value") == 90 && setting["unit"] as? String == "°C")
        #expect(Self.number(run.exitControl("setting"), "value") == 90, "locked while running")
        let env = try String(contentsOfFile: out, encoding: .utf8)
        #expect(env == "ROTARY_SETTING=90\nROTARY_SETTING_NAME=Temperature\nROTARY_SETTING_UNIT=°C\n")
        let saved = try String(contentsOfFile: state + "/timer.json", encoding: .utf8)
        #expect(saved.contains("\"setting\":{\"name\":\"Temperature\",\"value\":90,\"unit\":\"°C\"}"), "\(saved)")
        // A restart resumes it with the set point on the screen and in its events.
        let resumed = try ReplayRun.run("", size: "800x480", extra: ["--config", config, "--state-dir", state])
        let again = try #require(resumed.named("timer").first)
        #expect((again["setting"] as? [String: Any]).map { Self.number($0, "value") } == 90)
        #expect(Self.number(resumed.exitControl("setting"), "value") == 90)
    }

    @Test("a resumed countdown of the other category's program shows that category and program")
    func resumeOtherCategory() throws {
        let (dir, config) = try Self.configFile()
        let state = dir.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let now = Date().timeIntervalSince1970
        try """
            {"version":1,"state":"paused","saved_at":\(now),"program":"Quick dry","seconds_total":1200,"seconds_left":600}
            """.write(toFile: state + "/timer.json", atomically: true, encoding: .utf8)
        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", config, "--state-dir", state])
        #expect((run.exitControl("categories")?["selected"] as? NSNumber)?.intValue == 1)
        #expect((run.exitControl("wheel")?["selected"] as? NSNumber)?.intValue == 1)
        #expect(run.exitControl("setting") == nil, "Quick dry has no set point")
        #expect(run.named("timer").first?["program"] as? String == "Quick dry")
    }

    @Test("a panel turned 90°: a tap where the screen shows a name selects it", arguments: [90, 270])
    func rotatedTap(rotate: Int) throws {
        let (_, config) = try Self.configFile()
        let strip = try #require(try Self.ready(config, rotate: rotate)["categories"])
        #expect(Self.number(strip, "reading_deg") == Double(rotate))
        var trace = Trace()
        Self.tap(&trace, try #require(Self.item("Laundry", of: strip)))
        trace.wait(1500)
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config, "--rotate", String(rotate)])
        #expect(run.selections("categories") == [1])
    }

    @Test("every control in `ready` lies inside the window, apart from the others, and is big enough for a finger",
          arguments: [("800x480", 0), ("1280x800", 0), ("1920x1080", 0), ("1080x1080", 0), ("480x800", 0), ("1080x1920", 0),
                      ("800x480", 90), ("800x480", 180), ("1080x1920", 270)])
    func geometry(size: String, rotate: Int) throws {
        let (_, config) = try Self.configFile()
        let parts = size.split(separator: "x").compactMap { Double($0) }
        let (width, height) = (parts[0], parts[1])
        let controls = try Self.ready(config, size: size, rotate: rotate)
        let hidden = Set(controls.keys.filter { controls[$0]?["hidden"] as? Bool == true })
        #expect(Set(controls.keys).subtracting(hidden) == ["button", "wheel", "dial", "categories", "setting"])
        #expect(hidden == ["stop", "extend"], "the running view's actions wait hidden")
        // Each control's box in window pixels: the dial holds the wheel and the button.
        func box(_ id: String) -> Rect {
            let c = controls[id]
            switch id {
            case "categories": return Rect(x: Self.number(c, "x"), y: Self.number(c, "y"), width: Self.number(c, "w"), height: Self.number(c, "h"))
            case "setting":
                let reach = Self.number(c, "r") + Self.number(c, "grab_r") / 2
                return Rect(center: Point(x: Self.number(c, "cx"), y: Self.number(c, "cy")), radius: reach)
            default:
                return Rect(center: Point(x: Self.number(c, "cx"), y: Self.number(c, "cy")),
                            radius: Self.number(c, "r_outer").isNaN ? Self.number(c, "r") : Self.number(c, "r_outer"))
            }
        }
        for id in controls.keys {
            let b = box(id)
            #expect(b.x >= -0.5 && b.y >= -0.5 && b.maxX <= width + 0.5 && b.maxY <= height + 0.5, "\(id) \(b) in \(size) r\(rotate)")
        }
        let apart = ["dial", "categories", "setting"]
        for (i, a) in apart.enumerated() {
            for b in apart.dropFirst(i + 1) {
                #expect(box(a).intersection(box(b)) == nil, "\(a) \(box(a)) and \(b) \(box(b)) overlap in \(size) r\(rotate)")
            }
        }
        // A finger (9 mm, 48 px on a 7-inch 800×480 panel): the strip's thickness, the
        // thumb's grab, the button.
        let strip = box("categories")
        #expect(min(strip.width, strip.height) >= 48)
        #expect(Self.number(controls["setting"], "grab_r") * 2 >= 48 && Self.number(controls["button"], "r") * 2 >= 48)
        // The running view's three actions: each a finger wide, none touching another.
        let actions = ["button", "stop", "extend"]
        for (i, a) in actions.enumerated() {
            #expect(Self.number(controls[a], "r") * 2 >= 48, "\(a) in \(size) r\(rotate)")
            for b in actions.dropFirst(i + 1) {
                let gap = Point(x: Self.number(controls[a], "cx"), y: Self.number(controls[a], "cy"))
                    .distance(to: Point(x: Self.number(controls[b], "cx"), y: Self.number(controls[b], "cy")))
                    - Self.number(controls[a], "r") - Self.number(controls[b], "r")
                #expect(gap >= 8, "\(a) and \(b) \(gap) px apart in \(size) r\(rotate)")
            }
        }
    }
}
