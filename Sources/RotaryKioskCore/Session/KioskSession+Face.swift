import RotaryKit

/// What the panel shows of the session besides the models: the shown zone's screen and
/// countdown, whether the panel is lit, the focus, the burn-in shift, and the faces the view
/// draws for the countdown.
extension KioskSession {
    /// The shown zone's controls as they are now.
    public var screen: KioskScreen { zones[selectedZone].screen }
    /// The shown zone's countdown, its set point and its timeouts.
    var countdown: Countdown { zones[selectedZone].countdown }
    /// The shown zone's countdown.
    public var timer: CountdownTimer { countdown.timer }
    /// Whether the panel is split into `[[zone]]`s (false: its one zone is the whole panel,
    /// which events do not name).
    public var hasZones: Bool { !zones[0].id.isWhole }
    /// Whether a person has armed remote start for the shown zone at the kiosk
    /// (``RemoteControl/armed``).
    public var arming: RemoteArming { zones[selectedZone].remote.arming }

    /// The screen is dimmed and nothing is drawn until the next touch.
    public var isDimmed: Bool { presence.isDimmed }
    /// Outside the opening hours with nothing to show: the panel is off (its backlight, or a
    /// black frame) and nothing is drawn until a touch, the hours or a countdown bring it on.
    public var isAsleep: Bool { presence.isAsleep }
    /// Whether it is outside the opening hours now.
    public var isClosed: Bool { presence.isClosed(settings.openingHours) }
    /// What the backlight should be now, a fraction of its maximum (nil: there is none): the
    /// operator's brightness, a fifth of it while dimmed, 0 (off) while the panel sleeps.
    public var backlightLevel: Double? { presence.backlightLevel(levels.brightness) }

    /// Whether keys or an encoder were used since the last touch: the focus is drawn.
    public var showsFocus: Bool { panelInput.showsFocus }
    /// The touches dropped as nobody's, by why.
    public var touchesDropped: TouchFilter.Counts { panelInput.touchesDropped }
    /// Where the whole picture stands against burn-in, whole window pixels right and down of
    /// its place: the view is drawn there, and touches are taken back from there. In the view
    /// it never moves up (the dial's marker stands at the top edge) but up to twice the reach
    /// down, into the margin below the dial, and the reach either way across.
    public var pictureShift: Point { panelInput.pictureShift(screen.layout.turn) }

    /// Whether the picture changes from frame to frame: a control moves or is held, or a
    /// refused start flashes. ("Done" and paused digits pulse in steps, each one a change
    /// ``secondsUntilChange`` counts.)
    public var isAnimating: Bool { !isAtRest || rejectFlash > 0 }

    /// How strongly a refused start still flashes the markers, 1 → 0 over
    /// ``rejectFlashSeconds``.
    public var rejectFlash: Double { countdown.rejectFlash(at: clock) }

    /// Seconds since the countdown finished, while "Done" shows, in whole pulse steps (nil
    /// otherwise).
    public var secondsDone: Double? { countdown.secondsDone(at: clock) }
    /// Seconds the countdown has been paused, in whole pulse steps (nil: not paused).
    public var secondsPaused: Double? { countdown.secondsPaused(at: clock) }

    /// While a countdown runs, the time of day it ends, as the screen's locale writes it
    /// ("14:35"); nil while none runs or the time of day is not known.
    public var endsAt: String? {
        guard timer.state == .running, let now = presence.timeOfDay else { return nil }
        return screen.locale.timeOfDay((now + timer.secondsLeft).rounded())
    }

    /// While "Done" shows, the time of day the countdown finished ("14:35"); nil otherwise or
    /// when the time of day is not known.
    public var finishedAt: String? {
        guard let done = countdown.secondsDone(at: clock), let now = presence.timeOfDay else { return nil }
        return screen.locale.timeOfDay(now - done)
    }

    /// Where the dial is shown, as an item coordinate, while it stands for a countdown: it
    /// unwinds with the remaining time like a kitchen timer's, and rests on 0 at "Done".
    /// Nil when the dial shows its own position.
    public var dialShowing: Double? {
        switch timer.state {
        case .running, .paused, .finished: screen.dialCoordinate(forMinutes: timer.secondsLeft / 60)
        case .idle, .cancelled: nil
        }
    }

    /// What the centre button says, in the screen's language: what a tap does ("Start",
    /// "Pause", "Resume"), or "Done".
    public var buttonFace: ButtonFace {
        let words = screen.locale.words
        return switch timer.state {
        case .idle, .cancelled: ButtonFace(label: words.start)
        case .running: ButtonFace(label: words.pause)
        case .paused: ButtonFace(label: words.resume)
        case .finished: ButtonFace(label: words.done)
        }
    }

    /// What a button of the screen says: the centre button's ``buttonFace``, "Stop" over
    /// "hold", or "+N min" (for any other control, the centre button's).
    public func face(of control: KioskControl) -> ButtonFace {
        let locale = screen.locale
        return switch control {
        case .stop: ButtonFace(label: locale.words.stop, detail: locale.words.hold)
        case .extend: ButtonFace(label: "+" + locale.words.minutes(settings.extendMinutes, numbers: locale.numbers))
        case .button, .zones, .categories, .setting, .dial, .wheel: buttonFace
        }
    }

    /// What the screen says in words under the time, in its language (nil: nothing): for a
    /// moment after a tap on Stop, "+N min" at the cap or a start on 0 minutes; else in a
    /// pause's last minute the time before it is cancelled, and on "Done" what a tap does.
    public var notice: String? {
        let words = screen.locale.words, numbers = screen.locale.numbers
        switch countdown.notice(at: clock) {
        case .holdToStop: return words.holdToCancel.isEmpty ? nil : words.holdToCancel
        case .limit(let minutes): return words.filling(\.limit, with: numbers.text(minutes))
        case .setTime: return words.setTime
        case nil: break
        }
        if let left = countdown.pauseSecondsLeft(at: clock, settings: settings) {
            return words.filling(\.cancelsIn, with: TimeText.format(seconds: left, numbers: numbers))
        }
        return timer.state == .finished ? words.tapForNext : nil
    }
}
