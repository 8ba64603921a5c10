import RotaryKit

/// The kiosk's behaviour between SDL and the models: a router from input and time to the
/// panel's parts (its zones, each with its screen, countdown and rules; ``PanelInput``, the
/// input pipeline; ``Presence``, dimming and the opening hours; ``OperatorGate``, the
/// operator's gesture and service screen; ``FleetUpdater``; ``SessionOutbox``, what the world
/// is told). No SDL, no clock: the live loop and the replay both drive it with
/// ``handle(_:)`` and ``advance(by:timeOfDay:)``, and what it asks of the world leaves every
/// entry point as ``KioskEffect`` values.
public struct KioskSession: Sendable {
    /// The panel's zones in tile order, each with its own screen, countdown and rules: one,
    /// ``ZoneID/whole``, without `[[zone]]` tables.
    public internal(set) var zones: [KioskZone]
    /// The zone the rings edit and the screen shows, an index into ``zones``.
    public internal(set) var selectedZone = 0
    public let settings: SessionSettings
    /// Seconds of session time (the sum of every `dt`).
    public private(set) var clock = 0.0
    /// Dimming, sleeping outside the opening hours, waking.
    var presence = Presence()
    /// The corner gesture, the service screen, and what it changes that the session keeps.
    var operatorGate: OperatorGate
    /// The input pipeline, the fingers on the screen and whether the focus is drawn.
    var panelInput: PanelInput
    /// Fleet updates: the one under way and what the updater last said.
    var fleet = FleetUpdater()
    /// Rate-limited feedback, the quit request and what the world was last told.
    var outbox: SessionOutbox
    /// Counts the relayouts: with the shown zone and its own count, what the view was built
    /// for (``WorldReport/view``).
    private var layoutGeneration = 0

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
        panelInput = PanelInput(filter: settings.touchFilter, shiftPixels: settings.shiftPixels,
                                shorterSide: min(screen.layout.width, screen.layout.height))
        outbox = SessionOutbox(tickInterval: settings.tickInterval)
        if let timeOfDay { presence.setTimeOfDay(timeOfDay) }
    }

    /// What zone `index`'s rules read of the panel now.
    func context(_ index: Int) -> ZoneContext {
        let shown = index == selectedZone
        return ZoneContext(clock: clock, settings: settings, shown: shown, fingerOn: shown && panelInput.fingers.any, serviceOpen: service != nil)
    }

    /// Applies `rule` to the shown zone, with its context.
    mutating func onShownZone(_ rule: (inout KioskZone, ZoneContext) -> [KioskEvent]) -> [KioskEvent] {
        let context = context(selectedZone)
        return rule(&zones[selectedZone], context)
    }

    /// Someone used the shown zone's controls now.
    mutating func usedShownZone() { zones[selectedZone].remote.used(at: clock) }

    // MARK: - Input

    /// Any input, live or replayed: the one way input reaches the session. Fingers have the
    /// kiosk's own rules (waking, acknowledging "Done", the admin corners); wheel, keys and
    /// encoder wake the screen, show the focus, let any key but Escape acknowledge "Done",
    /// and otherwise do what ``ControlPanel/apply(_:)`` does with them.
    /// Positions are window pixels; the controls get them in the layout's view.
    public mutating func handle(_ input: ControlInput) -> [KioskEffect] { effects(of: route(input)) }

    /// A finger or the mouse, at window pixels. A finger's touch nobody made is dropped
    /// (``TouchFilter``), and its position corrected by ``touchCalibration`` first.
    public mutating func pointer(_ event: PointerEvent) -> [KioskEffect] { handle(.pointer(event)) }

    /// Mouse-wheel notches over `point` (positive: towards the user). One notch towards the
    /// user turns the control under the pointer to its next item.
    public mutating func wheel(notches: Int, at point: Point) -> [KioskEffect] { handle(.wheel(notches: notches, at: point)) }

    /// Rotary-encoder steps (positive: clockwise) to the focused control.
    public mutating func encoder(steps: Int) -> [KioskEffect] { handle(.encoder(steps: steps)) }

    /// A key by SDL's name.
    public mutating func key(_ name: String) -> [KioskEffect] { handle(.key(name)) }

    /// Where `input` goes: a pointer's events through the pipeline, anything else to a
    /// resting panel (it only wakes), the service screen or the shown zone.
    private mutating func route(_ input: ControlInput) -> [KioskEvent] {
        var input = input
        if case .pointer(let event) = input {
            var events: [KioskEvent] = []
            for passed in panelInput.letThrough(event) { events += routeFinger(passed) }
            return events
        }
        if case .wheel(let notches, let point) = input {
            input = .wheel(notches: notches, at: screen.layout.turn.view(panelInput.unshifted(point, screen.layout.turn)))
        }
        usedShownZone()
        if presence.isResting { return wakeUp() }
        presence.input(at: clock)
        if service != nil { return serviceInput(input) }
        guard case .key(let name) = input else {
            if case .encoder = input { panelInput.showsFocus = true }
            return onShownZone { zone, context in zone.react(to: zone.screen.panel.apply(input), context) }
        }
        return routeKey(name)
    }

    /// A key on the kiosk screen: Page Up and Down pick a zone, Escape may quit, any other
    /// acknowledges "Done" or goes to the shown zone's controls.
    private mutating func routeKey(_ name: String) -> [KioskEvent] {
        if let step = Self.zoneKeys[name], zones.count > 1 {
            return selectZone((selectedZone + step + zones.count) % zones.count, at: clock)
        }
        switch KeyBindings.action(forKey: name) {
        case .turn, .nextFocus: panelInput.showsFocus = true
        case .quit:
            if settings.escapeQuits { outbox.askQuit() }
            return []
        case .pressButton, nil: break
        }
        if timer.state == .finished { return onShownZone { $0.acknowledge($1) } }
        if KeyBindings.action(forKey: name) == .pressButton, screen.panel.focused.flatMap(screen.control) == .stop {
            // A key has no hold: Enter with the focus moved onto Stop is the deliberate act.
            return onShownZone { $0.stopCountdown($1) }
        }
        return onShownZone { zone, context in zone.react(to: zone.screen.panel.apply(.key(name)), context) }
    }

    /// A finger's event let through the touch filter: in the view, then to what it is on.
    private mutating func routeFinger(_ raw: PointerEvent) -> [KioskEvent] {
        let (event, reported) = panelInput.toView(raw, screen.layout, calibration: touchCalibration)
        presence.input(at: clock)
        if let events = fingerDown(event) { return events }
        if event.phase == .up || event.phase == .cancelled { operatorGate.fingerUp(event.finger) }
        if panelInput.fingers.isClaimed(event) { return [] }
        if let events = kioskControlTouched(event) { return events }
        usedShownZone()
        if service != nil { return serviceInput(.pointer(event), reported: reported) }
        return onShownZone { zone, context in zone.react(to: zone.screen.panel.handle(event), context) }
    }

    /// A finger going down, before any control sees it: the focus is no longer drawn, it
    /// counts towards the operator's corners (first, so one that wakes the screen or
    /// acknowledges "Done" counts too), and on a resting panel or over "Done" it only wakes it
    /// or acknowledges, and is claimed (nil: it goes on).
    private mutating func fingerDown(_ event: PointerEvent) -> [KioskEvent]? {
        guard event.phase == .down else { return nil }
        panelInput.showsFocus = false
        let layout = screen.layout
        operatorGate.fingerDown(event, width: layout.viewWidth, height: layout.viewHeight, at: clock)
        guard presence.isResting || (timer.state == .finished && service == nil) else { return nil }
        // It only wakes the screen or acknowledges "Done", but someone is there.
        usedShownZone()
        panelInput.fingers.claim(event.finger)
        return presence.isResting ? wakeUp() : onShownZone { $0.acknowledge($1) }
    }

    /// A finger going down on one of the kiosk's own controls outside the zone's (a zone's
    /// tile, the remote-start arming): it does that, and is claimed (nil: not on one).
    private mutating func kioskControlTouched(_ event: PointerEvent) -> [KioskEvent]? {
        guard event.phase == .down, service == nil else { return nil }
        let layout = screen.layout
        if let zone = layout.zoneTiles.firstIndex(where: { $0.contains(event.position) }) {
            panelInput.fingers.claim(event.finger)
            return selectZone(zone, at: event.time)
        }
        guard showsArmingControl, event.position.distance(to: layout.remoteArmCenter) <= layout.remoteArmSize / 2 else { return nil }
        panelInput.fingers.claim(event.finger)
        return onShownZone { $0.toggleArming($1) }
    }

    // MARK: - Time

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
        for passed in panelInput.released(after: dt) { events += routeFinger(passed) }
        // Left alone (idle, or a countdown running) as the step starts: nothing moves under a finger.
        panelInput.shiftAgainstBurnIn(dt, leftAlone: isLeftAlone)
        presence.pass(dt)
        for index in zones.indices {
            let context = context(index)
            events += zones[index].advance(by: dt, context)
        }
        events += moveOperatorOn(by: dt)
        events += disarmWhereDue()
        events += fleet.moveOn(idle: idleForUpdate)
        presence.dimIfIdle(at: clock, idle: service == nil && !holdsScreen && isAtRest, settings: settings)
        return events + presence.followHours(at: clock, mayGoOff: mayGoOff, settings: settings)
    }

    /// Whether the panel is left alone and on, idle (dimmed too: the picture that burns in)
    /// or counting down: no finger on it, nothing moving, no service screen. Only then does
    /// the picture shift against burn-in.
    private var isLeftAlone: Bool { service == nil && !panelInput.fingers.any && isAtRest && !isAsleep }

    /// Whether nothing keeps the panel on outside the opening hours: no countdown, no "Done",
    /// no service screen, no control moving.
    private var mayGoOff: Bool { isClosed && service == nil && !holdsScreen && isAtRest }

    /// Whether some zone's countdown runs, is paused or shows "Done": nothing dims or goes off.
    private var holdsScreen: Bool { zones.contains { $0.countdown.holdsScreen } }

    /// The first input on a dimmed or sleeping panel: it only wakes it.
    mutating func wakeUp() -> [KioskEvent] { presence.wake(at: clock) }

    /// Whether nothing moves and no finger is down, in any zone (a running countdown is not
    /// motion).
    public var isAtRest: Bool { zones.allSatisfy(\.screen.panel.isAtRest) && service?.isAtRest != false }

    /// Seconds until the session changes by itself (a zone's control moving, its countdown's
    /// next second or a timeout, its arming; the operator's gate; the input pipeline; dimming
    /// and the opening hours), or nil when only input can change it. Stepping over this span
    /// in one `advance` gives the same events as stepping through it.
    public var secondsUntilChange: Double? {
        let zoneChanges = zones.indices.map { zones[$0].secondsUntilChange(context($0), facing: $0 == selectedZone && !isDimmed) }
        let changes = zoneChanges + [
            operatorGate.secondsUntilChange(at: clock, holdSeconds: settings.adminHoldSeconds),
            panelInput.secondsUntilChange(leftAlone: isLeftAlone),
            presence.secondsUntilChange(at: clock, idle: !holdsScreen, mayGoOff: mayGoOff, serviceOpen: service != nil, settings: settings),
        ]
        return changes.compactMap { $0.map { max(0, $0) } }.min()
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

    /// Problems found outside the session while it runs (an unusable state folder, a failed
    /// save, a dropped command), as `error` events: from the first on, the service badge
    /// shows.
    public mutating func report(problems: [String]) -> [KioskEffect] { effects(of: problems.map(KioskEvent.error)) }

    /// `events` with their feedback rate-limited (one place for every zone and the service
    /// screen), noting an `error` for the service badge.
    mutating func limited(_ events: [KioskEvent]) -> [KioskEvent] {
        if events.contains(where: { if case .error = $0 { true } else { false } }) { operatorGate.problemTold() }
        return outbox.limited(events, at: clock)
    }
}
