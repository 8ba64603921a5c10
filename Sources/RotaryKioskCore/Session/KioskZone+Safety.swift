import RotaryKit

/// A heater's limits on a zone: the on-time cap (`[safety] max_on_minutes`, or a program's
/// own) that the dial, a start and an extension cannot pass, and the cabin's door, which
/// keeps remote starts off while it is open.
extension KioskZone {
    /// The longest `program` may run, in minutes (nil: no cap).
    func onTimeCap(of program: Program?, _ settings: SessionSettings) -> Int? {
        settings.safety.onTimeCap(of: program)
    }

    /// The cap of the program on the wheel now, or of the countdown's while one is active.
    func onTimeCap(_ settings: SessionSettings) -> Int? {
        onTimeCap(of: timer.isActive ? program(named: timer.program) : screen.selectedProgram, settings)
    }

    /// The dial came to rest past the selected program's cap: it turns back to the longest
    /// time within it, with the refusal's feedback. Nothing when it is within.
    mutating func keepDialWithinCap(_ context: ZoneContext) -> [KioskEvent] {
        guard let cap = onTimeCap(of: screen.selectedProgram, context.settings), screen.selectedMinutes > cap else { return [] }
        let within = screen.dialMinutes.indices.last { screen.dialMinutes[$0] <= cap } ?? 0
        return [.feedback(.reject)] + react(to: screen.turn(.dial, .item(within)), context)
    }

    /// Why `minutes` of `program` may not run (nil: they may).
    func capRefusal(minutes: Int, of program: Program?, _ settings: SessionSettings) -> String? {
        guard let cap = onTimeCap(of: program, settings), minutes > cap else { return nil }
        return "\(minutes) minutes is over \(program?.name ?? "the program")'s limit of \(cap) minutes on ([safety] max_on_minutes)"
    }

    /// Why the countdown may not be made `minutes` longer (nil: it may).
    func extensionRefusal(minutes: Int, _ settings: SessionSettings) -> String? {
        guard timer.isActive else { return "no countdown is running or paused" }
        guard minutes > 0 else { return "extend takes a whole number of minutes above 0" }
        let total = Int((timer.secondsTotal / 60).rounded(.up)) + minutes
        guard let cap = onTimeCap(settings), total > cap else { return total > Self.longestMinutes ? "a countdown runs at most a day" : nil }
        return "\(minutes) minutes more would make \(total) minutes on, over \(timer.program)'s limit of \(cap) "
            + "([safety] max_on_minutes)"
    }

    /// The longest countdown, in minutes: a day, as the dial's values go.
    static let longestMinutes = 1440

    /// Why the cabin's door keeps heating from starting from afar now (nil: it does not).
    func doorRefusal(_ settings: SessionSettings) -> String? {
        switch remote.door {
        case .open: "the cabin's door is open"
        case .closed: nil
        case nil: settings.safety.doorSensor ? "the door sensor has not said the cabin's door is closed" : nil
        }
    }

    /// Whether a remote start would be taken now, as far as the zone can say: remote control
    /// allows it (armed, where it must be), nobody uses the zone, no countdown is active or
    /// shows "Done", and the door does not stand in the way.
    func readyForRemoteStart(_ context: ZoneContext) -> Bool {
        refusal(of: .start(RemoteCommand.Choice()), context) == nil
    }

    /// The program named `name` among the zone's.
    func program(named name: String) -> Program? { screen.allPrograms.first { $0.name == name } }
}

/// What a door sensor last said of a cabin's door.
public enum DoorState: String, Equatable, Sendable {
    case open
    case closed
}

/// How a door sensor's word reached the kiosk.
public enum DoorNews: Equatable, Sendable {
    /// Published as it happened (not retained).
    case live
    /// The broker's retained copy, on the link's first connection.
    case retained
    /// The broker's retained copy sent again after a reconnect: older than anything heard
    /// live since, and perhaps older than the last live word before the link dropped.
    case retainedAgain
}
