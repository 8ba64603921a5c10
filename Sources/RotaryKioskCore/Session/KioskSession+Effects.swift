import RotaryKit

/// What the world was last told of the session's lasting state, so an effect is asked for
/// only when that state changes.
struct WorldReport: Sendable {
    /// The controls generation the view was last built for.
    var generation = 0
    /// The backlight level last asked for (nil: none yet).
    var backlight: Double?
    /// Each zone's state record last published (nil: none yet).
    var states: [KioskStateRecord?] = []
    /// Whether the app was asked to end.
    var quit = false
}

extension KioskSession {
    /// The effects that bring the world in line with the session as it is, with no event: at
    /// start, the first state record and the backlight's level.
    public mutating func worldInLine() -> [KioskEffect] { effects(of: []) }

    /// `events` as effects, each followed by what it asks of the world, then the effects of
    /// the session's lasting state where it changed since the world was last told: the view
    /// to rebuild, the operator's settings (and the PIN count) to keep, the backlight, the state record, the end.
    mutating func effects(of events: [KioskEvent]) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        var operatorChanged = false
        for event in events {
            effects.append(.emit(event))
            switch event {
            case .feedback(let kind):
                effects.append(.play(kind))
            case .timer(let report, let setting, let timedOut, let zone):
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
            default:
                break
            }
        }
        if controlsGeneration != told.generation {
            told.generation = controlsGeneration
            effects.append(.rebuildView)
        }
        if operatorChanged { effects.append(.saveOperatorSettings(levels, touchCalibration, pinLock)) }
        if let level = backlightLevel, level != told.backlight {
            told.backlight = level
            effects.append(isAsleep ? .backlightOff : .setBacklight(level))
        }
        if told.states.count != zones.count { told.states = Array(repeating: nil, count: zones.count) }
        for (index, zone) in zones.enumerated() {
            guard let key = KioskStateRecord(zone, update: updateReport), key != told.states[index] else { continue }
            told.states[index] = key
            effects.append(.publishState(key, endsIn: zone.timer.state == .running ? zone.timer.secondsLeft : nil))
        }
        if quitRequested, !told.quit {
            told.quit = true
            effects.append(.quit)
        }
        return effects
    }
}
