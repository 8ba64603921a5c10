import RotaryKit

/// Commands from outside the kiosk (MQTT, or a replay's `remote` lines), routed to the zone
/// their topic names (``KioskZone/refusal(of:_:)`` and ``KioskZone/carryOut(_:_:)`` check
/// and do them), or, for a fleet update, taken by the kiosk. A command is answered with a
/// `command` event before whatever it did.
extension KioskSession {
    /// How long after a person last touched, turned or pressed something at the kiosk its
    /// screen counts as in use, in seconds: ``RemoteControl/armed`` refuses commands until
    /// then.
    public static let inUseSeconds = RemoteGate.inUseSeconds

    /// Carries out `message` if it reads as a command and may and can be done now; its answer
    /// (a `command` event) comes first.
    public mutating func remote(_ message: RemoteMessage) -> [KioskEffect] { effects(of: carryOut(message)) }

    private mutating func carryOut(_ message: RemoteMessage) -> [KioskEvent] {
        let addressed = hasZones ? zones.first { $0.id.slug == message.zone }?.id ?? zones.first { $0.id.name == message.zone }?.id : nil
        func answer(_ refusal: String?, zone: ZoneID) -> KioskEvent { .command(name: message.name, refusal: refusal, zone: zone) }
        let command: RemoteCommand
        switch RemoteCommand.read(message) {
        case .success(let read): command = read
        case .failure(let refusal): return [answer(refusal.reason, zone: addressed ?? .whole)]
        }
        if let wanted = message.zone, addressed == nil { return [answer(unknownZoneRefusal(wanted, message), zone: .whole)] }
        switch command {
        case .update(let url):
            if let addressed { return [answer("an update is for the whole kiosk: send it to <base>/set/update", zone: addressed)] }
            if let refusal = fleet.refusal(settings) { return [answer(refusal, zone: .whole)] }
            return [answer(nil, zone: .whole)] + wakeForCommand() + fleet.start(url: url)
        case .screenshot:
            if let addressed { return [answer("a screenshot is of the whole panel: send it to <base>/set/screenshot", zone: addressed)] }
            if settings.remoteControl == .none { return [answer(KioskZone.controlOff, zone: .whole)] }
            if let refusal = screenshotRefusal { return [answer(refusal, zone: .whole)] }
            return [answer(nil, zone: .whole), .screenshot]
        case .zone(let command):
            guard let index = addressed?.index ?? (hasZones ? nil : selectedZone) else {
                let names = zones.map(\.id.name).joined(separator: ", ")
                return [answer("this kiosk has zones (\(names)): send the command to <base>/zone/<zone>/set/\(message.name), "
                               + "e.g. zone/\(zones[0].id.slug)/set/\(message.name)", zone: .whole)]
            }
            let id = zones[index].id
            if let refusal = zones[index].refusal(of: command, context(index)) { return [answer(refusal, zone: id)] }
            let wake = command.isFact ? [] : wakeForCommand()
            let context = context(index)
            return [answer(nil, zone: id)] + wake + zones[index].carryOut(command, context)
        }
    }

    /// Why the panel's picture may not be taken now (nil: it may): the service screen is
    /// the operator's (its PIN pad lights the key a finger holds), and a finger on the panel
    /// would show what it presses.
    private var screenshotRefusal: String? {
        if service != nil { return "the service screen is open: its picture is the operator's" }
        if panelInput.fingers.any { return "a finger is on the kiosk's screen: its picture would show what it presses" }
        return nil
    }

    /// A command taken while the panel is dimmed or asleep wakes it.
    private mutating func wakeForCommand() -> [KioskEvent] { isDimmed || isAsleep ? wakeUp() : [] }

    /// Why a command for the zone `wanted`, which the panel does not have, is refused.
    private func unknownZoneRefusal(_ wanted: String, _ message: RemoteMessage) -> String {
        guard hasZones else { return "this kiosk has no zones: send the command to <base>/set/\(message.name)" }
        return "there is no zone \"\(String(wanted.prefix(80)))\"; the zones are " + zones.map(\.id.slug).joined(separator: ", ")
    }

    /// Whether someone is using zone `index`: while it shows, a finger on the screen or the
    /// service screen; or something of it touched, turned or pressed less than
    /// ``inUseSeconds`` ago.
    func isInUse(zone index: Int) -> Bool { zones[index].isInUse(context(index)) }
}
