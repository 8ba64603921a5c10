import RealModule

/// Angle arithmetic in *screen degrees*: 0° points right (3 o'clock) and positive angles turn
/// clockwise, because y grows downwards. 12 o'clock is −90°.
public enum Degrees {
    /// The angle of `point` seen from `center`, in (−180°, 180°].
    ///
    /// This is `atan2`, so it flips between +180° and −180° at 9 o'clock; use
    /// ``AngleUnwrapper`` to follow a moving point without that jump.
    public static func angle(of point: Point, around center: Point) -> Double {
        Double.atan2(y: point.y - center.y, x: point.x - center.x) * 180 / .pi
    }

    /// `degrees` brought into [−180°, 180°).
    public static func normalized(_ degrees: Double) -> Double {
        var r = (degrees + 180).truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r - 180
    }

    /// `degrees` brought into [0°, 360°).
    public static func normalizedPositive(_ degrees: Double) -> Double {
        var r = degrees.truncatingRemainder(dividingBy: 360)
        if r < 0 { r += 360 }
        return r == 360 ? 0 : r
    }

    /// The shortest signed turn from `from` to `to`, in [−180°, 180°).
    ///
    /// Example: from 170° to −170° is +20°, not −340°.
    public static func delta(from: Double, to: Double) -> Double {
        normalized(to - from)
    }

    /// Converts degrees to radians.
    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// The point at `radius` pixels from `center` in the direction `degrees`.
    public static func point(at degrees: Double, radius: Double, around center: Point) -> Point {
        let r = radians(degrees)
        return Point(x: center.x + radius * Double.cos(r), y: center.y + radius * Double.sin(r))
    }

    /// The index of the sector of a ring of `count` equal sectors that contains `degrees`.
    ///
    /// Sector 0 is centred on `firstCenterDegrees` and each next sector lies counter-clockwise
    /// of the previous one (the convention of every rotary control here: turning clockwise
    /// brings the next item under the marker). The boundaries lie half a sector either side of
    /// each centre, for even and odd counts alike. Returns 0 for `count < 1`.
    public static func sectorIndex(of degrees: Double, count: Int, firstCenterDegrees: Double) -> Int {
        guard count > 0, degrees.isFinite, firstCenterDegrees.isFinite else { return 0 }
        let spacing = 360 / Double(count)
        let steps = (normalized(firstCenterDegrees - degrees) / spacing).rounded()
        let index = Int(steps) % count
        return index < 0 ? index + count : index
    }
}
