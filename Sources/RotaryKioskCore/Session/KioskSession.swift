import RotaryKit

/// The kiosk's behaviour between SDL and the models: the screen, the countdown and the rules
/// that join them (pick a program → the dial turns to its minutes; tap → start, pause,
/// resume; hold → cancel; a pause times out; "Done" until touched or `doneSeconds`), plus
/// dimming, the operator's gesture and service screen, the focus, a refused start and
/// rate-limited feedback. No SDL, no clock: the live loop and the replay both drive it with
/// ``handle(_:)`` and ``advance(by:)``, and what it asks of the world leaves every entry point
/// as ``KioskEffect`` values.
public struct KioskSession: Sendable {
    /// The panel's zones in tile order, each with its own screen and countdown: one, unnamed,
    /// without `[[zone]]` tables.
    public private(set) var zones: [KioskZone]
    /// The zone the rings edit and the screen shows, an index into ``zones``.
    public private(set) var selectedZone = 0
    /// The zone the rules act on while ``inZone(_:_:)`` runs (a zone in the background counting
    /// down, a command for another zone); nil: the shown one.
    private var actingZone: Int?
    /// The zone the rules act on: the shown one, or the one ``inZone(_:_:)`` acts on.
    var current: Int { actingZone ?? selectedZone }
    /// Whether the zone the rules act on is the one on the screen.
    var actingOnShownZone: Bool { current == selectedZone }
    /// The controls of the zone the rules act on (the shown zone's, outside
    /// ``inZone(_:_:)``) as they are now.
    public internal(set) var screen: KioskScreen {
        get { zones[current].screen }
        set { zones[current].screen = newValue }
        _modify { yield &zones[current].screen }
    }
    /// That zone's countdown, its set point and its timeouts.
    var countdown: Countdown {
        get { zones[current].countdown }
        set { zones[current].countdown = newValue }
        _modify { yield &zones[current].countdown }
    }
    /// That zone's arming and use.
    var remoteGate: RemoteGate {
        get { zones[current].remote }
        set { zones[current].remote = newValue }
        _modify { yield &zones[current].remote }
    }
    /// The shown zone's countdown.
    public var timer: CountdownTimer { countdown.timer }
    /// The name of the zone the rules act on (nil: the one zone of a config without zones).
    public var zoneName: String? { zones[current].name }
    public let settings: SessionSettings
    /// Seconds of session time (the sum of every `dt`).
    public private(set) var clock = 0.0
    /// Dimming, sleeping outside the opening hours, waking.
    private var presence = Presence()
    /// The screen is dimmed and nothing is drawn until the next touch.
    public var isDimmed: Bool { presence.isDimmed }
    /// Outside the opening hours with nothing to show: the panel is off (its backlight, or a
    /// black frame) and nothing is drawn until a touch, the hours or a countdown bring it on.
    public var isAsleep: Bool { presence.isAsleep }
    /// The service screen's Quit (or Escape in windowed mode) asked to quit.
    private(set) var quitRequested = false
    /// The operator's brightness and volume.
    public var levels: OperatorLevels { operatorGate.state.levels }
    /// The correction applied to every touch (not the mouse), before anything else sees it.
    public var touchCalibration: TouchCalibration { operatorGate.state.touch }
    /// The wrong-PIN count and lock now, as a restart must keep them.
    public var pinLock: PinLock { operatorGate.state.pins.lock(at: clock) }
    /// The corner gesture, the service screen, and what it changes that the session keeps.
    private var operatorGate: OperatorGate
    /// The service screen, while it shows (a countdown keeps running under it).
    package var service: ServiceMode? { operatorGate.service }
    private var limiter: FeedbackLimiter
    /// Fingers that woke the screen or acknowledged "done": theirs until they lift.
    private var swallowed: [Int] = []
    /// Whether keys or an encoder were used since the last touch: the focus is drawn.
    public private(set) var showsFocus = false
    /// The set point the countdown was started (or restored) with.
    public var timerSetting: SettingReading? { countdown.setting }
    /// Counts the changes of the screen's controls besides their state (another category's
    /// programs on the wheel, a set point that came, went or is another): a view is rebuilt,
    /// and a `layout` line tells the new geometry, when it moves on.
    var controlsGeneration = 0
    /// The fingers on the screen, whichever zone they are on.
    var fingers = FingersOnScreen()
    /// Whether a person has armed remote start for the shown zone at the kiosk
    /// (``RemoteControl/armed``).
    public var arming: RemoteArming { remoteGate.arming }
    /// The fleet update under way (nil: none).
    public internal(set) var fleetUpdate: FleetUpdateState?
    /// What the updater said about the last update (nil: nothing yet), for the state record.
    public internal(set) var updateReport: FleetUpdateReport?
    /// What the world was last told of the session's lasting state (``KioskEffect``).
    var told = WorldReport()

    /// How long a refused start flashes the markers, in seconds.
    public static let rejectFlashSeconds = Countdown.rejectFlashSeconds

    /// A session on `screen` with a zone for each of `zones` (none: one zone), each offering
    /// its programs, the first one shown; with the operator's `levels` (by default: no
    /// backlight, the config's volume) and `touch` calibration.
    public init(screen: KioskScreen, settings: SessionSettings, zones: [ZoneSettings] = [], levels: OperatorLevels? = nil,
                touch: TouchCalibration = .identity, pinLock: PinLock = .open) {
        self.zones = zones.isEmpty ? [KioskZone(name: nil, slug: nil, screen: screen)]
            : zones.map { KioskZone(name: $0.name, slug: $0.id, screen: screen.offering($0.programs)) }
        self.settings = settings
        operatorGate = OperatorGate(state: OperatorState(levels: levels ?? OperatorLevels(brightness: nil, volume: settings.volume),
                                                         touch: touch, pins: PinGuard(restoring: pinLock, at: 0)))
        limiter = FeedbackLimiter(tickInterval: settings.tickInterval)
        for zone in self.zones.indices { inZone(zone) { $0.refreshScreen() } }
    }

    /// Runs `body` with the rules acting on zone `index` (its screen, countdown and remote
    /// gate are the session's, its events are tagged with its name); the screen still shows
    /// the zone it showed.
    mutating func inZone<T>(_ index: Int, _ body: (inout KioskSession) -> T) -> T {
        let acting = actingZone
        actingZone = index
        defer { actingZone = acting }
        return body(&self)
    }

    // MARK: - Input

    /// Any input, live or replayed: the one way input reaches the session. Fingers have the
    /// kiosk's own rules (waking, acknowledging "Done", the admin corners); wheel, keys and
    /// encoder wake the screen, show the focus, let any key but Escape acknowledge "Done",
    /// and otherwise do what ``ControlPanel/apply(_:)`` does with them.
    /// Positions are window pixels; the controls get them in the layout's view.
    public mutating func handle(_ input: ControlInput) -> [KioskEffect] { effects(of: take(input)) }

    private mutating func take(_ input: ControlInput) -> [KioskEvent] {
        var input = input
        if case .pointer(let event) = input { return take(event) }
        if case .wheel(let notches, let point) = input { input = .wheel(notches: notches, at: screen.layout.turn.view(point)) }
        remoteGate.used(at: clock)
        if presence.isResting { return wakeUp() }
        presence.input(at: clock)
        if service != nil { return serviceInput(input) }
        guard case .key(let name) = input else {
            if case .encoder = input { showsFocus = true }
            return react(to: screen.panel.apply(input))
        }
        if let step = Self.zoneKeys[name], zones.count > 1 {
            let events = selectZone((selectedZone + step + zones.count) % zones.count, at: clock)
            remoteGate.used(at: clock)  // the zone now shown: a person is at it
            return events
        }
        let action = KeyBindings.action(forKey: name)
        switch action {
        case .turn, .nextFocus: showsFocus = true
        case .quit:
            if settings.escapeQuits { quitRequested = true }
            return []
        case .pressButton, nil: break
        }
        if timer.state == .finished { return timerChanged(countdown.timer.acknowledge()) }
        return react(to: screen.panel.apply(input))
    }

    /// A finger or the mouse, at window pixels. A finger's position is corrected by
    /// ``touchCalibration`` first.
    public mutating func pointer(_ event: PointerEvent) -> [KioskEffect] { handle(.pointer(event)) }

    private mutating func take(_ event: PointerEvent) -> [KioskEvent] {
        var event = event
        let layout = screen.layout
        let reported = event.finger == PointerEvent.mouseFinger ? nil : event.position
        if reported != nil { event.position = touchCalibration.apply(event.position, width: layout.width, height: layout.height) }
        event.position = layout.turn.view(event.position)
        presence.input(at: clock)
        fingers.track(event)
        if event.phase == .down {
            showsFocus = false
            // First, so a finger that wakes the screen or acknowledges "Done" still counts
            // towards the operator's corners.
            operatorGate.fingerDown(event, width: screen.layout.viewWidth, height: screen.layout.viewHeight, at: clock)
            if presence.isResting || (timer.state == .finished && service == nil) {
                // Only wakes the screen or acknowledges "Done", but someone is there.
                remoteGate.used(at: clock)
                swallowed.append(event.finger)
                return presence.isResting ? wakeUp() : timerChanged(countdown.timer.acknowledge())
            }
        }
        if event.phase == .up || event.phase == .cancelled { operatorGate.fingerUp(event.finger) }
        if let index = swallowed.firstIndex(of: event.finger) {
            if event.phase == .up || event.phase == .cancelled { swallowed.remove(at: index) }
            return []
        }
        if event.phase == .down, service == nil, let zone = layout.zoneTiles.firstIndex(where: { $0.contains(event.position) }) {
            swallowed.append(event.finger)
            let events = selectZone(zone, at: event.time)
            remoteGate.used(at: clock)  // the zone now shown: a person is at it
            return events
        }
        if event.phase == .down, service == nil, showsArmingControl,
           event.position.distance(to: layout.remoteArmCenter) <= layout.remoteArmSize / 2 {
            swallowed.append(event.finger)
            return toggleArming()
        }
        remoteGate.used(at: clock)
        if service != nil { return serviceInput(.pointer(event), reported: reported) }
        return react(to: screen.panel.handle(event))
    }

    /// Whether the remote-start arming control is on the screen: with `[mqtt] control =
    /// "armed"`, and not while a countdown holds the screen (a remote start could not start
    /// then, and the running view takes its room).
    package var showsArmingControl: Bool { settings.remoteControl.showsArming && !countdown.holdsScreen }

    /// Mouse-wheel notches over `point` (positive: towards the user). One notch towards the
    /// user turns the control under the pointer to its next item.
    public mutating func wheel(notches: Int, at point: Point) -> [KioskEffect] { handle(.wheel(notches: notches, at: point)) }

    /// Rotary-encoder steps (positive: clockwise) to the focused control.
    public mutating func encoder(steps: Int) -> [KioskEffect] { handle(.encoder(steps: steps)) }

    /// A key by SDL's name.
    public mutating func key(_ name: String) -> [KioskEffect] { handle(.key(name)) }

    /// The keys that show the next zone (Page Down) and the one before (Page Up), round.
    static let zoneKeys = ["PageDown": 1, "PageUp": -1]
    /// How many times a start lands what moves: the strip, then the wheel it set, then the
    /// dial the wheel's program set; one more finds nothing moving.
    static let landingRounds = 4

    // MARK: - Time

    /// Sets the local time of day (seconds since midnight), which ``advance(by:)`` moves on
    /// from there: the opening hours are read against it.
    public mutating func setTimeOfDay(_ seconds: Double) { presence.setTimeOfDay(seconds) }

    /// Whether it is outside the opening hours now.
    public var isClosed: Bool { presence.isClosed(settings.openingHours) }

    /// Moves animations and the countdown on by `dt` seconds.
    public mutating func advance(by dt: Double) -> [KioskEffect] { effects(of: moveOn(by: dt)) }

    private mutating func moveOn(by dt: Double) -> [KioskEvent] {
        guard dt.isFinite, dt > 0 else { return [] }
        clock += dt
        presence.pass(dt)
        var events: [KioskEvent] = []
        for zone in zones.indices {
            events += inZone(zone) { session in
                var events = session.react(to: session.screen.panel.advance(by: dt))
                events += session.timerChanged(session.countdown.timer.advance(by: dt))
                if let (report, timedOut) = session.countdown.dueTimeout(at: session.clock, settings: session.settings) {
                    events += session.timerChanged(report, timedOut: timedOut)
                }
                return events
            }
        }
        if service != nil {
            let (moved, closing) = operatorGate.advance(by: dt, at: clock)
            events += limited(moved)
            serviceClosed(closing)
        } else if operatorGate.holdComplete(at: clock, holdSeconds: settings.adminHoldSeconds) {
            events += openService()
        }
        for zone in zones.indices {
            events += inZone(zone) { session in
                var events: [KioskEvent] = []
                if session.remoteGate.armingExpired(at: session.clock) { events += session.disarm(.expired) }
                if session.isAsleep || session.service != nil { events += session.disarm(.local) }
                return events
            }
        }
        events += moveUpdateOn()
        presence.dimIfIdle(at: clock, idle: service == nil && !holdsScreen && isAtRest,
                           settings: settings)
        return events + presence.followHours(at: clock, mayGoOff: mayGoOff, settings: settings)
    }

    /// Whether nothing keeps the panel on outside the opening hours: no countdown, no "Done",
    /// no service screen, no control moving.
    private var mayGoOff: Bool {
        isClosed && service == nil && !holdsScreen && isAtRest
    }

    /// Whether some zone's countdown runs, is paused or shows "Done": nothing dims or goes off.
    private var holdsScreen: Bool { zones.contains { $0.countdown.holdsScreen } }

    /// The first input on a dimmed or sleeping panel: it only wakes it.
    mutating func wakeUp() -> [KioskEvent] { presence.wake(at: clock) }

    /// What the backlight should be now, a fraction of its maximum (nil: there is none): the
    /// operator's brightness, a fifth of it while dimmed, 0 (off) while the panel sleeps.
    public var backlightLevel: Double? { presence.backlightLevel(levels.brightness) }

    /// Whether nothing moves and no finger is down, in any zone (a running countdown is not
    /// motion).
    public var isAtRest: Bool { zones.allSatisfy(\.screen.panel.isAtRest) && service?.isAtRest != false }

    /// Whether the picture changes from frame to frame: a control moves or is held, "Done"
    /// pulses (not under the service screen, which shows it still), or a refused start
    /// flashes.
    public var isAnimating: Bool {
        !isAtRest || (timer.state == .finished && !isDimmed && service == nil) || rejectFlash > 0
    }

    /// Seconds until the session changes by itself (the countdown's next second, a pause or
    /// "Done" timing out, dimming, the admin hold, a held button's long press; 0 while a
    /// control moves), or nil when only input can change it. Stepping over this span in one
    /// `advance` gives the same events as stepping through it.
    public var secondsUntilChange: Double? {
        var soonest: Double?
        func consider(_ s: Double) { soonest = min(soonest ?? s, max(0, s)) }
        for (index, zone) in zones.enumerated() {
            if let change = zone.screen.panel.secondsUntilChange { consider(change) }
            if let change = zone.countdown.secondsUntilChange(at: clock, settings: settings) { consider(change) }
            // The shown arming's face counts down each second while it shows; dimmed, or in
            // the background, only its end matters.
            let arming = zone.remote.arming
            let face = index == selectedZone && !isDimmed
            if let change = face ? arming.secondsUntilChange(at: clock) : arming.secondsLeft(at: clock) { consider(change) }
        }
        if let change = operatorGate.secondsUntilChange(at: clock, holdSeconds: settings.adminHoldSeconds) { consider(change) }
        if let change = presence.secondsUntilChange(at: clock, idle: !holdsScreen, mayGoOff: mayGoOff,
                                                    serviceOpen: service != nil, settings: settings) {
            consider(change)
        }
        return soonest
    }

    // MARK: - What the view shows besides the models

    /// How strongly a refused start still flashes the markers, 1 → 0 over
    /// ``rejectFlashSeconds``.
    public var rejectFlash: Double { countdown.rejectFlash(at: clock) }

    /// Seconds since the countdown finished, while "Done" shows (nil otherwise).
    public var secondsDone: Double? { countdown.secondsDone(at: clock) }

    /// Where the dial is shown, as an item coordinate, while it stands for a countdown: it
    /// unwinds with the remaining time like a kitchen timer's, and rests on 0 at "Done".
    /// Nil when the dial shows its own position.
    public var dialShowing: Double? {
        switch timer.state {
        case .running, .paused, .finished: screen.dialCoordinate(forMinutes: timer.secondsLeft / 60)
        case .idle, .cancelled: nil
        }
    }

    /// What the centre button says: "Start", the time left (with "paused"), or "Done", in
    /// the screen's language.
    public var buttonFace: ButtonFace {
        let words = screen.locale.words
        return switch timer.state {
        case .idle, .cancelled: ButtonFace(label: words.start)
        case .running: ButtonFace(label: TimeText.format(seconds: timer.secondsLeft, numbers: screen.locale.numbers))
        case .paused: ButtonFace(label: TimeText.format(seconds: timer.secondsLeft, numbers: screen.locale.numbers),
                                 detail: words.paused)
        case .finished: ButtonFace(label: words.done)
        }
    }

    // MARK: - Layout and restore

    /// Rebuilds the screen for `layout`, keeping what is selected and the countdown's face
    /// (a ``KioskEffect/rebuildView``); no effects, and nothing touched, when `layout` is the
    /// one shown. (X11 reports a fullscreen window's size once more after it shows: that must
    /// not lift a finger already on a control.)
    public mutating func relayout(_ layout: ScreenLayout) -> [KioskEffect] {
        guard layout != screen.layout else { return [] }
        for zone in zones.indices {
            inZone(zone) { session in
                session.screen = session.screen.relaidOut(layout)
                session.refreshScreen()
            }
        }
        operatorGate.relayout(layout)
        controlsGeneration += 1
        return effects(of: [])
    }

    /// Puts back a saved countdown of the program named `program` with the set point it was
    /// started with (see
    /// ``CountdownTimer/restore(state:programIndex:program:secondsTotal:secondsLeft:)``). The
    /// program is found by name, in whichever category and wherever it now stands on the
    /// wheel, and the screen shows it; when the config no longer has it, the countdown still
    /// runs to its end under its saved name (index −1), so its hooks fire as they should, and
    /// an `error` says so.
    public mutating func restore(state: TimerState, program: String, secondsTotal: Double, secondsLeft: Double,
                                 setting: SettingReading? = nil) -> [KioskEffect] {
        restore([SavedCountdown(state: state, program: program, secondsTotal: secondsTotal, secondsLeft: secondsLeft, setting: setting)])
    }

    /// Puts back every zone's saved countdown at once (one for a zone the session no longer
    /// has is left out), then tells the world: no zone is announced idle in between.
    public mutating func restore(_ countdowns: [SavedCountdown]) -> [KioskEffect] {
        var events: [KioskEvent] = []
        for saved in countdowns where zones.indices.contains(saved.zone) {
            events += inZone(saved.zone) { $0.restoring(saved) }
        }
        return effects(of: events)
    }

    private mutating func restoring(_ saved: SavedCountdown) -> [KioskEvent] {
        var events: [KioskEvent] = []
        let place = screen.place(ofProgram: saved.program)
        if let place {
            show(place, setting: saved.setting?.value)
        } else {
            let offered = zoneName.map { "zone \($0) no longer offers" } ?? "the config no longer has"
            events.append(.error("the saved countdown is for \"\(saved.program)\", which \(offered): it runs to its end under that name"))
        }
        countdown.setting = saved.setting
        let report = countdown.timer.restore(state: saved.state, programIndex: place?.index ?? -1, program: saved.program,
                                             secondsTotal: saved.secondsTotal, secondsLeft: saved.secondsLeft)
        return events + timerChanged(report)
    }

    /// The shown screen's controls changed besides their state: the view is rebuilt and a
    /// `layout` line follows. A zone in the background changing is nothing to rebuild.
    private mutating func controlsChanged() {
        if actingOnShownZone { controlsGeneration += 1 }
    }

    // MARK: - Zones

    /// Makes zone `index` the one the rings edit (a tap on its tile): its screen shows as it
    /// was left. Fingers on the zone shown before are let go of at `time` (the tap's, seconds),
    /// so none stays on a control nobody sees.
    mutating func selectZone(_ index: Int, at time: Double) -> [KioskEvent] {
        guard zones.indices.contains(index), index != selectedZone else { return [] }
        let released = react(to: screen.panel.cancelTouches(at: time))
        selectedZone = index
        controlsChanged()
        let tile = zones[index].tile
        return released + [.control(.selected(id: KioskControl.zones.id, index: index, label: tile.label, value: nil), zone: zoneName)]
            + feedback(.press)
    }

    /// Puts the program at `place` on the screen at once, its category shown and its set
    /// point at `setting` (nil: its default); true when the category changed.
    @discardableResult
    mutating func show(_ place: (category: Int, index: Int), setting: Double?) -> Bool {
        let categoryChanged = screen.showCategory(place.category)
        if categoryChanged { controlsChanged() }
        screen.wheel.place(atCoordinate: Double(place.index))
        if screen.showSetting(value: setting) { controlsChanged() }
        return categoryChanged
    }

    // MARK: - The service screen

    /// The corner hold: the PIN pad (saying so while entry is locked) or the menu. The
    /// fingers on the corners are the gesture's until they lift.
    private mutating func openService() -> [KioskEvent] {
        let (note, fingers) = operatorGate.open(screen.layout, pin: settings.pin, at: clock, locale: screen.locale)
        swallowed += fingers.filter { !swallowed.contains($0) }
        return [.service(note)] + feedback(.confirm)
    }

    private mutating func serviceInput(_ input: ControlInput, reported: Point? = nil) -> [KioskEvent] {
        let (events, closing) = operatorGate.input(input, reported: reported, at: clock)
        serviceClosed(closing)
        return limited(events)
    }

    /// `events` with their feedback rate-limited as the kiosk screen's is.
    private mutating func limited(_ events: [KioskEvent]) -> [KioskEvent] {
        events.flatMap { event -> [KioskEvent] in
            if case .feedback(let kind) = event { return feedback(kind) }
            return [event]
        }
    }

    /// Back to the kiosk screen (or out of the app) when the service screen closed.
    private mutating func serviceClosed(_ closing: ServiceClosing?) {
        guard let closing else { return }
        presence.input(at: clock)
        if closing == .quit { quitRequested = true }
    }

    // MARK: - Rules

    /// Turns control events into kiosk events and applies the rules they trigger.
    mutating func react(to controlEvents: [ControlEvent]) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for event in controlEvents {
            events.append(.control(event, zone: zoneName))
            switch event {
            case .detent:
                events += feedback(.tick)
            case .selected(KioskControl.wheel.id, _, _, _) where !timer.isActive:
                // A new program: its set point at its default, the dial on its minutes.
                if screen.showSetting(value: nil) { controlsChanged() }
                events += dialToProgram()
            case .selected(KioskControl.categories.id, let index, _, _) where !timer.isActive:
                if screen.showCategory(index) {
                    controlsChanged()
                    events += dialToProgram()
                }
            case .pressed(KioskControl.button.id):
                events += buttonPressed()
                if timer.isActive { events += disarm(.local) }
            case .longPressed(KioskControl.button.id):
                events += timerChanged(countdown.timer.cancel())
            default:
                break
            }
        }
        return events
    }

    /// The dial turns to the minutes of the program on the wheel.
    private mutating func dialToProgram() -> [KioskEvent] {
        guard let program = screen.selectedProgram else { return [] }
        return react(to: screen.turn(.dial, .item(screen.dialIndex(forMinutes: program.minutes))))
    }

    mutating func buttonPressed() -> [KioskEvent] {
        switch timer.state {
        case .idle, .cancelled:
            // What you see is what runs: a ring or the strip still coasting lands first, with
            // what follows from it (a new program's minutes on the dial), then the start.
            var landed: [KioskEvent] = []
            for _ in 0..<Self.landingRounds {
                let events = react(to: screen.panel.finishSettling())
                if events.isEmpty { break }
                landed += events
            }
            let program = screen.wheel.selectedIndex
            guard let chosen = screen.selectedProgram,
                  let report = countdown.timer.start(programIndex: program, program: chosen.name,
                                                     seconds: Double(screen.selectedMinutes) * 60) else {
                countdown.refused(at: clock)
                return landed + feedback(.reject)
            }
            countdown.setting = screen.selectedReading
            return landed + timerChanged(report)
        case .running, .paused:
            return timerChanged(countdown.timer.togglePause())
        case .finished:
            return timerChanged(countdown.timer.acknowledge())
        }
    }

    /// The events of a timer transition, its feedback, and the screen brought in line.
    mutating func timerChanged(_ report: TimerReport?, timedOut: Bool = false) -> [KioskEvent] {
        guard let report else { return [] }
        countdown.changed(at: clock)
        var events: [KioskEvent] = [.timer(report, setting: timerSetting, timedOut: timedOut, zone: zoneName)]
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
            // Ready for the next person: the dial turns back from where the countdown left it
            // to the time that was set.
            let minutes = Int(saturating: (report.secondsTotal / 60).rounded())
            screen.dial.place(atCoordinate: screen.dialCoordinate(forMinutes: report.secondsLeft / 60))
            events += react(to: screen.turn(.dial, .item(screen.dialIndex(forMinutes: minutes))))
        }
        return events
    }

    mutating func feedback(_ kind: FeedbackKind) -> [KioskEvent] {
        limiter.allows(kind, at: clock) ? [.feedback(kind)] : []
    }

    /// Locks the rings and arms the button's long press as the countdown's state wants them.
    private mutating func refreshScreen() {
        screen.panel.locked = countdown.holdsScreen ? Set(KioskControl.allCases.filter(\.locksWithCountdown).map(\.id)) : []
        screen.button.longPressSeconds = timer.isActive ? settings.longPressSeconds : nil
    }
}
