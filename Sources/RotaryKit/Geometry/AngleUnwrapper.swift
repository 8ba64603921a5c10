/// Follows the angle of a moving point as one continuous number, so a drag that crosses
/// 9 o'clock (where `atan2` flips between +180° and −180°) turns smoothly, never by 360°.
///
/// Each update adds the shortest turn from the previous raw angle, so consecutive samples
/// must be less than 180° apart around the centre, which holds for any real finger.
public struct AngleUnwrapper: Equatable, Sendable {
    /// The unwrapped angle in degrees; may grow past ±180° without bound.
    public private(set) var degrees: Double
    private var lastRaw: Double

    /// Starts at the raw angle `degrees` (as returned by ``Degrees/angle(of:around:)``).
    public init(startingAt degrees: Double) {
        self.degrees = degrees
        self.lastRaw = degrees
    }

    /// Takes the next raw angle, degrees in (−180°, 180°], and returns the unwrapped one.
    @discardableResult
    public mutating func update(raw: Double) -> Double {
        degrees += Degrees.delta(from: lastRaw, to: raw)
        lastRaw = raw
        return degrees
    }
}
