import Foundation
import RotaryKiosk
import RotaryKit

/// Runs the real app in a real X11 window under Xvfb and drives it with xdotool: starts it
/// with `arguments`, waits for its `ready` line in `events` (up to 60 s, or the script
/// fails), finds its window once X shows it (`$wid`, the app's pid in `$app`), then runs the
/// shell lines of `drive`. The app's log goes to
/// `log` when given; `environment` is set for the app and the lines.
enum XvfbDriver {
    static func run(arguments: [String], events: String, drive: String, screen: String = "1024x768",
                    log: String = "/dev/null", environment: [String: String] = [:]) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let script = dir.appendingPathComponent("drive.sh").path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let exports = environment.map { "export \($0.key)='\($0.value)'" }.joined(separator: "\n")
        try """
        set -u
        \(exports)
        "\(KioskProcess.executable.path)" \(quoted) --events-out "\(events)" 2>"\(log)" &
        app=$!
        for i in $(seq 1 1200); do grep -q '"ready"' "\(events)" 2>/dev/null && break; sleep 0.05; done
        grep -q '"ready"' "\(events)" || { echo "the kiosk never said ready" >&2; exit 1; }
        wid=$(xdotool search --sync --onlyvisible --pid $app --name '^Rotary$' | head -1)
        \(drive)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try SpawnedProcess.run(["xvfb-run", "-a", "-s", "-screen 0 \(screen)x24", "bash", script])
    }

    /// Starts a countdown with Return in a real 600×600 window keeping its state in `state`,
    /// lets it run `seconds`, then kills the app with `kill -9`; the events go to a file in
    /// `directory`.
    static func killNineMidCountdown(state: String, after seconds: Int, directory: URL) throws {
        let events = directory.appendingPathComponent("events.jsonl").path
        try run(arguments: ["--windowed", "--size", "600x600", "--state-dir", state], events: events, drive: """
            xdotool windowfocus --sync "$wid" key Return
            \(waitFor("\"running\"", in: events))
            sleep \(seconds)
            kill -9 $app
            wait $app
            """)
    }

    /// A shell line that clicks the window `$wid` at `x`, `y`: the pointer rests a moment where
    /// it lands before it presses, since a press in the same breath as the move can reach the
    /// window before the pointer has entered it, and is lost (seen under load).
    static func click(x: Int, y: Int) -> String {
        "xdotool mousemove --window \"$wid\" \(x) \(y) sleep 0.15 click 1"
    }

    /// The wheel's centre and the radius of the middle of its band in a 600×600 window, pixels.
    static var wheelIn600: (centre: Point, radius: Double) {
        let window = ScreenLayout(width: 600, height: 600)
        return (window.center, (window.wheelInnerRadius + window.wheelOuterRadius) / 2)
    }

    /// Shell lines that press the mouse on the window `$wid` at `from` degrees round `centre`,
    /// `radius` out, and move it to `to` degrees in `steps` moves `pause` seconds apart (the
    /// button stays down: the lines after it lift it).
    static func mouseDown(around centre: Point, radius: Double, from: Double, to: Double, steps: Int, pause: Double) -> String {
        (0...steps).flatMap { step -> [String] in
            let p = Degrees.point(at: from + (to - from) * Double(step) / Double(steps), radius: radius, around: centre)
            let move = "xdotool mousemove --window \"$wid\" \(Int(p.x.rounded())) \(Int(p.y.rounded())); sleep \(pause)"
            return step == 0 ? [move, "xdotool mousedown 1; sleep 0.05"] : [move]
        }.joined(separator: "\n")
    }

    /// Shell lines that wait (up to 5 s) until `events` contains `text`.
    static func waitFor(_ text: String, in events: String) -> String {
        "for i in $(seq 1 100); do grep -q '\(text)' \"\(events)\" && break; sleep 0.05; done"
    }

    /// Shell lines that wait (up to `seconds`) until the file at `path` reads `text` (its
    /// line, without the newline).
    static func waitUntil(_ path: String, reads text: String, seconds: Int) -> String {
        "for i in $(seq 1 \(seconds * 20)); do [ \"$(cat '\(path)' 2>/dev/null)\" = '\(text)' ] && break; sleep 0.05; done"
    }
}
