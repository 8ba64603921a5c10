import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Touch calibration through the executable: a skewed, mirrored panel calibrated from the Touch tab")
struct TouchCalibrationReplayTests {
    /// The panel's touch layer: upside down (y mirrored), a little skewed, scaled and shifted
    /// (normalised, libinput's convention). The unit tests cover swapped axes too.
    static let skew = [0.9, 0.05, 0.03, 0.04, -0.9, 0.95]
    static let size = (width: 800.0, height: 480.0)

    static func reported(_ p: Point) -> Point {
        let x = p.x / size.width, y = p.y / size.height, m = skew
        return Point(x: (m[0] * x + m[1] * y + m[2]) * size.width, y: (m[3] * x + m[4] * y + m[5]) * size.height)
    }

    /// Four programs, so one segment is 90°.
    static func config(in dir: URL) throws -> String {
        try ConfigText.write(ConfigText.programs(["Finnish", "Steam", "Infrared", "Cold"], extra: "[display]\nbacklight = \"none\"\n"),
                             as: "kiosk.toml", in: dir)
    }

    /// A person's drag on the wheel, clockwise by one segment, as the skewed panel reports it.
    static func dragWheel(_ t: inout ServiceTrace) {
        let layout = ScreenLayout(width: size.width, height: size.height)
        let radius = (layout.wheelInnerRadius + layout.wheelOuterRadius) / 2
        func at(_ degrees: Double) -> Point { reported(Degrees.point(at: degrees, radius: radius, around: layout.center)) }
        t.trace.wait(500)
        t.trace.point("down", at(-90))
        for i in 1...60 {
            t.trace.wait(10)
            t.trace.point("move", at(-90 + 90 * Double(i) / 60))
        }
        t.trace.wait(150)
        t.trace.point("up", at(0))
        t.trace.wait(3000)
        t.trace.stamp()
    }

    /// The corner hold and the Touch tab, tapped where the uncalibrated panel reports them
    /// right (the operator aims off), then Calibrate.
    static func openCalibration(_ t: inout ServiceTrace) {
        t.cornerHold()
        t.open(.touch)
        t.press(.calibrate, on: .touch)
    }

    /// The four targets, touched by the person (`checkMiss` pixels to the right of the last)
    /// on the skewed panel.
    static func tapTargets(_ t: inout ServiceTrace, checkMiss: Double = 0) {
        t.reported = Self.reported
        for (index, target) in CalibrationRun.targets.enumerated() {
            let p = Point(x: target.x * size.width + (index == 3 ? checkMiss : 0), y: target.y * size.height)
            t.tap(p)
            t.trace.wait(400)
        }
    }

    static func calibration(in state: String) -> [Double]? {
        guard let data = FileManager.default.contents(atPath: state + "/operator.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["touch_calibration"] as? [NSNumber])?.map(\.doubleValue)
    }

    static func run(_ t: ServiceTrace, config: String, state: String) throws -> ReplayRun {
        try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", config, "--state-dir", state])
    }

    @Test("uncalibrated, a drag on the wheel turns it the wrong way; after four taps at the targets the same drag turns it one segment, in this run and the next")
    func calibrateThenDrag() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(in: dir), state = dir.appendingPathComponent("state").path

        var before = ServiceTrace()
        Self.dragWheel(&before)
        let uncalibrated = try Self.run(before, config: config, state: dir.appendingPathComponent("other").path)
        #expect(uncalibrated.selections("wheel").last == 3, "the mirrored panel turns the wheel back, not on")

        var t = ServiceTrace()
        Self.openCalibration(&t)
        Self.tapTargets(&t)
        t.press(.close, on: .touch)  // already through the new calibration
        Self.dragWheel(&t)
        let run = try Self.run(t, config: config, state: state)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(ServiceScreenTests.actions(run) == ["opened", "calibrated", "closed"])
        let calibrated = try #require(run.named("service").first { $0["action"] as? String == "calibrated" })
        #expect(((calibrated["check_error_px"] as? NSNumber)?.doubleValue ?? 99) < 2)
        #expect(run.selections("wheel").last == 1)

        // The matrix undoes the panel's skew, and it is kept in the state folder.
        let saved = try #require(Self.calibration(in: state))
        let kept = try #require(TouchCalibration(matrix: saved))
        for p in [Point(x: 0, y: 0), Point(x: 800, y: 480), Point(x: 240, y: 240), Point(x: 700, y: 60)] {
            #expect(kept.apply(Self.reported(p), width: 800, height: 480).distance(to: p) < 2)
        }

        var next = ServiceTrace()
        Self.dragWheel(&next)
        let again = try Self.run(next, config: config, state: state)
        #expect(again.selections("wheel").last == 1, "the next start applies the saved calibration")
    }

    @Test("a check tap 40 px off its target is refused with the error and nothing is kept; Reset removes a kept calibration")
    func refusedAndReset() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(in: dir), state = dir.appendingPathComponent("state").path

        var missed = ServiceTrace()
        Self.openCalibration(&missed)
        Self.tapTargets(&missed, checkMiss: 40)
        let refused = try Self.run(missed, config: config, state: state)
        let line = try #require(refused.named("service").first { $0["action"] as? String == "calibration_refused" })
        #expect(abs(((line["check_error_px"] as? NSNumber)?.doubleValue ?? 0) - 40) < 2)
        #expect(Self.calibration(in: state) == nil)

        var good = ServiceTrace()
        Self.openCalibration(&good)
        Self.tapTargets(&good)
        _ = try Self.run(good, config: config, state: state)
        #expect(Self.calibration(in: state) != nil)

        var reset = ServiceTrace()
        reset.reported = Self.reported  // the kiosk starts calibrated: the operator aims straight
        reset.cornerHold()
        reset.open(.touch)
        reset.press(.resetCalibration, on: .touch)
        reset.trace.wait(500)
        reset.trace.stamp()
        let cleared = try Self.run(reset, config: config, state: state)
        #expect(ServiceScreenTests.actions(cleared) == ["opened", "calibration_reset"])
        #expect(Self.calibration(in: state) == nil)
    }

    @Test("a saved calibration that would leave the panel untouchable is an error at start and not applied")
    func unusableSaved() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try Self.config(in: dir), state = dir.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try #"{"volume":0.5,"touch_calibration":[40,0,0,0,40,0]}"#.write(toFile: state + "/operator.json", atomically: true, encoding: .utf8)
        var t = ServiceTrace()
        t.tap(ScreenLayout(width: 800, height: 480).center)
        t.trace.wait(500)
        t.trace.stamp()
        let run = try Self.run(t, config: config, state: state)
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("touch_calibration") == true })
        #expect(run.named("timer").first?["state"] as? String == "running", "the tap on Start landed where it was made")
    }
}
