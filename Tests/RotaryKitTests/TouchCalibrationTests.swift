import Testing
@testable import RotaryKit

/// A panel whose touch layer reports a finger at normalised (x, y) at
/// (a·x + b·y + c, d·x + e·y + f) for `skew` = [a, b, c, d, e, f]: taps a calibration run at
/// its targets the way a person would, where the crosses are drawn.
private struct SkewedPanel {
    let skew: [Double]
    let width = 800.0, height = 480.0

    /// Where the panel reports a finger at pixel `p`.
    func reported(_ p: Point) -> Point {
        let x = p.x / width, y = p.y / height, m = skew
        return Point(x: (m[0] * x + m[1] * y + m[2]) * width, y: (m[3] * x + m[4] * y + m[5]) * height)
    }

    /// Taps every target of a fresh run with finger `finger`, each `miss` pixels off to the
    /// right for the check target only; the outcome.
    func calibrate(checkMiss miss: Double = 0, finger: Int = 7) -> (CalibrationRun.Outcome?, CalibrationRun) {
        var run = CalibrationRun(width: width, height: height)
        var outcome: CalibrationRun.Outcome?
        var time = 0.0
        while let target = run.target {
            let aim = run.step == 3 ? Point(x: target.x + miss, y: target.y) : target
            let at = reported(aim)
            time += 1
            #expect(run.handle(PointerEvent(.down, finger: finger, at: at, time: time)) == nil)
            outcome = run.handle(PointerEvent(.up, finger: finger, at: at, time: time + 0.1))
        }
        return (outcome, run)
    }
}

@Suite("Touch calibration: the affine map from three taps, checked by a fourth")
struct TouchCalibrationTests {
    static let skews: [(String, [Double])] = [
        ("skewed, scaled and shifted", [0.88, 0.06, 0.03, -0.04, 0.86, 0.1]),
        ("axes swapped", [0, 1, 0, 1, 0, 0]),
        ("x mirrored", [-1, 0, 1, 0, 1, 0]),
        ("both mirrored and swapped, slightly scaled", [0, -0.95, 0.97, -0.9, 0, 0.95]),
    ]

    @Test("taps at the targets of a skewed, swapped or mirrored panel give the map that undoes it",
          arguments: skews.map(\.0))
    func undoes(name: String) throws {
        let panel = SkewedPanel(skew: Self.skews.first { $0.0 == name }!.1)
        let (outcome, _) = panel.calibrate()
        guard case .calibrated(let calibration, let error)? = outcome else {
            Issue.record("not calibrated: \(String(describing: outcome))")
            return
        }
        #expect(error < 1e-6)
        // Anywhere on the panel, not only at the targets, a finger lands where it touched.
        var random = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let p = Point(x: .random(in: 0...800, using: &random), y: .random(in: 0...480, using: &random))
            let corrected = calibration.apply(panel.reported(p), width: 800, height: 480)
            #expect(corrected.distance(to: p) < 1e-6, "\(p) came out at \(corrected)")
        }
    }

    @Test("a check tap 20 px off is accepted, 30 px off refused (24 px allowed at 800×480)")
    func checkTolerance() throws {
        let panel = SkewedPanel(skew: Self.skews[0].1)
        guard case .calibrated(_, let near)? = panel.calibrate(checkMiss: 20).0 else {
            Issue.record("20 px off was refused")
            return
        }
        #expect(abs(near - 20) < 1e-6)
        #expect(panel.calibrate(checkMiss: 30).0.map { if case .checkMissed(let e) = $0 { abs(e - 30) < 1e-6 } else { false } } == true)
    }

    @Test("three taps on one spot give no correction at all")
    func degenerate() {
        var run = CalibrationRun(width: 800, height: 480)
        var outcome: CalibrationRun.Outcome?
        for i in 0..<4 {
            _ = run.handle(PointerEvent(.down, finger: 1, at: Point(x: 400, y: 240), time: Double(i)))
            outcome = run.handle(PointerEvent(.up, finger: 1, at: Point(x: 400, y: 240), time: Double(i) + 0.1))
        }
        #expect(outcome == .unusable)
    }

    @Test("a second finger while one is down, a cancelled touch and a stray lift are no taps")
    func oneFingerAtATime() {
        var run = CalibrationRun(width: 800, height: 480)
        _ = run.handle(PointerEvent(.down, finger: 1, at: Point(x: 120, y: 72), time: 0))
        _ = run.handle(PointerEvent(.down, finger: 2, at: Point(x: 700, y: 400), time: 0.05))  // a palm
        _ = run.handle(PointerEvent(.up, finger: 2, at: Point(x: 700, y: 400), time: 0.08))
        #expect(run.step == 0)
        _ = run.handle(PointerEvent(.moved, finger: 1, at: Point(x: 121, y: 73), time: 0.1))
        _ = run.handle(PointerEvent(.up, finger: 1, at: Point(x: 121, y: 73), time: 0.2))
        #expect(run.taps == [Point(x: 121, y: 73)], "the tap counts where the finger lifted")
        _ = run.handle(PointerEvent(.down, finger: 3, at: Point(x: 680, y: 120), time: 1))
        _ = run.handle(PointerEvent(.cancelled, finger: 3, at: Point(x: 680, y: 120), time: 1.1))
        _ = run.handle(PointerEvent(.up, finger: 4, at: Point(x: 680, y: 120), time: 1.2))
        #expect(run.step == 1)
    }

    @Test("a matrix that would leave the panel untouchable is refused")
    func unusable() {
        #expect(TouchCalibration(matrix: [1, 0, 0, 0, 1, 0]) == .identity)
        #expect(TouchCalibration(matrix: [10, 0, 0, 0, 10, 0]) == nil)        // ten times the size
        #expect(TouchCalibration(matrix: [1, 0, 3, 0, 1, 0]) == nil)          // three panels off
        #expect(TouchCalibration(matrix: [0.5, 0, 0, 0, 0.5, 0]) == nil)      // the bottom-right corner out of reach
        #expect(TouchCalibration(matrix: [1, 0, 0.3, 0, 1, 0.3]) == nil)      // the top-left corner out of reach
        #expect(TouchCalibration(matrix: [1.05, 0, -0.02, 0, 1.04, -0.02]) != nil)  // a touch layer a little larger
        #expect(TouchCalibration(matrix: [1, 1, 0, 1, 1, 0]) == nil)          // every touch on one line
        #expect(TouchCalibration(matrix: [1, 0, .nan, 0, 1, 0]) == nil)
        #expect(TouchCalibration(matrix: [1, 0, 0, 0, 1]) == nil)
    }
}
