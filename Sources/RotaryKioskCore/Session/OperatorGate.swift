import RotaryKit

/// The operator's way in: two fingers held on opposite corners open the service screen (its
/// PIN pad first, where there is a PIN), which then takes every input until it closes; and
/// what it changes that the session keeps (wrong PINs, levels, calibration); and whether
/// something went wrong that the operator should see. One part of ``KioskSession``; times
/// are session seconds.
struct OperatorGate: Sendable {
    private var corners = AdminCorners()
    /// The service screen, while it shows.
    private(set) var service: ServiceMode?
    /// Wrong PINs, the operator's levels and the touch calibration.
    private(set) var state: OperatorState
    /// Whether an `error` was told since the kiosk started: the service badge shows.
    private(set) var needsAttention = false

    init(state: OperatorState) { self.state = state }

    /// A finger went down at `clock` (in the view, `width`×`height`): it may be on a corner.
    mutating func fingerDown(_ event: PointerEvent, width: Double, height: Double, at clock: Double) {
        corners.down(event, width: width, height: height, at: clock)
    }

    /// `finger` lifted.
    mutating func fingerUp(_ finger: Int) { corners.up(finger) }

    /// Something went wrong that the operator should see (an `error` event).
    mutating func problemTold() { needsAttention = true }

    /// Whether the corners have been held `holdSeconds` by `clock`, with no service screen
    /// open: time to open it.
    func holdComplete(at clock: Double, holdSeconds: Double) -> Bool {
        service == nil && corners.heldSince.map { clock - $0 >= holdSeconds } == true
    }

    /// Opens the service screen in `layout` at `clock` in `locale`, with its PIN pad when there
    /// is a `pin` (saying so while entry is locked): what it tells, and the fingers on the
    /// corners, which are the gesture's until they lift.
    mutating func open(_ layout: ScreenLayout, pin: ServicePIN?, at clock: Double, locale: KioskLocale) -> (note: ServiceNote, fingers: [Int]) {
        corners.consume()
        var mode = ServiceMode(layout: layout, pin: pin, levels: state.levels, now: clock, locale: locale)
        if mode.asksPIN, let left = state.pins.secondsLocked(at: clock) { mode.showLock(left) }
        service = mode
        return (mode.asksPIN ? .pinAsked : .opened, corners.fingers)
    }

    /// Hands the open service screen `input` at `clock` (`reported`: a finger's position as
    /// the panel reported it, for calibration): its events, and why it closed (nil: it
    /// shows on).
    mutating func input(_ input: ControlInput, reported: Point?, at clock: Double) -> ([KioskEvent], ServiceClosing?) {
        guard var open = service else { return ([], nil) }
        let events = open.handle(input, reported: reported, now: clock, operator: &state)
        service = open
        return (events, closeIfAsked())
    }

    /// Moves the open service screen on by `dt` to `clock`: its events, and why it closed.
    mutating func advance(by dt: Double, at clock: Double) -> ([KioskEvent], ServiceClosing?) {
        guard var open = service else { return ([], nil) }
        let events = open.advance(by: dt, now: clock, operator: &state)
        service = open
        return (events, closeIfAsked())
    }

    /// Lays the open service screen out for `layout`.
    mutating func relayout(_ layout: ScreenLayout) { service?.relayout(layout, levels: state.levels) }

    /// Seconds from `clock` until the service screen changes by itself or the corner hold
    /// opens it (nil: only input changes it).
    func secondsUntilChange(at clock: Double, holdSeconds: Double) -> Double? {
        if let service { return service.secondsUntilChange(at: clock) }
        return corners.heldSince.map { max(0, holdSeconds - (clock - $0)) }
    }

    /// Closes the service screen when it asked to: why.
    private mutating func closeIfAsked() -> ServiceClosing? {
        guard let closing = service?.closing else { return nil }
        service = nil
        return closing
    }
}
