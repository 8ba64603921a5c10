import RotaryKit

/// What the world was last told of the session's lasting state, so an effect is asked for
/// only when that state changes.
struct WorldReport: Sendable {
    /// What the view was last built for (the screen as the session starts, until it changes).
    var view: ViewKey
    /// The backlight level last asked for (nil: none yet).
    var backlight: Double?
    /// Each zone's state record last published (nil: none yet).
    var states: [KioskStateRecord?] = []
    /// Each running zone's countdown checkpoint last kept, in whole
    /// ``KioskSession/checkpointSeconds`` left (nil: none since it started running).
    var checkpoints: [Int?] = []
    /// Whether the app was asked to end.
    var quit = false

    /// What a view is built for: the shown zone, its controls' changes and the layout's.
    struct ViewKey: Equatable, Sendable {
        var zone: Int
        var controls: Int
        var layout: Int
    }
}

extension KioskSession {
    /// The last effects, as the app ends: what is left to tell the world, and the backlight
    /// at the operator's level (not dimmed or off), where there is one.
    public mutating func ending() -> [KioskEffect] {
        effects(of: []) + (levels.brightness.map { [.setBacklight($0)] } ?? [])
    }

    /// `events` as effects, each followed by what it asks of the world, then the effects of
    /// the session's lasting state where it changed since the world was last told: the view
    /// to rebuild, the operator's settings (and the PIN count) to keep, the backlight, the state record, the end.
    mutating func effects(of events: [KioskEvent]) -> [KioskEffect] {
        let events = limited(events)
        var effects: [KioskEffect] = []
        var operatorChanged = false
        for event in events {
            effects.append(.emit(event))
            switch event {
            case .feedback(let kind):
                effects.append(.play(kind))
            case .timer(let report, let setting, let timedOut, let zone):
                if outbox.told.checkpoints.indices.contains(zone.index) { outbox.told.checkpoints[zone.index] = checkpointMark(report) }
                effects += [.saveCountdown(report, setting: setting, zone: zone),
                            .recordUsage(report, setting: setting, timedOut: timedOut, zone: zone)]
            case .service(.volume(let fraction)):
                effects.append(.setVolume(fraction))
                operatorChanged = true
            case .service(.brightness), .service(.calibrated), .service(.calibrationReset), .service(.pinRejected),
                 .service(.lockedOut), .service(.opened):
                operatorChanged = true
            case .update(.installing(let url)):
                effects.append(.installUpdate(url: url))
            case .update(.rebooting):
                effects.append(.rebootIntoUpdate)
            case .screenshot:
                effects.append(.takeScreenshot)
            default:
                break
            }
        }
        if viewKey != outbox.told.view {
            outbox.told.view = viewKey
            effects.append(.rebuildView)
        }
        if operatorChanged { effects.append(.saveOperatorSettings(levels, touchCalibration, pinLock)) }
        if let level = backlightLevel, level != outbox.told.backlight {
            outbox.told.backlight = level
            effects.append(isAsleep ? .backlightOff : .setBacklight(level))
        }
        if outbox.told.states.count != zones.count { outbox.told.states = Array(repeating: nil, count: zones.count) }
        for (index, zone) in zones.enumerated() {
            guard let key = KioskStateRecord(zone, context(index), update: updateReport, touchesDropped: touchesDropped), key != outbox.told.states[index] else { continue }
            outbox.told.states[index] = key
            effects.append(.publishState(key, endsIn: zone.timer.state == .running ? zone.timer.secondsLeft : nil))
        }
        effects += checkpoints()
        if outbox.quitToTell() { effects.append(.quit) }
        return effects
    }

    /// How often a running countdown is kept with what is left, in seconds of it: a restart
    /// never gives back more time than the last checkpoint had, whichever way the wall clock
    /// jumped while the kiosk was down (a board without a clock chip boots with an older time).
    static let checkpointSeconds = 15.0

    /// Which checkpoint `report` falls in (nil: it does not run).
    private func checkpointMark(_ report: TimerReport) -> Int? {
        report.state == .running ? Int((report.secondsLeft / Self.checkpointSeconds).rounded(.down)) : nil
    }

    /// A save of each running countdown that crossed a checkpoint since it was last kept.
    private mutating func checkpoints() -> [KioskEffect] {
        if outbox.told.checkpoints.count != zones.count { outbox.told.checkpoints = Array(repeating: nil, count: zones.count) }
        var effects: [KioskEffect] = []
        for (index, zone) in zones.enumerated() {
            let report = zone.timer.current
            let mark = checkpointMark(report)
            guard mark != outbox.told.checkpoints[index] else { continue }
            outbox.told.checkpoints[index] = mark
            if mark != nil { effects.append(.saveCountdown(report, setting: zone.countdown.setting, zone: zone.id)) }
        }
        return effects
    }
}
