import Foundation
import RotaryKit
import Testing

/// A real X11 window under Xvfb, driven by xdotool's mouse the way a person's pointer
/// reaches an X11 app; the app's events say what happened.
@Suite("A real window under Xvfb")
struct XvfbWindowTests {
    @Test("a mouse drag of one segment selects the next program; a resize keeps it; Escape quits")
    func mouseDrag() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        let script = dir.appendingPathComponent("drive.sh").path
        // 600×600 window: wheel from 48 to 228 px around (300, 300).
        let centre = Point(x: 300, y: 300)
        var moves: [String] = []
        for step in 0...24 {
            let p = Degrees.point(at: -90 + 45 * Double(step) / 24, radius: 140, around: centre)
            moves.append("xdotool mousemove --window \"$wid\" \(Int(p.x.rounded())) \(Int(p.y.rounded())); sleep 0.02")
            if step == 0 { moves.append("xdotool mousedown 1; sleep 0.05") }
        }
        let text = """
        set -eu
        "\(KioskProcess.executable.path)" --windowed --size 600x600 --events-out "\(events)" 2>/dev/null &
        app=$!
        for i in $(seq 1 100); do grep -q '"ready"' "\(events)" 2>/dev/null && break; sleep 0.05; done
        wid=$(xdotool search --sync --name '^Rotary$' | head -1)
        \(moves.joined(separator: "\n"))
        sleep 0.2
        xdotool mouseup 1
        sleep 0.8
        xdotool windowsize --sync "$wid" 800 480
        for i in $(seq 1 100); do grep -q '"layout"' "\(events)" && break; sleep 0.05; done
        xdotool windowfocus --sync "$wid" key Escape
        for i in $(seq 1 100); do kill -0 $app 2>/dev/null || break; sleep 0.05; done
        wait $app
        """
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", "bash", script]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let selected = lines.filter { $0["event"] as? String == "selected" && $0["id"] as? String == "wheel" }
        #expect(selected.compactMap { ($0["index"] as? NSNumber)?.intValue } == [1])
        let layout = try #require(lines.first { $0["event"] as? String == "layout" })
        #expect((layout["width"] as? NSNumber)?.intValue == 800 && (layout["height"] as? NSNumber)?.intValue == 480)
        let wheel = (layout["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "wheel" }
        #expect((wheel?["selected"] as? NSNumber)?.intValue == 1)
        #expect((wheel?["cy"] as? NSNumber)?.doubleValue == 240)
        #expect(lines.last?["event"] as? String == "exit")
    }
}
