import RotaryKit

/// A command from outside for one zone, under the `[mqtt] control` gate: checked as a touch
/// would be (a locked control, an unknown program, a value off the dial or the set point's
/// range are refused), then carried out on the zone's own screen and countdown.
extension KioskZone {
    /// The refusal of every command while `[mqtt] control = "none"`.
    static let controlOff = "remote control is off ([mqtt] control = \"none\")"

    /// Whether someone is using the zone at `context.clock`: hands on it, or something of it
    /// touched, turned or pressed less than ``RemoteGate/inUseSeconds`` ago.
    func isInUse(_ context: ZoneContext) -> Bool { remote.inUse(at: context.clock, handsOn: context.handsOn) }

    /// Why `command` may not or cannot be carried out now (nil: it can).
    func refusal(of command: ZoneCommand, _ context: ZoneContext) -> String? {
        if command.isFact { return nil }  // a sensor's fact, not a command: always taken
        switch context.settings.remoteControl {
        case .none:
            return Self.controlOff
        case .armed where command.needsArming:
            if !remote.arming.isArmed(at: context.clock) {
                return "remote start is not armed: a person must arm it on the kiosk's screen first"
            }
            if isInUse(context) { return "someone is using the kiosk's screen" }
        case .armed, .full:
            break
        }
        if command.needsArming {  // pause and cancel only ever stop something
            if context.serviceOpen { return "the service screen is open" }
            if context.fingerOn { return "a finger is on the kiosk's screen" }
        }
        if command.heats, let door = doorRefusal(context.settings) { return door }
        switch command {
        case .program(let name): return lockedControls ?? programRefusal(name)
        case .minutes(let minutes):
            return lockedControls ?? minutesRefusal(minutes) ?? capRefusal(minutes: minutes, of: screen.selectedProgram, context.settings)
        case .setting(let value): return lockedControls ?? settingRefusal(value, of: screen.selectedProgram)
        case .start(let choice):
            if timer.isActive { return "a countdown is already running" }
            if timer.state == .finished { return "the last countdown's Done still shows" }
            let named = choice.program.flatMap(program(named:))
            let minutes = screen.dialMinutes[dialIndex(for: choice) ?? screen.dial.selectedIndex]
            return choice.program.flatMap(programRefusal) ?? choice.minutes.flatMap(minutesRefusal)
                ?? choice.setting.flatMap { settingRefusal($0, of: named ?? screen.selectedProgram) }
                ?? (minutes > 0 ? nil : "the dial is on 0 minutes")
                ?? capRefusal(minutes: minutes, of: named ?? screen.selectedProgram, context.settings)
        case .pause: return timer.state == .running ? nil : "no countdown is running"
        case .resume: return timer.state == .paused ? nil : "no countdown is paused"
        case .cancel: return timer.isActive ? nil : "no countdown is running or paused"
        case .extend(let minutes): return extensionRefusal(minutes: minutes, context.settings)
        case .door: return nil
        }
    }

    /// Carries out `command`, which ``refusal(of:_:)`` let through.
    mutating func carryOut(_ command: ZoneCommand, _ context: ZoneContext) -> [KioskEvent] {
        switch command {
        case .program(let name): choose(RemoteCommand.Choice(program: name), context)
        case .minutes(let minutes): choose(RemoteCommand.Choice(minutes: minutes), context)
        case .setting(let value): choose(RemoteCommand.Choice(setting: value), context)
        case .start(let choice): choose(choice, context) + buttonPressed(context) + disarm(.used)
        case .pause, .resume: timerChanged(countdown.timer.togglePause(), context)
        case .cancel: timerChanged(countdown.timer.cancel(), context)
        case .extend(let minutes): timerChanged(countdown.timer.extend(bySeconds: Double(minutes) * 60), context)
        case .door(let state, let news): door(state, news)
        }
    }

    /// The door sensor says `state` (see ``RemoteGate/heardDoor(_:_:)``): nothing else happens.
    private mutating func door(_ state: DoorState, _ news: DoorNews) -> [KioskEvent] {
        remote.heardDoor(state, news)
        return []
    }

    /// Why the program, minutes and set point cannot change now (nil: they can).
    private var lockedControls: String? {
        if timer.isActive { return "the controls are locked while a countdown runs" }
        if timer.state == .finished { return "the controls are locked while Done shows" }
        return nil
    }

    private func programRefusal(_ name: String) -> String? {
        screen.place(ofProgram: name) == nil ? "there is no program named \"\(String(name.prefix(80)))\"" : nil
    }

    private func minutesRefusal(_ minutes: Int) -> String? {
        let dial = screen.dialMinutes
        guard !dial.contains(minutes), let low = dial.min(), let high = dial.max() else { return nil }
        return "\(minutes) minutes is not on the dial (\(low) to \(high), in its steps)"
    }

    private func settingRefusal(_ value: Double, of program: Program?) -> String? {
        guard let program else { return "no program is selected" }
        guard let setting = program.setting else { return "\(program.name) has no set point" }
        guard value < setting.min || value > setting.max else { return nil }
        return "\(JSONValue.plain(value)) is outside \(program.name)'s \(setting.name.lowercased()) range, "
            + "\(JSONValue.plain(setting.min)) to \(JSONValue.plain(setting.max)) \(setting.unit)"
    }

    /// Puts the program, minutes and set point `choice` names on the screen at once (a
    /// program brings its category, its default set point and its minutes, unless `choice`
    /// names others), with a `selected` event for each control it moved.
    private mutating func choose(_ choice: RemoteCommand.Choice, _ context: ZoneContext) -> [KioskEvent] {
        var events: [KioskEvent] = []
        let dialIndex = dialIndex(for: choice)
        if let name = choice.program, let place = screen.place(ofProgram: name) {
            if show(place, setting: nil) {
                events.append(.control(.selected(.categories, index: place.category, label: screen.categories[place.category], value: nil),
                                       zone: id))
            }
            events.append(selected(.wheel, screen.wheel))
        }
        if let dialIndex {
            screen.dial.place(atCoordinate: Double(dialIndex))
            events.append(selected(.dial, screen.dial))
        }
        if let value = choice.setting, let slider = screen.setting {
            events += react(to: screen.turn(.setting, .item(Int(((value - slider.range.lowerBound) / slider.step).rounded()))), context)
        }
        return events
    }

    /// The dial item `choice` puts the dial on: its minutes, else its program's (nil: neither).
    private func dialIndex(for choice: RemoteCommand.Choice) -> Int? {
        (choice.minutes ?? choice.program.flatMap(program(named:))?.minutes).map(screen.dialIndex(forMinutes:))
    }

    private func selected(_ control: KioskControl, _ ring: RingControl) -> KioskEvent {
        .control(.selected(control, index: ring.selectedIndex, label: ring.labels[ring.selectedIndex], value: nil), zone: id)
    }
}
