import RotaryKit

/// A zone's own rules: what its controls, its button, its countdown's time and a saved
/// countdown do to it.
extension KioskZone {
    /// How many times a start lands what was stepped: the strip, then the wheel it set, then
    /// the dial the wheel's program set; one more finds nothing moving.
    static let landingRounds = 4

    /// Turns its controls' events into kiosk events and applies the rules they trigger.
    mutating func react(to controlEvents: [ControlEvent], _ context: ZoneContext) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for event in controlEvents.compactMap(KioskControlEvent.init) {
            events.append(.control(event, zone: id))
            switch event {
            case .detent(let control, let index):
                events.append(.feedback(.tick))
                // What is under the wheel's marker shows with its own minutes and set point at
                // once, while a finger still holds it, not only when it comes to rest.
                if control == .wheel, !timer.isActive { events += chosen(control, index: index, context) }
            case .selected(let control, let index, _, _):
                // Only what chooses the next countdown has rules, and none while one is there.
                if !timer.isActive { events += chosen(control, index: index, context) }
            case .pressed(let control):
                switch control {
                case .button:
                    events += buttonPressed(context)
                    if timer.isActive { events += disarm(.local) }
                case .stop:
                    // Only a hold stops: a tap says so where the person looks.
                    countdown.tell(.holdToStop, at: context.clock)
                    events.append(.feedback(.press))
                case .extend: events += extend(context)
                case .zones, .categories, .setting, .dial, .wheel: break
                }
            case .longPressed(let control):
                switch control {
                case .stop: events += stopCountdown(context)
                case .zones, .categories, .setting, .dial, .wheel, .button, .extend: break
                }
            case .value:
                break
            }
        }
        return events
    }

    /// What follows `control` coming to rest on item `index` (the wheel: passing it): a new
    /// program on the wheel brings its set point at its default and the dial on its minutes; another category on
    /// the strip brings its programs and the dial on the first one's minutes; the dial past
    /// the program's on-time cap turns back to it.
    private mutating func chosen(_ control: KioskControl, index: Int, _ context: ZoneContext) -> [KioskEvent] {
        switch control {
        case .wheel:
            if screen.showSetting(value: nil) { controlsChanged() }
            return dialToProgram(context)
        case .categories:
            guard screen.showCategory(index) else { return [] }
            controlsChanged()
            return dialToProgram(context)
        case .dial:
            return keepDialWithinCap(context)
        case .zones, .setting, .button, .stop, .extend:
            return []
        }
    }

    /// Moves its controls and its countdown on by `dt` seconds, with the timeouts that fall
    /// due.
    mutating func advance(by dt: Double, _ context: ZoneContext) -> [KioskEvent] {
        var events = react(to: screen.panel.advance(by: dt), context)
        events += timerChanged(countdown.timer.advance(by: dt), context)
        if let (report, timedOut) = countdown.dueTimeout(at: context.clock, settings: context.settings) {
            events += timerChanged(report, timedOut: timedOut, context)
        }
        if let sound = countdown.dueSound(at: context.clock, settings: context.settings) { events.append(.feedback(sound)) }
        return events
    }

    /// The dial turns to the minutes of the program on the wheel.
    private mutating func dialToProgram(_ context: ZoneContext) -> [KioskEvent] {
        guard let program = screen.selectedProgram else { return [] }
        return react(to: screen.turn(.dial, .item(screen.dialIndex(forMinutes: program.minutes))), context)
    }

    /// The centre button: start what is set, pause or resume the countdown, or acknowledge
    /// "Done". While a flung control still coasts it only stops it (``stopThrown(_:)``).
    mutating func buttonPressed(_ context: ZoneContext) -> [KioskEvent] {
        switch timer.state {
        case .idle, .cancelled:
            if screen.panel.isThrown { return stopThrown(context) }
            // What you see is what runs: a ring or the strip a key or the encoder stepped lands
            // on the item it was sent to first, with what follows from it (a new program's
            // minutes on the dial), then the start.
            var landed: [KioskEvent] = []
            for _ in 0..<Self.landingRounds {
                let events = react(to: screen.panel.finishSettling(), context)
                if events.isEmpty { break }
                landed += events
            }
            let program = screen.wheel.selectedIndex
            guard let chosen = screen.selectedProgram,
                  capRefusal(minutes: screen.selectedMinutes, of: chosen, context.settings) == nil,
                  let report = countdown.timer.start(programIndex: program, program: chosen.name,
                                                     seconds: Double(screen.selectedMinutes) * 60) else {
                countdown.refused(at: context.clock)
                if screen.selectedMinutes == 0 { countdown.tell(.setTime, at: context.clock) }
                return landed + [.feedback(.reject)]
            }
            countdown.setting = screen.selectedReading
            return landed + timerChanged(report, context)
        case .running where countdown.justStarted(at: context.clock):
            return []  // the second tap of a hurried double tap: not a pause
        case .running, .paused:
            return timerChanged(countdown.timer.togglePause(), context)
        case .finished:
            return timerChanged(countdown.timer.acknowledge(), context)
        }
    }

    /// A press while a flung wheel, dial or strip still coasts: a person who taps to stop it
    /// must see what would run before anything does. It stops at once on what is under its
    /// marker, with what follows from that (a new program's minutes on the dial), and nothing
    /// starts; the next press starts what the screen then shows.
    private mutating func stopThrown(_ context: ZoneContext) -> [KioskEvent] {
        react(to: screen.panel.stopThrown(), context) + [.feedback(.press)]
    }

    /// Stop held, or Enter on Stop with the focus on it: the countdown is cancelled.
    mutating func stopCountdown(_ context: ZoneContext) -> [KioskEvent] {
        timerChanged(countdown.timer.cancel(), context)
    }

    /// "+N min": `[timer] extend_minutes` more, or where that would pass the on-time cap, the
    /// refusal in words and its feedback.
    mutating func extend(_ context: ZoneContext) -> [KioskEvent] {
        let minutes = context.settings.extendMinutes
        guard extensionRefusal(minutes: minutes, context.settings) == nil else {
            countdown.tell(.limit(minutes: onTimeCap(context.settings) ?? Self.longestMinutes), at: context.clock)
            return [.feedback(.reject)]
        }
        return timerChanged(countdown.timer.extend(bySeconds: Double(minutes) * 60), context)
    }

    /// A touch or key that only acknowledges "Done".
    mutating func acknowledge(_ context: ZoneContext) -> [KioskEvent] {
        timerChanged(countdown.timer.acknowledge(), context)
    }

    /// The events of a timer transition, its feedback, and the screen brought in line.
    mutating func timerChanged(_ report: TimerReport?, timedOut: Bool = false, _ context: ZoneContext) -> [KioskEvent] {
        guard let report else { return [] }
        countdown.changed(at: context.clock, by: report)
        var events: [KioskEvent] = [.timer(report, setting: countdown.setting, timedOut: timedOut, zone: id)]
        switch report.state {
        case .running where report.previous == .idle || report.previous == .cancelled || report.previous == .finished:
            events.append(.feedback(.confirm))
        case .running, .paused, .cancelled: events.append(.feedback(.press))
        case .finished: events.append(.feedback(.alarm))
        case .idle: break
        }
        refreshScreen(context.settings)
        if report.state == .cancelled || (report.state == .idle && report.previous == .finished) {
            // Ready for the next person: the dial turns back from where the countdown left it
            // to the time that was set.
            let minutes = Int(saturating: (report.secondsTotal / 60).rounded())
            screen.dial.place(atCoordinate: screen.dialCoordinate(forMinutes: report.secondsLeft / 60))
            events += react(to: screen.turn(.dial, .item(screen.dialIndex(forMinutes: minutes))), context)
        }
        return events
    }

    /// Puts back `saved`: its program found by name, in whichever category and wherever it
    /// now stands on the wheel, shown with the set point it was started with. When the zone
    /// no longer offers it, the countdown still runs to its end under its saved name (index
    /// −1), so its hooks fire as they should, and an `error` says so. A countdown longer than
    /// its on-time cap is cut to it (the time it already ran counts), and a running one whose
    /// stop could not be kept comes back paused; each with an `error` that says so.
    mutating func restore(_ saved: SavedCountdown, _ context: ZoneContext) -> [KioskEvent] {
        var saved = saved
        var events = keepWithinCap(&saved, context.settings)
        if saved.state == .running, saved.secondsLeft > 0, let why = saved.stopNotKept {
            saved.state = .paused
            events.append(.error("the saved countdown of \(saved.program) comes back paused, not running: \(why); resume it on the panel"))
        }
        let place = screen.place(ofProgram: saved.program)
        if let place {
            show(place, setting: saved.setting?.value)
        } else {
            let offered = id.isWhole ? "the config no longer has" : "zone \(id.name) no longer offers"
            events.append(.error("the saved countdown is for \"\(saved.program)\", which \(offered): it runs to its end under that name"))
        }
        countdown.setting = saved.setting
        let report = countdown.timer.restore(state: saved.state, programIndex: place?.index ?? -1, program: saved.program,
                                             secondsTotal: saved.secondsTotal, secondsLeft: saved.secondsLeft)
        return events + timerChanged(report, context)
    }

    /// Cuts `saved` to its program's on-time cap (the `[safety]` cap for a program the zone
    /// no longer has): the time it ran counts against the cap, so what is left is the cap less
    /// that. An `error` for each cut.
    private func keepWithinCap(_ saved: inout SavedCountdown, _ settings: SessionSettings) -> [KioskEvent] {
        guard let cap = settings.safety.onTimeCap(of: program(named: saved.program)).map({ Double($0) * 60 }),
              saved.secondsTotal > cap else { return [] }
        let ran = max(0, saved.secondsTotal - saved.secondsLeft)
        let left = max(0, cap - ran)
        let was = TimeText.format(seconds: saved.secondsLeft)
        saved.secondsTotal = cap
        saved.secondsLeft = left
        return [.error("the saved countdown of \(saved.program) had \(was) left, over its limit of \(Int(cap / 60)) minutes on "
                       + "([safety] max_on_minutes): cut to \(TimeText.format(seconds: left)) left")]
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

    /// A tap on its arming control at `context.clock`: arms remote start for
    /// `armSeconds`, or disarms it.
    mutating func toggleArming(_ context: ZoneContext) -> [KioskEvent] {
        let seconds = context.settings.armSeconds
        guard remote.toggle(at: context.clock, for: seconds) else { return [.disarmed(.tapped, zone: id), .feedback(.press)] }
        return [.armed(seconds: seconds, zone: id), .feedback(.confirm)]
    }

    /// Ends its arming, if armed, for `why`.
    mutating func disarm(_ why: RemoteArming.Ending) -> [KioskEvent] {
        remote.disarm() ? [.disarmed(why, zone: id)] : []
    }
}
