/// A round-capped track along an ``ArcGeometry`` and, over it, the part from the start up to a
/// fraction: the arc slider's track and the knob's range ring both.
enum ArcTrack {
    /// Two strokes `width` pixels wide on the circle of `radius` pixels: the whole track in
    /// `trackColor`, then the filled part in `fillColor`. The fill is there even at 0 (it
    /// draws nothing), so the list keeps its length while the value changes.
    static func commands(center: Point, radius: Double, width: Double, geometry: ArcGeometry, fraction: Double,
                         trackColor: RGBA, fillColor: RGBA) -> [DrawCommand] {
        let filled = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return [
            .arc(ArcStroke(center: center, radius: radius, width: width, fromDegrees: geometry.startDegrees,
                           sweepDegrees: geometry.sweepDegrees, color: trackColor, roundCaps: true)),
            .arc(ArcStroke(center: center, radius: radius, width: width, fromDegrees: geometry.startDegrees,
                           sweepDegrees: geometry.sweepDegrees * filled, color: fillColor, roundCaps: true)),
        ]
    }
}
