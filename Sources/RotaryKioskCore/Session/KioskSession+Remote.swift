import RotaryKit

/// Commands from outside the kiosk (MQTT, or a replay's `remote` lines), under the
/// `[mqtt] control` gate, and the arming control on the screen. A command is checked as a
/// touch would be (a locked control, an unknown program, a value off the dial or the set
/// point's range are refused) and answered with a `command` event before whatever it did.
extension KioskSession {
    /// How long after a person last touched, turned or pressed something at the kiosk its
    /// screen counts as in use, in seconds: ``RemoteControl/armed`` refuses commands until
    /// then.
    public static let inUseSeconds = RemoteGate.inUseSeconds

    /// Carries out `message` if it reads as a command and may and can be done now; its answer
    /// (a `command` event) comes first.
    public mutating func remote(_ message: RemoteMessage) -> [KioskEffect] { effects(of: carryOut(message)) }

    private mutating func carryOut(_ message: RemoteMessage) -> [KioskEvent] {
        let command: RemoteCommand
        switch RemoteCommand.read(message) {
        case .success(let read): command = read
        case .failure(let refusal): return [.command(name: message.name, refusal: refusal.reason, zone: message.zone)]
        }
        switch target(of: message, command) {
        case .success(let zone): return inZone(zone) { $0.carryOut(command, name: message.name) }
        case .failure(let refusal): return [.command(name: message.name, refusal: refusal.reason, zone: message.zone)]
        }
    }

    /// The zone `message` is for: the one its topic names (by slug or name); the only one of
    /// a kiosk without zones; the shown one for a fleet update, which is the kiosk's. A zone
    /// command on a kiosk with zones must name its zone.
    private func target(of message: RemoteMessage, _ command: RemoteCommand) -> Result<Int, RemoteRefusal> {
        let names = zones.compactMap(\.name)
        guard let wanted = message.zone else {
            if case .update = command { return .success(selectedZone) }
            guard let first = zones.first?.slug else { return .success(selectedZone) }
            return .failure(RemoteRefusal("this kiosk has zones (\(names.joined(separator: ", "))): send the command to "
                                  + "<base>/zone/<zone>/set/\(message.name), e.g. zone/\(first)/set/\(message.name)"))
        }
        if let zone = zones.firstIndex(where: { $0.slug == wanted }) ?? zones.firstIndex(where: { $0.name == wanted }) {
            if case .update = command { return .failure(RemoteRefusal("an update is for the whole kiosk: send it to <base>/set/update")) }
            return .success(zone)
        }
        let known = zones.compactMap(\.slug)
        return .failure(RemoteRefusal(known.isEmpty ? "this kiosk has no zones: send the command to <base>/set/\(message.name)"
                              : "there is no zone \"\(String(wanted.prefix(80)))\"; the zones are \(known.joined(separator: ", "))"))
    }

    /// Carries out `command` (named `name`) on the zone the rules act on.
    private mutating func carryOut(_ command: RemoteCommand, name: String) -> [KioskEvent] {
        // An update is the whole kiosk's: its answer names no zone.
        let zone: String? = if case .update = command { nil } else { zoneName }
        if let refusal = refusal(of: command) { return [.command(name: name, refusal: refusal, zone: zone)] }
        var events: [KioskEvent] = [.command(name: name, refusal: nil, zone: zone)]
        if isDimmed || isAsleep { events += wakeUp() }
        switch command {
        case .program(let name): events += choose(RemoteCommand.Choice(program: name))
        case .minutes(let minutes): events += choose(RemoteCommand.Choice(minutes: minutes))
        case .setting(let value): events += choose(RemoteCommand.Choice(setting: value))
        case .start(let choice):
            events += choose(choice) + buttonPressed() + disarm(.used)
        case .pause, .resume: events += timerChanged(countdown.timer.togglePause())
        case .cancel: events += timerChanged(countdown.timer.cancel())
        case .update(let url):
            fleetUpdate = .waiting(url: url)
            events.append(.update(.waiting(url: url)))
        }
        return events
    }

    /// Whether someone is using the zone the rules act on (the shown one, outside
    /// ``inZone(_:_:)``): while it shows, a finger on the screen or the service screen; or
    /// something of it touched, turned or pressed less than ``inUseSeconds`` ago.
    public var screenInUse: Bool { isInUse(zone: current) }

    /// Whether someone is using zone `index` (see ``screenInUse``).
    func isInUse(zone index: Int) -> Bool {
        zones[index].remote.inUse(at: clock, handsOn: index == selectedZone && (fingers.any || service != nil))
    }

    /// A tap on the arming control: arms remote start of the shown zone for `armSeconds`, or
    /// disarms it.
    mutating func toggleArming() -> [KioskEvent] {
        guard remoteGate.toggle(at: clock, for: settings.armSeconds) else { return [.disarmed(.tapped, zone: zoneName)] + feedback(.press) }
        return [.armed(seconds: settings.armSeconds, zone: zoneName)] + feedback(.confirm)
    }

    /// Ends the arming of the zone the rules act on, if armed, for `why`.
    mutating func disarm(_ why: RemoteArming.Ending) -> [KioskEvent] {
        remoteGate.disarm() ? [.disarmed(why, zone: zoneName)] : []
    }

    /// Why `command` may not or cannot be carried out now (nil: it can).
    private func refusal(of command: RemoteCommand) -> String? {
        if case .update = command { return updateRefusal }  // a gate of its own: [mqtt] updates
        switch settings.remoteControl {
        case .none:
            return "remote control is off ([mqtt] control = \"none\")"
        case .armed where command.needsArming:
            if !arming.isArmed(at: clock) { return "remote start is not armed: a person must arm it on the kiosk's screen first" }
            if screenInUse { return "someone is using the kiosk's screen" }
        case .armed, .full:
            break
        }
        if command.needsArming {  // pause and cancel only ever stop something
            if service != nil { return "the service screen is open" }
            if actingOnShownZone, fingers.any { return "a finger is on the kiosk's screen" }
        }
        switch command {
        case .program(let name): return lockedControls ?? programRefusal(name)
        case .minutes(let minutes): return lockedControls ?? minutesRefusal(minutes)
        case .setting(let value): return lockedControls ?? settingRefusal(value, of: screen.selectedProgram)
        case .start(let choice):
            if timer.isActive { return "a countdown is already running" }
            if timer.state == .finished { return "the last countdown's Done still shows" }
            let named = choice.program.flatMap(program(named:))
            let minutes = screen.dialMinutes[dialIndex(for: choice) ?? screen.dial.selectedIndex]
            return choice.program.flatMap(programRefusal) ?? choice.minutes.flatMap(minutesRefusal)
                ?? choice.setting.flatMap { settingRefusal($0, of: named ?? screen.selectedProgram) }
                ?? (minutes > 0 ? nil : "the dial is on 0 minutes")
        case .pause: return timer.state == .running ? nil : "no countdown is running"
        case .resume: return timer.state == .paused ? nil : "no countdown is paused"
        case .cancel: return timer.isActive ? nil : "no countdown is running or paused"
        case .update: return nil  // checked above
        }
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
    private mutating func choose(_ choice: RemoteCommand.Choice) -> [KioskEvent] {
        var events: [KioskEvent] = []
        let dialIndex = dialIndex(for: choice)
        if let name = choice.program, let place = screen.place(ofProgram: name) {
            if show(place, setting: nil) {
                events.append(.control(.selected(id: KioskControl.categories.id, index: place.category,
                                                 label: screen.categories[place.category], value: nil), zone: zoneName))
            }
            events.append(selected(KioskControl.wheel.id, screen.wheel))
        }
        if let dialIndex {
            screen.dial.place(atCoordinate: Double(dialIndex))
            events.append(selected(KioskControl.dial.id, screen.dial))
        }
        if let value = choice.setting, let slider = screen.setting {
            events += react(to: screen.turn(.setting, .item(Int(((value - slider.range.lowerBound) / slider.step).rounded()))))
        }
        return events
    }

    /// The dial item `choice` puts the dial on: its minutes, else its program's (nil: neither).
    private func dialIndex(for choice: RemoteCommand.Choice) -> Int? {
        (choice.minutes ?? choice.program.flatMap(program(named:))?.minutes).map(screen.dialIndex(forMinutes:))
    }

    private func program(named name: String) -> Program? { screen.allPrograms.first { $0.name == name } }

    private func selected(_ id: String, _ ring: RingControl) -> KioskEvent {
        .control(.selected(id: id, index: ring.selectedIndex, label: ring.labels[ring.selectedIndex], value: nil), zone: zoneName)
    }
}

extension RemoteCommand {
    /// Whether ``RemoteControl/armed`` wants the kiosk armed for it: all but `pause` and
    /// `cancel`, which only ever stop something.
    var needsArming: Bool {
        switch self {
        case .pause, .cancel, .update: false
        case .program, .minutes, .setting, .start, .resume: true
        }
    }
}
