import RotaryKit

/// The service screen while it shows: its page and controls, the PIN typed so far, what the
/// PIN pad says, and when it was last touched. It reads the PIN against the config's hash
/// (``PinHash``), and changes the session's ``OperatorState``: it counts wrong PINs, sets the
/// levels as the knob and arc turn, takes or resets a touch calibration. It says when it
/// should close.
/// Pure: times are session seconds.
package struct ServiceMode: Sendable {
    /// The menu closes after this long without a touch.
    static let menuTimeoutSeconds = 120.0
    /// A PIN pad left alone goes away sooner: it stands in front of the public.
    static let pinTimeoutSeconds = 30.0

    package private(set) var screen: ServiceScreen
    /// The digits typed on the PIN pad so far.
    private(set) var digits = ""
    /// What the PIN pad says under the dots (a wrong PIN, a lock).
    private(set) var message: String?
    /// Session time of the last touch or key.
    private(set) var lastTouch: Double
    /// The fingers on the touch test, by id, where they are (the layout's view).
    private(set) var fingers: [Int: Point] = [:]
    /// The touch calibration being taken, while its page shows.
    private(set) var calibration: CalibrationRun?
    /// What the Touch tab says about the last calibration or reset.
    private(set) var touchMessage: String?
    /// Set when the service screen should close, and why.
    private(set) var closing: ServiceClosing?
    private let pin: ServicePIN?
    /// The panel's language: the words it writes and names its tabs with.
    let locale: KioskLocale
    var words: ServiceWords { locale.service }

    /// The service screen in `layout` opened at `now`: the PIN pad when there is a `pin`,
    /// else the menu.
    init(layout: ScreenLayout, pin: ServicePIN?, levels: OperatorLevels, now: Double, locale: KioskLocale) {
        self.pin = pin
        self.locale = locale
        lastTouch = now
        screen = ServiceScreen(layout: layout, page: pin == nil ? .menu(.display) : .pin, levels: levels, locale: locale)
    }

    /// Shows on the PIN pad that entry is locked for `seconds` more.
    mutating func showLock(_ seconds: Double) { message = lockMessage(seconds) }

    /// Whether the PIN pad shows.
    var asksPIN: Bool { screen.page == .pin }

    /// Seconds until it closes by itself at `now`.
    func secondsUntilTimeout(at now: Double) -> Double {
        (asksPIN ? Self.pinTimeoutSeconds : Self.menuTimeoutSeconds) - (now - lastTouch)
    }

    /// Input at `now` (positions in the layout's view); for a touch also where the panel
    /// reported it (window pixels, uncorrected), which the calibration page takes instead.
    /// Escape closes it.
    mutating func handle(_ input: ControlInput, reported: Point? = nil, now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        lastTouch = now
        if case .key(let name) = input, KeyBindings.action(forKey: name) == .quit {
            closing = .left
            return [.service(.closed(.left))]
        }
        if screen.page == .calibration {
            // Only touches, as the panel reports them: the mouse and the keys have no part in it.
            guard case .pointer(var event) = input, let reported else { return [] }
            event.position = reported
            return calibrate(event, operator: &state)
        }
        if screen.page == .touchTest, case .pointer(let event) = input {
            fingers[event.finger] = event.phase == .up || event.phase == .cancelled ? nil : event.position
        }
        return react(to: screen.panel.apply(input), now: now, operator: &state)
    }

    /// A touch on the calibration page; back to the Touch tab with the outcome after the
    /// fourth tap.
    private mutating func calibrate(_ event: PointerEvent, operator state: inout OperatorState) -> [KioskEvent] {
        guard var run = calibration else { return [] }
        let outcome = run.handle(event)
        let tapped = run.step > calibration?.step ?? 0
        calibration = run
        guard let outcome else { return tapped ? [.feedback(.press)] : [] }
        calibration = nil
        screen.show(.menu(.touch), levels: state.levels)
        let allowed = Int(run.maxCheckError.rounded())
        switch outcome {
        case .calibrated(let calibrated, let error):
            state.touch = calibrated
            touchMessage = words(.calibrated, n: Int(error.rounded()))
            return [.service(.calibrated(calibrated, checkError: error)), .feedback(.confirm)]
        case .checkMissed(let error):
            touchMessage = words(.notCalibrated, n: Int(error.rounded()), m: allowed)
            return [.service(.calibrationRefused(checkError: error)), .feedback(.reject)]
        case .unusable:
            touchMessage = words(.notCalibratedUnusable)
            return [.service(.calibrationRefused(checkError: nil)), .feedback(.reject)]
        }
    }

    /// Moves the strip and the buttons on by `dt` seconds; closes after the timeout.
    mutating func advance(by dt: Double, now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        var out = react(to: screen.panel.advance(by: dt), now: now, operator: &state)
        if closing == nil, secondsUntilTimeout(at: now) <= 0 {
            closing = .timeout
            out.append(.service(.closed(.timeout)))
        }
        return out
    }

    private mutating func react(to events: [ControlEvent], now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        events.compactMap(ServiceAction.init).flatMap { carryOut($0, now: now, operator: &state) }
    }

    /// Does what a control asked for at `now`.
    private mutating func carryOut(_ action: ServiceAction, now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        let levels = state.levels
        switch action {
        case .close where screen.page == .touchTest:
            fingers = [:]
            screen.show(.menu(.touch), levels: levels)
        case .showTouchTest:
            screen.show(.touchTest, levels: levels)
        case .calibrate:
            calibration = CalibrationRun(width: screen.turn.windowWidth, height: screen.turn.windowHeight)
            screen.show(.calibration, levels: levels)
        case .resetCalibration where state.touch.isIdentity:
            touchMessage = words(.noCalibration)
        case .resetCalibration:
            state.touch = .identity
            touchMessage = words(.calibrationReset)
            return [.service(.calibrationReset), .feedback(.confirm)]
        case .close, .leave:
            closing = .left
            return [.service(.closed(.left))]
        case .quit:
            closing = .quit
            return [.service(.closed(.quit))]
        case .padKey(let key):
            return self.key(key, now: now, operator: &state)
        case .tick:
            return [.feedback(.tick)]
        case .showTab(let tab):
            screen.show(.menu(tab), levels: levels)
        case .brightness(let percent, let settled):
            state.levels.brightness = percent / 100
            if settled { return [.service(.brightness(percent / 100))] }
        case .volume(let percent, let settled):
            state.levels.volume = percent / 100
            if settled { return [.service(.volume(percent / 100)), .feedback(.confirm)] }  // heard at the new volume
        }
        return []
    }

    /// A keypad key: a digit, `back` or `ok`.
    private mutating func key(_ key: PadKey, now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        if let left = state.pins.secondsLocked(at: now) {
            message = lockMessage(left)
            return [.feedback(.reject)]
        }
        switch key {
        case .back:
            if !digits.isEmpty { digits.removeLast() }
            message = nil
            return [.feedback(.press)]
        case .ok:
            return check(now: now, operator: &state)
        case .digit(let digit):
            guard digits.count < ServicePIN.digits.upperBound else { return [.feedback(.reject)] }
            digits += String(digit)
            message = nil
            return [.feedback(.press)]
        }
    }

    private mutating func check(now: Double, operator state: inout OperatorState) -> [KioskEvent] {
        defer { digits = "" }
        guard let pin, !pin.matches(digits) else {
            state.pins.right()
            message = nil
            screen.show(.menu(.display), levels: state.levels)
            return [.service(.opened), .feedback(.confirm)]
        }
        let note = state.pins.wrong(at: now)
        guard case .pinRejected(let left) = note else {
            message = lockMessage(PinGuard.lockSeconds)
            return [.service(note), .error("service: \(PinGuard.triesBeforeLock) wrong PINs in a row; "
                                            + "the service screen is locked for \(Int(PinGuard.lockSeconds)) s"),
                    .feedback(.reject)]
        }
        message = words(.wrongPIN, n: left)
        return [.service(note), .feedback(.reject)]
    }

    private func lockMessage(_ seconds: Double) -> String {
        words(.lockedOut, n: PinGuard.triesBeforeLock, m: Int(seconds.rounded(.up)))
    }

    /// Whether nothing on the service screen moves and no finger is on it.
    var isAtRest: Bool { screen.panel.isAtRest }

    /// Seconds until it changes by itself at `now` (a control settling, the timeout).
    func secondsUntilChange(at now: Double) -> Double {
        min(screen.panel.secondsUntilChange ?? .infinity, max(0, secondsUntilTimeout(at: now)))
    }
}

extension ServiceMode {
    /// The same page built for `layout` (a calibration under way starts again at its size).
    mutating func relayout(_ layout: ScreenLayout, levels: OperatorLevels) {
        screen = ServiceScreen(layout: layout, page: screen.page, levels: levels, locale: locale)
        if calibration != nil { calibration = CalibrationRun(width: layout.width, height: layout.height) }
    }
}
