import Foundation
import RotaryKit
import RotaryKiosk
import Testing

/// Live faults in real X windows under Xvfb: fullscreen without a window manager, and mouse
/// wheel notches giving the same events live as in a replay.
@Suite("Faults: live X11 windows")
struct LiveWindowFaultTests {
    static func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("fullscreen with no window manager covers the whole screen, laid out for it",
          arguments: [(800, 480), (1080, 1920)])
    func fullscreenWithoutWindowManager(width: Int, height: Int) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        let geometry = dir.appendingPathComponent("geometry.txt").path
        try XvfbDriver.run(arguments: ["--size", "1080x1080"], events: events, drive: """
            for i in $(seq 1 100); do
                xdotool getwindowgeometry --shell "$wid" > "\(geometry)"
                grep -q "^WIDTH=\(width)$" "\(geometry)" && grep -q "^HEIGHT=\(height)$" "\(geometry)" && break
                sleep 0.05
            done
            kill -TERM $app
            wait $app
            """, screen: "\(width)x\(height)")
        let shell = try String(contentsOfFile: geometry, encoding: .utf8)
        #expect(shell.contains("X=0\n") && shell.contains("Y=0\n"), "\(shell)")
        #expect(shell.contains("WIDTH=\(width)\n") && shell.contains("HEIGHT=\(height)\n"), "\(shell)")
        let ready = try #require(try Self.lines(events).first { $0["event"] as? String == "ready" })
        #expect((ready["width"] as? NSNumber)?.intValue == width && (ready["height"] as? NSNumber)?.intValue == height)
        let button = (ready["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "button" }
        let layout = ScreenLayout(width: Double(width), height: Double(height))
        #expect((button?["cx"] as? NSNumber)?.doubleValue == layout.center.x)
        #expect((button?["cy"] as? NSNumber)?.doubleValue == layout.center.y)
    }

    /// The `detent` and `selected` events, as "id:index" words.
    static func turns(_ events: [[String: Any]]) -> [String] {
        events.filter { ["detent", "selected"].contains($0["event"] as? String) }.map {
            "\($0["event"]!):\($0["id"]!):\(($0["index"] as? NSNumber)?.intValue ?? -1)"
        }
    }

    @Test("mouse-wheel notches on the dial after an idle pause: the same events live (xdotool click 5) as replayed")
    func wheelNotchesLiveEqualReplay() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        // 600×600 window: the dial band spans radii 236…282 around (300, 300). Three bursts
        // of three notches, each after the loop has slept (where a stale time step once
        // finished the first notch's animation at once).
        let rings = ScreenLayout(width: 600, height: 600)
        let over = Point(x: rings.center.x, y: rings.center.y - (rings.dialInnerRadius + rings.dialOuterRadius) / 2)
        let burst = "sleep 1.7\nxdotool click --delay 60 --repeat 3 5"
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600"], events: events, drive: """
            xdotool mousemove --window "$wid" \(Int(over.x)) \(Int(over.y))
            \(burst)
            \(burst)
            \(burst)
            sleep 1.5
            xdotool windowfocus --sync "$wid" key Escape
            wait $app
            """)
        let live = Self.turns(try Self.lines(events))
        var trace = Trace()
        for _ in 0..<3 {
            trace.wait(1_700)
            for _ in 0..<3 {
                trace.wheel(dy: -1, at: over)
                trace.wait(60)
            }
        }
        let replayed = Self.turns(try ReplayRun.run(trace.text, size: "600x600").events)
        #expect(live == replayed)
        #expect(replayed.filter { $0.hasPrefix("selected") } == ["selected:dial:6", "selected:dial:9", "selected:dial:0"])
    }
}
