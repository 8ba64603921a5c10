/// The value written in a control's middle and the caption under it: the label part of both
/// ``ArcSliderDrawing`` and ``KnobDrawing``.
enum ValueLabel {
    /// The value text centred on `center` and, when the look has one, the caption below it
    /// (below for the reader: away from `look.upDegrees`). Texts wider than `maxWidth` pixels
    /// are fitted by the executor.
    static func commands(_ value: Double, center: Point, maxWidth: Double, look: ValueLook) -> [DrawCommand] {
        let turn = look.upDegrees + 90
        let text = DrawCommand.text(TextDraw(look.text(value), points: look.points, center: center, maxWidth: maxWidth,
                                             degrees: turn, color: look.color))
        guard !look.caption.isEmpty else { return [text] }
        let gap = 0.6 * (Double(look.points) + Double(look.captionPoints))
        let below = Degrees.point(at: look.upDegrees + 180, radius: gap, around: center)
        return [text, .text(TextDraw(look.caption, points: look.captionPoints, center: below, maxWidth: maxWidth,
                                     degrees: turn, color: look.captionColor))]
    }
}
