/// Where an arc slider's track lies: from `startDegrees` clockwise through `sweepDegrees`
/// (screen degrees), with the gap between its end and its start.
public struct ArcGeometry: Equatable, Sendable {
    /// Screen angle where the track starts (the minimum value).
    public let startDegrees: Double
    /// Clockwise extent of the track, in (0°, 360°).
    public let sweepDegrees: Double

    /// A track from `startDegrees` clockwise to `endDegrees`. The sweep is kept between 1° and
    /// 359° so there is always a gap to guard.
    public init(startDegrees: Double, endDegrees: Double) {
        self.startDegrees = startDegrees.isFinite ? startDegrees : 0
        let sweep = Degrees.normalizedPositive(endDegrees.isFinite ? endDegrees - self.startDegrees : 270)
        sweepDegrees = min(max(sweep == 0 ? 359 : sweep, 1), 359)
    }

    /// Screen angle of the track's end (the maximum value).
    public var endDegrees: Double { startDegrees + sweepDegrees }
    /// Size of the gap in degrees.
    public var gapDegrees: Double { 360 - sweepDegrees }

    /// Where `degrees` lies along the track, measured clockwise from the start: in
    /// (−gap/2, sweep + gap/2], so each half of the gap counts towards its nearer end.
    public func trackDegrees(of degrees: Double) -> Double {
        var t = Degrees.normalizedPositive(degrees - startDegrees)
        if t > sweepDegrees + gapDegrees / 2 { t -= 360 }
        return t
    }

    /// Screen angle of the point `fraction` (0…1) along the track.
    public func degrees(atFraction fraction: Double) -> Double {
        startDegrees + sweepDegrees * min(max(fraction, 0), 1)
    }
}
