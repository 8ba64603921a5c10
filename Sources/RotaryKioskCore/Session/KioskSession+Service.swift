import RotaryKit

/// The operator's side of the session, carried by ``OperatorGate``: the corner hold opens
/// the service screen, which then takes every input until it closes; what it changes that
/// the session keeps; and whether an operator should look.
extension KioskSession {
    /// The service screen, while it shows (a countdown keeps running under it).
    package var service: ServiceMode? { operatorGate.service }
    /// The operator's brightness and volume.
    public var levels: OperatorLevels { operatorGate.state.levels }
    /// The correction applied to every touch (not the mouse), before anything else sees it.
    public var touchCalibration: TouchCalibration { operatorGate.state.touch }
    /// The wrong-PIN count and lock now, as a restart must keep them.
    public var pinLock: PinLock { operatorGate.state.pins.lock(at: clock) }
    /// Whether something went wrong that an operator should see (the first `error` on): the
    /// service badge shows.
    public var needsOperator: Bool { operatorGate.needsAttention }
    /// The service screen's Quit (or Escape in windowed mode) asked to quit.
    var quitRequested: Bool { outbox.quitAsked }

    /// The operator's part of a step of `dt` seconds: the open service screen moves on (and
    /// may close), or a corner hold that is complete opens it.
    mutating func moveOperatorOn(by dt: Double) -> [KioskEvent] {
        guard service == nil else {
            let (moved, closing) = operatorGate.advance(by: dt, at: clock)
            serviceClosed(closing)
            return moved
        }
        return operatorGate.holdComplete(at: clock, holdSeconds: settings.adminHoldSeconds) ? openService() : []
    }

    /// The corner hold: the PIN pad (saying so while entry is locked) or the menu. The
    /// fingers on the corners are the gesture's until they lift.
    private mutating func openService() -> [KioskEvent] {
        let (note, gesture) = operatorGate.open(screen.layout, pin: settings.pin, at: clock, locale: screen.locale)
        for finger in gesture { panelInput.fingers.claim(finger) }
        return [.service(note), .feedback(.confirm)]
    }

    /// `input` to the open service screen (`reported`: a finger's position as the panel
    /// reported it, for calibrating).
    mutating func serviceInput(_ input: ControlInput, reported: Point? = nil) -> [KioskEvent] {
        let (events, closing) = operatorGate.input(input, reported: reported, at: clock)
        serviceClosed(closing)
        return events
    }

    /// Back to the kiosk screen (or out of the app) when the service screen closed.
    private mutating func serviceClosed(_ closing: ServiceClosing?) {
        guard let closing else { return }
        presence.input(at: clock)
        if closing == .quit { outbox.askQuit() }
    }
}
