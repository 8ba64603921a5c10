import RotaryKit

/// The kiosk's behaviour between SDL and the models: the screen, the countdown and the rules
/// that join them (pick a program → the dial turns to its minutes; tap → start, pause,
/// resume; hold → cancel; done until touched), plus dimming, the admin gesture and rate-limited
/// feedback. No SDL, no clock: the live loop and the replay both drive it with `dt`.
public struct KioskSession: Sendable {
    /// The controls as they are now.
    public private(set) var screen: KioskScreen
    /// The countdown.
    public private(set) var timer = CountdownTimer()
    public let settings: SessionSettings
    /// Seconds of session time (the sum of every `dt`).
    public private(set) var clock = 0.0
    /// The screen is dimmed and nothing is drawn until the next touch.
    public private(set) var isDimmed = false
    /// The admin gesture (or Escape in windowed mode) asked to quit.
    public private(set) var quitRequested = false
    private var limiter: FeedbackLimiter
    private var lastInput = 0.0
    /// Fingers that woke the screen or acknowledged "done": theirs until they lift.
    private var swallowed: [Int] = []
    private var corners = AdminCorners()

    /// A session on `screen`.
    public init(screen: KioskScreen, settings: SessionSettings) {
        self.screen = screen
        self.settings = settings
        limiter = FeedbackLimiter(tickInterval: settings.tickInterval)
        refreshScreen()
    }

    // MARK: - Input

    /// A finger or the mouse.
    public mutating func pointer(_ event: PointerEvent) -> [KioskEvent] {
        lastInput = clock
        if event.phase == .down {
            if isDimmed {
                isDimmed = false
                swallowed.append(event.finger)
                return []
            }
            if timer.state == .finished {
                swallowed.append(event.finger)
                return timerChanged(timer.acknowledge())
            }
            corners.down(event, width: screen.layout.width, height: screen.layout.height, at: clock)
        }
        if let index = swallowed.firstIndex(of: event.finger) {
            if event.phase == .up || event.phase == .cancelled { swallowed.remove(at: index) }
            return []
        }
        if event.phase == .up || event.phase == .cancelled { corners.up(event.finger) }
        return react(to: screen.panel.handle(event))
    }

    /// Mouse-wheel notches over `point`: SDL's `dy` (positive: away from the user). One
    /// notch towards the user turns the control under the pointer to its next item.
    public mutating func wheel(dy: Int, at point: Point) -> [KioskEvent] {
        guard wake() else { return [] }
        guard let index = screen.panel.control(at: point) else { return [] }
        return react(to: screen.panel.turn(screen.panel.controls[index].id, .steps(-dy)))
    }

    /// Rotary-encoder steps (positive: clockwise) to the focused control.
    public mutating func encoder(steps: Int) -> [KioskEvent] {
        guard wake() else { return [] }
        return react(to: screen.panel.turnFocused(.steps(steps)))
    }

    /// A key by SDL's name.
    public mutating func key(_ name: String) -> [KioskEvent] {
        guard wake() else { return [] }
        if timer.state == .finished, KeyBindings.action(forKey: name) != .quit { return timerChanged(timer.acknowledge()) }
        switch KeyBindings.action(forKey: name) {
        case .turn(let command):
            return react(to: screen.panel.turnFocused(command))
        case .pressButton:
            return react(to: screen.panel.turn(KioskScreen.buttonID, .activate))
        case .nextFocus:
            screen.panel.focusIndex = (screen.panel.focusIndex + 1) % max(1, screen.panel.controls.count)
            return []
        case .quit:
            if settings.escapeQuits { quitRequested = true }
            return []
        case nil:
            return []
        }
    }

    // MARK: - Time

    /// Moves animations and the countdown on by `dt` seconds.
    public mutating func advance(by dt: Double) -> [KioskEvent] {
        guard dt.isFinite, dt > 0 else { return [] }
        clock += dt
        var events = react(to: screen.panel.advance(by: dt))
        events += timerChanged(timer.advance(by: dt))
        if timer.isActive { showRemainingTime() }
        if corners.heldSince.map({ clock - $0 >= settings.adminHoldSeconds }) == true { quitRequested = true }
        if !isDimmed, settings.dimAfterSeconds > 0, clock - lastInput >= settings.dimAfterSeconds,
           !timer.isActive, timer.state != .finished, screen.panel.isAtRest {
            isDimmed = true
        }
        return events
    }

    /// Whether nothing moves and no finger is down (a running countdown is not motion).
    public var isAtRest: Bool { screen.panel.isAtRest }

    /// Seconds until the screen changes by itself (the countdown's next second, dimming, the
    /// admin hold), or nil when only input can change it.
    public var secondsUntilChange: Double? {
        var soonest: Double?
        func consider(_ s: Double) { soonest = min(soonest ?? s, max(0, s)) }
        if timer.state == .running {
            let fraction = timer.secondsLeft - timer.secondsLeft.rounded(.down)
            consider(fraction > 0.001 ? fraction : 1)
        }
        if !isDimmed, settings.dimAfterSeconds > 0, !timer.isActive, timer.state != .finished {
            consider(settings.dimAfterSeconds - (clock - lastInput))
        }
        if let since = corners.heldSince { consider(settings.adminHoldSeconds - (clock - since)) }
        return soonest
    }

    // MARK: - Layout and restore

    /// Rebuilds the screen for `layout`, keeping what is selected and the countdown's face.
    public mutating func relayout(_ layout: ScreenLayout) {
        screen = screen.relaidOut(layout)
        refreshScreen()
    }

    /// Puts back a saved countdown (see ``CountdownTimer/restore(state:programIndex:program:secondsTotal:secondsLeft:)``).
    public mutating func restore(state: TimerState, programIndex: Int, secondsTotal: Double, secondsLeft: Double) -> [KioskEvent] {
        guard screen.programs.indices.contains(programIndex) else {
            return [.error("saved timer names program \(programIndex), which the config no longer has; ignored")]
        }
        screen.panel.update(KioskScreen.wheelID, as: RingControl.self) { $0.place(atCoordinate: Double(programIndex)) }
        let report = timer.restore(state: state, programIndex: programIndex, program: screen.programs[programIndex].name,
                                   secondsTotal: secondsTotal, secondsLeft: secondsLeft)
        return timerChanged(report)
    }

    // MARK: - Rules

    private mutating func wake() -> Bool {
        lastInput = clock
        guard isDimmed else { return true }
        isDimmed = false
        return false
    }

    /// Turns control events into kiosk events and applies the rules they trigger.
    private mutating func react(to controlEvents: [ControlEvent]) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for event in controlEvents {
            events.append(.control(event))
            switch event {
            case .detent:
                events += feedback(.tick)
            case .selected(KioskScreen.wheelID, let index, _, _) where !timer.isActive:
                events += react(to: screen.panel.turn(KioskScreen.dialID, .item(screen.dialIndex(forMinutes: screen.programs[index].minutes))))
            case .pressed(KioskScreen.buttonID):
                events += buttonPressed()
            case .longPressed(KioskScreen.buttonID):
                events += timerChanged(timer.cancel())
            default:
                break
            }
        }
        return events
    }

    private mutating func buttonPressed() -> [KioskEvent] {
        switch timer.state {
        case .idle, .cancelled:
            let program = screen.wheel.selectedIndex
            let minutes = screen.dialMinutes[screen.dial.selectedIndex]
            guard let report = timer.start(programIndex: program, program: screen.programs[program].name,
                                           seconds: Double(minutes) * 60) else { return feedback(.reject) }
            return timerChanged(report)
        case .running, .paused:
            return timerChanged(timer.togglePause())
        case .finished:
            return timerChanged(timer.acknowledge())
        }
    }

    /// The events of a timer transition, its feedback, and the screen brought in line.
    private mutating func timerChanged(_ report: TimerReport?) -> [KioskEvent] {
        guard let report else { return [] }
        var events: [KioskEvent] = [.timer(report)]
        switch report.state {
        case .running where report.previous == .idle || report.previous == .cancelled || report.previous == .finished:
            events += feedback(.confirm)
        case .running, .paused: events += feedback(.press)
        case .finished: events += feedback(.alarm)
        case .cancelled:
            events += feedback(.press)
        case .idle: break
        }
        refreshScreen()
        if report.state == .cancelled || (report.state == .idle && report.previous == .finished) {
            // Ready for the next person: the dial turns back to the time that was set.
            let minutes = Int((report.secondsTotal / 60).rounded())
            screen.panel.update(KioskScreen.dialID, as: RingControl.self) { $0.place(atCoordinate: Double($0.selectedIndex)) }
            events += react(to: screen.panel.turn(KioskScreen.dialID, .item(screen.dialIndex(forMinutes: minutes))))
        }
        return events
    }

    private mutating func feedback(_ kind: FeedbackKind) -> [KioskEvent] {
        limiter.allows(kind, at: clock) ? [.feedback(kind)] : []
    }

    /// The dial unwinds with the remaining time, like a kitchen timer's.
    private mutating func showRemainingTime() {
        let coordinate = screen.dialCoordinate(forMinutes: timer.secondsLeft / 60)
        screen.panel.update(KioskScreen.dialID, as: RingControl.self) { $0.place(atCoordinate: coordinate) }
        refreshButton()
    }

    /// Locks, the button's face and the dial's position as the countdown's state wants them.
    private mutating func refreshScreen() {
        screen.panel.locked = timer.isActive || timer.state == .finished ? [KioskScreen.wheelID, KioskScreen.dialID] : []
        if timer.isActive { showRemainingTime() } else { refreshButton() }
    }

    private mutating func refreshButton() {
        let (label, detail): (String, String) = switch timer.state {
        case .idle, .cancelled: ("Start", "")
        case .running: (TimeText.format(seconds: timer.secondsLeft), "")
        case .paused: (TimeText.format(seconds: timer.secondsLeft), "paused")
        case .finished: ("Done", "")
        }
        let armed = timer.isActive ? settings.longPressSeconds : nil
        screen.panel.update(KioskScreen.buttonID, as: CenterButton.self) {
            $0.label = label
            $0.detail = detail
            $0.longPressSeconds = armed
        }
    }
}

/// The admin gesture: two fingers held on opposite corners (top-left and bottom-right) of
/// the window, away from every control.
struct AdminCorners: Sendable {
    private var topLeft: Int?
    private var bottomRight: Int?
    /// Since when both corners are held.
    private(set) var heldSince: Double?

    mutating func down(_ event: PointerEvent, width: Double, height: Double, at time: Double) {
        let reach = min(width, height) * 0.12
        let p = event.position
        if p.x <= reach && p.y <= reach { topLeft = event.finger }
        if p.x >= width - reach && p.y >= height - reach { bottomRight = event.finger }
        if topLeft != nil, bottomRight != nil, heldSince == nil { heldSince = time }
    }

    mutating func up(_ finger: Int) {
        if topLeft == finger { topLeft = nil }
        if bottomRight == finger { bottomRight = nil }
        if topLeft == nil || bottomRight == nil { heldSince = nil }
    }
}
