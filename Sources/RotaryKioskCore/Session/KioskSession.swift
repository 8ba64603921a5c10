import RotaryKit

/// The kiosk's behaviour between SDL and the models: the screen, the countdown and the rules
/// that join them (pick a program → the dial turns to its minutes; tap → start, pause,
/// resume; hold → cancel; a pause times out; "Done" until touched or `doneSeconds`), plus
/// dimming, the operator's gesture and service screen, the focus, a refused start and
/// rate-limited feedback. No SDL, no clock: the live loop and the replay both drive it with
/// ``handle(_:)`` and ``advance(by:timeOfDay:)``, and what it asks of the world leaves every entry point
/// as ``KioskEffect`` values.
public struct KioskSession: Sendable {
    /// The panel's zones in tile order, each with its own screen, countdown and rules: one,
    /// ``ZoneID/whole``, without `[[zone]]` tables.
    public internal(set) var zones: [KioskZone]
    /// The zone the rings edit and the screen shows, an index into ``zones``.
    public private(set) var selectedZone = 0
    /// The shown zone's controls as they are now.
    public var screen: KioskScreen { zones[selectedZone].screen }
    /// The shown zone's countdown, its set point and its timeouts.
    private var countdown: Countdown { zones[selectedZone].countdown }
    /// The shown zone's countdown.
    public var timer: CountdownTimer { countdown.timer }
    /// Whether the panel is split into `[[zone]]`s (false: its one zone is the whole panel,
    /// which events do not name).
    public var hasZones: Bool { !zones[0].id.isWhole }
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
    /// Rate-limits every feedback the session's events ask for.
    private var limiter: FeedbackLimiter
    /// Whether keys or an encoder were used since the last touch: the focus is drawn.
    public private(set) var showsFocus = false
    /// Counts the relayouts: with the shown zone and its own count, what the view was built
    /// for (``WorldReport/view``).
    private var layoutGeneration = 0
    /// The fingers on the screen, whichever zone they are on, and those the kiosk took.
    var fingers = FingersOnScreen()
    /// Whether a person has armed remote start for the shown zone at the kiosk
    /// (``RemoteControl/armed``).
    public var arming: RemoteArming { zones[selectedZone].remote.arming }
    /// Whether something went wrong that an operator should see (the first `error` on): the
    /// service badge shows.
    public var needsOperator: Bool { operatorGate.needsAttention }
    /// Fleet updates: the one under way and what the updater last said.
    var fleet = FleetUpdater()
    /// The slow move of the whole picture against burn-in.
    private var burnIn: BurnInShift
    /// Where the whole picture stands against burn-in, whole window pixels right and down of
    /// its place: the view is drawn there, and touches are taken back from there. In the view
    /// it never moves up (the dial's marker stands at the top edge) but up to twice the reach
    /// down, into the margin below the dial, and the reach either way across.
    public var pictureShift: Point {
        let offset = burnIn.offset, turn = screen.layout.turn
        let origin = turn.window(Point(x: 0, y: 0)), moved = turn.window(Point(x: Double(offset.x), y: Double(offset.y + burnIn.reach)))
        return Point(x: moved.x - origin.x, y: moved.y - origin.y)
    }
    /// Window point `p` of the shifted picture, where it is on the picture in its place: what a
    /// person touching `p` saw there.
    private func unshifted(_ p: Point) -> Point { Point(x: p.x - pictureShift.x, y: p.y - pictureShift.y) }
    /// Drops touches nobody made (a controller's zero-length or clockwork taps) before
    /// anything sees them.
    private var touchFilter: TouchFilter
    /// The touches dropped as nobody's, by why.
    public var touchesDropped: TouchFilter.Counts { touchFilter.dropped }
    /// What the world was last told of the session's lasting state (``KioskEffect``).
    var told: WorldReport

    /// How long a refused start flashes the markers, in seconds.
    public static let rejectFlashSeconds = Countdown.rejectFlashSeconds

    /// A session on `screen` with a zone for each of `zones` (none: one zone, the whole
    /// panel), each offering its programs, the first one shown; with the operator's `levels`
    /// (by default: no backlight, the config's volume) and `touch` calibration, at the local
    /// `timeOfDay` (seconds since midnight, which ``advance(by:timeOfDay:)`` moves on from;
    /// nil: none, the opening hours are not followed).
    public init(screen: KioskScreen, settings: SessionSettings, zones: [ZoneSettings] = [], levels: OperatorLevels? = nil,
                touch: TouchCalibration = .identity, pinLock: PinLock = .open, timeOfDay: Double? = nil) {
        self.zones = ZoneID.all(zones).map { id in
            KioskZone(id: id, screen: id.isWhole ? screen : screen.offering(zones[id.index].programs), settings: settings)
        }
        self.settings = settings
        operatorGate = OperatorGate(state: OperatorState(levels: levels ?? OperatorLevels(brightness: nil, volume: settings.volume),
                                                         touch: touch, pins: PinGuard(restoring: pinLock, at: 0)))
        limiter = FeedbackLimiter(tickInterval: settings.tickInterval)
        touchFilter = TouchFilter(settings.touchFilter)
        burnIn = BurnInShift(pixels: settings.shiftPixels, shorterSide: min(screen.layout.width, screen.layout.height))
        told = WorldReport(view: WorldReport.ViewKey(zone: 0, controls: 0, layout: 0))
        if let timeOfDay { presence.setTimeOfDay(timeOfDay) }
    }

    /// What zone `index`'s rules read of the panel now.
    func context(_ index: Int) -> ZoneContext {
        let shown = index == selectedZone
        return ZoneContext(clock: clock, settings: settings, shown: shown, fingerOn: shown && fingers.any, serviceOpen: service != nil)
    }

    /// Applies `rule` to the shown zone, with its context.
    private mutating func onShownZone(_ rule: (inout KioskZone, ZoneContext) -> [KioskEvent]) -> [KioskEvent] {
        let context = context(selectedZone)
        return rule(&zones[selectedZone], context)
    }

    /// Someone used the shown zone's controls now.
    private mutating func usedShownZone() { zones[selectedZone].remote.used(at: clock) }

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
        if case .wheel(let notches, let point) = input {
            input = .wheel(notches: notches, at: screen.layout.turn.view(unshifted(point)))
        }
        usedShownZone()
        if presence.isResting { return wakeUp() }
        presence.input(at: clock)
        if service != nil { return serviceInput(input) }
        guard case .key(let name) = input else {
            if case .encoder = input { showsFocus = true }
            return onShownZone { zone, context in zone.react(to: zone.screen.panel.apply(input), context) }
        }
        if let step = Self.zoneKeys[name], zones.count > 1 {
            return selectZone((selectedZone + step + zones.count) % zones.count, at: clock)
        }
        let action = KeyBindings.action(forKey: name)
        switch action {
        case .turn, .nextFocus: showsFocus = true
        case .quit:
            if settings.escapeQuits { quitRequested = true }
            return []
        case .pressButton, nil: break
        }
        if timer.state == .finished { return onShownZone { $0.acknowledge($1) } }
        return onShownZone { zone, context in zone.react(to: zone.screen.panel.apply(input), context) }
    }

    /// A finger or the mouse, at window pixels. A finger's touch nobody made is dropped
    /// (``TouchFilter``), and its position corrected by ``touchCalibration`` first.
    public mutating func pointer(_ event: PointerEvent) -> [KioskEffect] { handle(.pointer(event)) }

    /// A finger's event, once ``touchFilter`` has passed it (and any `down` it held back).
    private mutating func take(_ event: PointerEvent) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for passed in touchFilter.take(event) { events += takePassed(passed) }
        return events
    }

    private mutating func takePassed(_ event: PointerEvent) -> [KioskEvent] {
        var event = event
        let layout = screen.layout
        event.position = unshifted(event.position)
        let reported = event.finger == PointerEvent.mouseFinger ? nil : event.position
        if reported != nil { event.position = touchCalibration.apply(event.position, width: layout.width, height: layout.height) }
        event.position = layout.turn.view(event.position)
        presence.input(at: clock)
        fingers.track(event)
        if event.phase == .down {
            showsFocus = false
            // First, so a finger that wakes the screen or acknowledges "Done" still counts
            // towards the operator's corners.
            operatorGate.fingerDown(event, width: layout.viewWidth, height: layout.viewHeight, at: clock)
            if presence.isResting || (timer.state == .finished && service == nil) {
                // Only wakes the screen or acknowledges "Done", but someone is there.
                usedShownZone()
                fingers.take(event.finger)
                return presence.isResting ? wakeUp() : onShownZone { $0.acknowledge($1) }
            }
        }
        if event.phase == .up || event.phase == .cancelled { operatorGate.fingerUp(event.finger) }
        if fingers.isTaken(event) { return [] }
        if event.phase == .down, service == nil, let zone = layout.zoneTiles.firstIndex(where: { $0.contains(event.position) }) {
            fingers.take(event.finger)
            return selectZone(zone, at: event.time)
        }
        if event.phase == .down, service == nil, showsArmingControl,
           event.position.distance(to: layout.remoteArmCenter) <= layout.remoteArmSize / 2 {
            fingers.take(event.finger)
            return onShownZone { $0.toggleArming($1) }
        }
        usedShownZone()
        if service != nil { return serviceInput(.pointer(event), reported: reported) }
        return onShownZone { zone, context in zone.react(to: zone.screen.panel.handle(event), context) }
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

    // MARK: - Time

    /// Whether it is outside the opening hours now.
    public var isClosed: Bool { presence.isClosed(settings.openingHours) }

    /// Moves animations and the countdown on by `dt` seconds, to the local `timeOfDay`
    /// (seconds since midnight, as the wall clock says it now, whatever it did meanwhile; nil:
    /// the time of day moves on by `dt`). The opening hours are read against it.
    public mutating func advance(by dt: Double, timeOfDay: Double? = nil) -> [KioskEffect] {
        if let timeOfDay, dt.isFinite { presence.setTimeOfDay(timeOfDay - dt) }
        return effects(of: moveOn(by: dt))
    }

    private mutating func moveOn(by dt: Double) -> [KioskEvent] {
        guard dt.isFinite, dt > 0 else { return [] }
        clock += dt
        var events: [KioskEvent] = []
        for passed in touchFilter.advance(by: dt) { events += takePassed(passed) }
        // Left alone (idle, or a countdown running) as the step starts: nothing moves under a finger.
        if isLeftAlone { burnIn.pass(dt) }
        presence.pass(dt)
        for index in zones.indices {
            let context = context(index)
            events += zones[index].advance(by: dt, context)
        }
        if service != nil {
            let (moved, closing) = operatorGate.advance(by: dt, at: clock)
            events += moved
            serviceClosed(closing)
        } else if operatorGate.holdComplete(at: clock, holdSeconds: settings.adminHoldSeconds) {
            events += openService()
        }
        for index in zones.indices {
            if zones[index].remote.armingExpired(at: clock) { events += zones[index].disarm(.expired) }
            if isAsleep || service != nil { events += zones[index].disarm(.local) }
        }
        events += fleet.moveOn(idle: idleForUpdate)
        presence.dimIfIdle(at: clock, idle: service == nil && !holdsScreen && isAtRest,
                           settings: settings)
        return events + presence.followHours(at: clock, mayGoOff: mayGoOff, settings: settings)
    }

    /// Whether the panel is left alone and on, idle (dimmed too: the picture that burns in)
    /// or counting down: no finger on it, nothing moving, no service screen. Only then does
    /// the picture shift against burn-in.
    private var isLeftAlone: Bool { service == nil && !fingers.any && isAtRest && !isAsleep }

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
        if let change = touchFilter.secondsUntilRelease { consider(change) }
        if isLeftAlone, let change = burnIn.secondsUntilMove { consider(change) }
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

    /// Rebuilds every zone's screen for `layout`, keeping what is selected and the
    /// countdown's face (a ``KioskEffect/rebuildView``); no effects, and nothing touched, when
    /// `layout` is the one shown. (X11 reports a fullscreen window's size once more after it
    /// shows: that must not lift a finger already on a control.)
    public mutating func relayout(_ layout: ScreenLayout) -> [KioskEffect] {
        guard layout != screen.layout else { return [] }
        for index in zones.indices { zones[index].relayout(layout, settings: settings) }
        operatorGate.relayout(layout)
        layoutGeneration += 1
        return effects(of: [])
    }

    /// The session's start: `problems` found outside it (a broken config or art file, an
    /// unreadable saved countdown) as `error` events, then every zone's saved countdown put
    /// back at once, each into the zone it was saved for (one for a zone the session no
    /// longer has is left out; see ``KioskZone/restore(_:_:)``), then the world brought in
    /// line (the state records, the backlight): no zone is announced idle in between.
    public mutating func start(problems: [String], restoring countdowns: [SavedCountdown]) -> [KioskEffect] {
        var events = problems.map(KioskEvent.error)
        for saved in countdowns {
            guard let index = zones.firstIndex(where: { $0.id == saved.zone }) else { continue }
            let context = context(index)
            events += zones[index].restore(saved, context)
        }
        return effects(of: events)
    }

    /// What the view was built for: the shown zone, its controls' count of changes and the
    /// layout's.
    var viewKey: WorldReport.ViewKey {
        WorldReport.ViewKey(zone: selectedZone, controls: zones[selectedZone].controlsGeneration, layout: layoutGeneration)
    }

    // MARK: - Zones

    /// Makes zone `index` the one the rings edit (a tap on its tile, a key): its screen shows
    /// as it was left, and a person is at it. Fingers on the zone shown before are let go of
    /// at `time` (the tap's, seconds), so none stays on a control nobody sees.
    mutating func selectZone(_ index: Int, at time: Double) -> [KioskEvent] {
        defer { usedShownZone() }
        guard zones.indices.contains(index), index != selectedZone else { return [] }
        let released = onShownZone { zone, context in zone.react(to: zone.screen.panel.cancelTouches(at: time), context) }
        selectedZone = index
        let tile = zones[index].tile
        return released + [.control(.selected(.zones, index: index, label: tile.label, value: nil), zone: zones[index].id),
                           .feedback(.press)]
    }

    // MARK: - The service screen

    /// The corner hold: the PIN pad (saying so while entry is locked) or the menu. The
    /// fingers on the corners are the gesture's until they lift.
    private mutating func openService() -> [KioskEvent] {
        let (note, gesture) = operatorGate.open(screen.layout, pin: settings.pin, at: clock, locale: screen.locale)
        for finger in gesture { fingers.take(finger) }
        return [.service(note), .feedback(.confirm)]
    }

    private mutating func serviceInput(_ input: ControlInput, reported: Point? = nil) -> [KioskEvent] {
        let (events, closing) = operatorGate.input(input, reported: reported, at: clock)
        serviceClosed(closing)
        return events
    }

    /// Back to the kiosk screen (or out of the app) when the service screen closed.
    private mutating func serviceClosed(_ closing: ServiceClosing?) {
        guard let closing else { return }
        presence.input(at: clock)
        if closing == .quit { quitRequested = true }
    }

    // MARK: - Outside the session

    /// Problems found outside the session while it runs (an unusable state folder, a failed
    /// save, a dropped command), as `error` events: from the first on, the service badge
    /// shows.
    public mutating func report(problems: [String]) -> [KioskEffect] { effects(of: problems.map(KioskEvent.error)) }

    /// `events` with their feedback rate-limited (one place for every zone and the service
    /// screen), noting an `error` for the service badge.
    mutating func limited(_ events: [KioskEvent]) -> [KioskEvent] {
        events.filter { event in
            switch event {
            case .feedback(let kind): return limiter.allows(kind, at: clock)
            case .error:
                operatorGate.problemTold()
                return true
            default: return true
            }
        }
    }
}
