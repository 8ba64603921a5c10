import RotaryKit

/// The loop kernel the live loop and the replay loop both drive, so they cannot drift: it
/// owns the session, hands it input, time and what comes from other threads (its
/// ``SessionInbox``), and carries out the effects each returns in one switch. The loops only decide when (the display's pace, a virtual 60 Hz
/// clock) and what to draw.
final class SessionDriver {
    /// The session as it is now (read it to draw and to know when it next changes).
    private(set) var session: KioskSession
    let scene: KioskScene
    private let outputs: KioskOutputs
    /// Commands, updater reports and problems from other threads.
    private let inbox: SessionInbox
    /// The session asked the app to end.
    private(set) var quitting = false
    /// The time of the last effects carried out, ms.
    private var lastMs = 0.0

    init(session: KioskSession, scene: KioskScene, outputs: KioskOutputs, inbox: SessionInbox) {
        self.session = session
        self.scene = scene
        self.outputs = outputs
        self.inbox = inbox
    }

    /// Hands the session one input at `ms`; a touch the filter dropped as a panel's phantom
    /// (repeating on one beat) is said in the log, never silently.
    func handle(_ input: ControlInput, ms: Double) {
        let repeating = session.touchesDropped.repeating
        perform(session.handle(input), ms: ms)
        if session.touchesDropped.repeating > repeating { outputs.droppedPhantomTouch(total: session.touchesDropped.repeating) }
    }

    /// Moves the session on by `dt` seconds, landing at `ms` and at the local `timeOfDay`
    /// (nil: it moves on by `dt`).
    func advance(by dt: Double, ms: Double, timeOfDay: Double? = nil) {
        perform(session.advance(by: dt, timeOfDay: timeOfDay), ms: ms)
    }

    /// Hands the session a command from outside at `ms`.
    func remote(_ message: RemoteMessage, ms: Double) { perform(session.remote(message), ms: ms) }

    /// Rebuilds the screen for `layout` at `ms`; false when it is the one shown.
    func relayout(_ layout: ScreenLayout, ms: Double) -> Bool {
        let effects = session.relayout(layout)
        perform(effects, ms: ms)
        return effects.contains(.rebuildView)
    }

    /// Hands the session what came from other threads since the last call, in order, at `ms`.
    func deliverMail(ms: Double) {
        for item in inbox.drain() {
            switch item {
            case .command(let message): remote(message, ms: ms)
            case .updaterReport(let report): perform(session.updaterReported(report), ms: ms)
            case .problem(let problem): report(problem, ms: ms)
            }
        }
    }

    /// Starts the session at time 0: announces `problems` found at start, puts back the
    /// countdowns saved before the app stopped (and settles the usage log by what came back),
    /// and brings the world in line with the session (the state records, the backlight).
    func start(announcing problems: [String]) {
        let saved = outputs.savedCountdowns()
        let effects = session.start(problems: problems + saved.problems, restoring: saved.countdowns)
        outputs.settleUsage(resumed: effects)
        perform(effects, ms: 0)
    }

    /// Tells the session of a problem found outside it at `ms` (an `error`; the badge shows).
    func report(_ problem: String, ms: Double) { perform(session.report(problems: [problem]), ms: ms) }

    /// Carries out the session's last effects as the app ends (the backlight back at the
    /// operator's level).
    func end() { perform(session.ending(), ms: lastMs) }

    /// Draws what changed since the last frame (everything when `whole`).
    func draw(whole: Bool = false) throws { try scene.draw(session, whole: whole) }

    /// Announces what is left (problems found in the background) and writes the `exit` line,
    /// at the time of the last step.
    func finish() {
        perform([], ms: lastMs)
        scene.emitExit(session, ms: lastMs)
    }

    /// Carries out `effects` at `ms`, after the problems found in the background since the
    /// last call (as `error` events).
    func perform(_ effects: [KioskEffect], ms: Double) {
        lastMs = ms
        let problems = inbox.drainProblems()
        for effect in (problems.isEmpty ? [] : session.report(problems: problems)) + effects {
            switch effect {
            case .emit(let event): outputs.announce(event, line: scene.emit(event, ms: ms))
            case .play(let kind): outputs.play(kind)
            case .setVolume(let fraction): outputs.setVolume(fraction)
            case .setBacklight(let fraction): outputs.setBacklight(fraction)
            case .backlightOff: outputs.setBacklight(nil)
            case .saveOperatorSettings(let levels, let touch, let pin): outputs.saveOperatorSettings(levels, touch: touch, pin: pin, ms: ms)
            case .saveCountdown(let report, let setting, let zone): outputs.keep(report, setting: setting, zone: zone, ms: ms)
            case .recordUsage(let report, let setting, let timedOut, let zone):
                outputs.recordUsage(report, setting: setting, timedOut: timedOut, zone: zone, ms: ms)
            case .publishState(let key, let endsIn): outputs.publishState(key, endsIn: endsIn, ms: ms, frames: scene.frameStats)
            case .rebuildView:
                scene.rebuild(for: session.screen)
                scene.emitLayout(session, ms: ms)
            case .installUpdate(let url): outputs.installUpdate(url: url)
            case .rebootIntoUpdate: outputs.rebootIntoUpdate()
            case .takeScreenshot:
                if let busy = outputs.screenshotRefusal {
                    inbox.report("screenshot: \(busy)")
                    continue
                }
                do { outputs.sendScreenshot(try scene.capture(session)) } catch {
                    inbox.report("screenshot: \(error)")
                }
            case .quit: quitting = true
            }
        }
    }
}
