import RealModule
@testable import RotaryKit

/// Builds synthetic finger paths: timestamped down, moves and up, the way a touch panel
/// reports them (default 120 samples a second).
struct TouchPath {
    var finger = 0
    var sampleRate = 120.0
    private(set) var events: [PointerEvent] = []
    private(set) var time: Double

    init(startTime: Double = 0, finger: Int = 0) {
        time = startTime
        self.finger = finger
    }

    var last: Point { events.last?.position ?? Point(x: 0, y: 0) }

    /// Finger down at `point`.
    mutating func down(_ point: Point) {
        events.append(PointerEvent(.down, finger: finger, at: point, time: time))
    }

    /// Moves in a straight line to `point` over `seconds`.
    mutating func line(to point: Point, seconds: Double) {
        let from = last
        let n = max(1, Int((seconds * sampleRate).rounded()))
        for i in 1...n {
            let f = Double(i) / Double(n)
            time += seconds / Double(n)
            events.append(PointerEvent(.moved, finger: finger,
                                       at: Point(x: from.x + (point.x - from.x) * f, y: from.y + (point.y - from.y) * f),
                                       time: time))
        }
    }

    /// Moves along a circle around `center` at `radius` from `fromDegrees` to `toDegrees`
    /// (unwrapped: 170 → 200 crosses 9 o'clock clockwise) over `seconds`.
    mutating func arc(center: Point, radius: Double, from fromDegrees: Double, to toDegrees: Double, seconds: Double) {
        let n = max(1, Int((seconds * sampleRate).rounded()))
        for i in 1...n {
            let degrees = fromDegrees + (toDegrees - fromDegrees) * Double(i) / Double(n)
            time += seconds / Double(n)
            events.append(PointerEvent(.moved, finger: finger,
                                       at: Degrees.point(at: degrees, radius: radius, around: center), time: time))
        }
    }

    /// Holds still for `seconds` (no samples, as a panel reports a still finger).
    mutating func rest(_ seconds: Double) { time += seconds }

    /// Finger up where it is.
    mutating func up() {
        events.append(PointerEvent(.up, finger: finger, at: last, time: time))
    }

    /// Down on the circle at `fromDegrees`, an arc to `toDegrees`, optionally a rest, then up.
    static func drag(center: Point, radius: Double, from: Double, to: Double, seconds: Double,
                     restBeforeUp: Double = 0, startTime: Double = 0, finger: Int = 0) -> [PointerEvent] {
        var path = TouchPath(startTime: startTime, finger: finger)
        path.down(Degrees.point(at: from, radius: radius, around: center))
        path.arc(center: center, radius: radius, from: from, to: to, seconds: seconds)
        path.rest(restBeforeUp)
        path.up()
        return path.events
    }
}
