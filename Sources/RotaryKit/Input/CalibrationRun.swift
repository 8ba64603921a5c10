/// A touch calibration in progress, weston-touch-calibrator's way: the person taps three
/// targets, from which the correction is solved, then a fourth, which checks it; the
/// correction is refused when the check tap lands too far from its target. Only one finger
/// counts at a time: a finger that comes down while another is on the panel is ignored. A
/// tap counts where the finger lifted (after any sliding onto the target). Feed it the
/// panel's positions *uncorrected*.
public struct CalibrationRun: Equatable, Sendable {
    /// How a run ended.
    public enum Outcome: Equatable, Sendable {
        /// The correction, and how far from the check target (pixels) it put the check tap.
        case calibrated(TouchCalibration, checkError: Double)
        /// The three taps (nearly) lay on one line, or gave no usable correction.
        case unusable
        /// The correction put the check tap `checkError` pixels from its target, more than
        /// ``maxCheckError``.
        case checkMissed(checkError: Double)
    }

    /// The targets, normalised to the panel: three spread over it to solve from, then the
    /// check, in the fourth quarter, away from them.
    public static let targets = [Point(x: 0.15, y: 0.15), Point(x: 0.85, y: 0.25), Point(x: 0.3, y: 0.85), Point(x: 0.8, y: 0.75)]

    /// The panel's size in pixels.
    public let width: Double
    public let height: Double
    /// The farthest the check tap may land from its target once corrected: a twentieth of
    /// the panel's shorter side (24 px at 800×480, about 4.5 mm on a 7-inch panel), in pixels.
    public var maxCheckError: Double { min(width, height) * 0.05 }
    /// The taps so far (pixels, as reported).
    public private(set) var taps: [Point] = []
    /// The finger being followed.
    private var finger: Int?

    /// A run on a `width`×`height` pixel panel.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Which target is next (0…3), or ``targets``.count when done.
    public var step: Int { taps.count }

    /// Where the next target is, in panel pixels (nil when done).
    public var target: Point? { step < Self.targets.count ? pixels(Self.targets[step]) : nil }

    /// Takes one event of a finger, at its reported position in panel pixels; the outcome
    /// once the fourth tap lifts.
    public mutating func handle(_ event: PointerEvent) -> Outcome? {
        guard step < Self.targets.count, event.isValid else { return nil }
        switch event.phase {
        case .down:
            if finger == nil { finger = event.finger }
        case .moved:
            break
        case .cancelled:
            if finger == event.finger { finger = nil }
        case .up:
            guard finger == event.finger else { return nil }
            finger = nil
            taps.append(event.position)
            if step == Self.targets.count { return outcome() }
        }
        return nil
    }

    private func outcome() -> Outcome {
        let normalised = taps.map { Point(x: $0.x / width, y: $0.y / height) }
        guard let calibration = TouchCalibration.solve(reported: Array(normalised.prefix(3)), targets: Array(Self.targets.prefix(3))) else {
            return .unusable
        }
        let check = calibration.apply(taps[3], width: width, height: height)
        let error = check.distance(to: pixels(Self.targets[3]))
        return error <= maxCheckError ? .calibrated(calibration, checkError: error) : .checkMissed(checkError: error)
    }

    private func pixels(_ p: Point) -> Point { Point(x: p.x * width, y: p.y * height) }
}
