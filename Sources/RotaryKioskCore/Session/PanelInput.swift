import RotaryKit

/// The panel's input pipeline and what it knows of the hands on it: a finger's event as the
/// panel reported it, in window pixels, becomes one in the layout's view once touches nobody
/// made are dropped (``TouchFilter``), the burn-in shift is taken back out, the operator's
/// touch calibration is applied (fingers only, not the mouse) and the layout's turn is undone.
/// It also keeps the fingers on the screen, and whether keys or an encoder were used since
/// the last touch (the focus is drawn). One part of ``KioskSession``; times are seconds.
struct PanelInput: Sendable {
    /// Drops touches nobody made (a controller's zero-length or clockwork taps).
    private var touchFilter: TouchFilter
    /// The slow move of the whole picture against burn-in.
    private var burnIn: BurnInShift
    /// The fingers on the screen, whichever zone they are on, and those the kiosk claimed.
    var fingers = FingersOnScreen()
    /// Whether keys or an encoder were used since the last touch: the focus is drawn.
    var showsFocus = false

    /// A pipeline with `filter`'s settings and a burn-in shift of at most `shiftPixels` each
    /// way on a panel whose shorter side is `shorterSide` pixels.
    init(filter: TouchFilter.Settings, shiftPixels: Int, shorterSide: Double) {
        touchFilter = TouchFilter(filter)
        burnIn = BurnInShift(pixels: shiftPixels, shorterSide: shorterSide)
    }

    /// The touches dropped as nobody's, by why.
    var touchesDropped: TouchFilter.Counts { touchFilter.dropped }

    /// Where the whole picture stands against burn-in in a layout turned by `turn`, whole
    /// window pixels right and down of its place. In the view it never moves up (the dial's
    /// marker stands at the top edge) but up to twice the reach down, into the margin below
    /// the dial, and the reach either way across.
    func pictureShift(_ turn: QuarterTurn) -> Point {
        let offset = burnIn.offset
        let origin = turn.window(Point(x: 0, y: 0)), moved = turn.window(Point(x: Double(offset.x), y: Double(offset.y + burnIn.reach)))
        return Point(x: moved.x - origin.x, y: moved.y - origin.y)
    }

    /// Window point `p` of the picture shifted in a layout turned by `turn`, where it is on the
    /// picture in its place: what a person touching `p` saw there.
    func unshifted(_ p: Point, _ turn: QuarterTurn) -> Point {
        let shift = pictureShift(turn)
        return Point(x: p.x - shift.x, y: p.y - shift.y)
    }

    /// The events `event` lets through the touch filter now (none, it, or a `down` it held
    /// back before it).
    mutating func letThrough(_ event: PointerEvent) -> [PointerEvent] { touchFilter.letThrough(event) }

    /// The touches the filter held back that `dt` more seconds let through.
    mutating func released(after dt: Double) -> [PointerEvent] { touchFilter.advance(by: dt) }

    /// Moves the burn-in shift's clock on by `dt` seconds when the panel is `leftAlone`
    /// (nothing moves under a finger).
    mutating func shiftAgainstBurnIn(_ dt: Double, leftAlone: Bool) {
        if leftAlone { burnIn.pass(dt) }
    }

    /// `event`, let through the filter, in `layout`'s view with `calibration` applied to a
    /// finger, and where that finger was as the panel reported it (nil: the mouse), for
    /// calibrating. Its finger is counted on the screen from here.
    mutating func toView(_ event: PointerEvent, _ layout: ScreenLayout, calibration: TouchCalibration) -> (PointerEvent, reported: Point?) {
        var event = event
        event.position = unshifted(event.position, layout.turn)
        let reported = event.finger == PointerEvent.mouseFinger ? nil : event.position
        if reported != nil { event.position = calibration.apply(event.position, width: layout.width, height: layout.height) }
        event.position = layout.turn.view(event.position)
        fingers.track(event)
        return (event, reported)
    }

    /// Seconds until the pipeline changes by itself (a held-back touch let through, the
    /// picture's next pixel of shift while `leftAlone`), or nil.
    func secondsUntilChange(leftAlone: Bool) -> Double? {
        [touchFilter.secondsUntilRelease, leftAlone ? burnIn.secondsUntilMove : nil].compactMap { $0 }.min()
    }
}
