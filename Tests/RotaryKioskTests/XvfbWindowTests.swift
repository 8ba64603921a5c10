import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// A real X11 window under Xvfb, driven by xdotool's mouse the way a person's pointer
/// reaches an X11 app; the app's events say what happened.
@Suite("A real window under Xvfb")
struct XvfbWindowTests {
    @Test("a mouse drag of one segment selects the next program; a resize keeps it; Escape quits")
    func mouseDrag() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        // 600×600 window: wheel from 48 to 228 px around (300, 300).
        let centre = ScreenLayout(width: 600, height: 600).center
        var moves: [String] = []
        for step in 0...24 {
            let p = Degrees.point(at: -90 + 45 * Double(step) / 24, radius: 140, around: centre)
            moves.append("xdotool mousemove --window \"$wid\" \(Int(p.x.rounded())) \(Int(p.y.rounded())); sleep 0.02")
            if step == 0 { moves.append("xdotool mousedown 1; sleep 0.05") }
        }
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600"], events: events, drive: """
            \(moves.joined(separator: "\n"))
            sleep 0.2
            xdotool mouseup 1
            sleep 0.8
            xdotool windowsize --sync "$wid" 800 480
            \(XvfbDriver.waitFor("\"layout\"", in: events))
            xdotool windowfocus --sync "$wid" key Escape
            wait $app
            """)
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
