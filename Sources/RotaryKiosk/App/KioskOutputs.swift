import Foundation
import Logging
import RotaryKit
import RotarySDL

/// What the kiosk's events drive outside the screen: hooks, feedback devices, the saved
/// countdown, the usage log and the log.
final class KioskOutputs {
    private let hooks: HookRunner
    private let devices: FeedbackDevices?
    private let store: TimerStore?
    private let usage: UsageLog?
    private let operatorStore: OperatorStore?
    private let backlight: Backlight?
    /// The operator's brightness and volume: remembered, else full brightness and the config's volume.
    private(set) var levels: OperatorLevels
    /// The backlight level last asked for.
    private var shownBacklight: Double??
    /// Each program's category, for the usage log.
    private let categories: [String: String]
    private let logger: Logger
    private let live: Bool
    private let startedAt = Date().timeIntervalSince1970
    private let hookTimeout: Double

    /// Outputs for `config`; `live` opens sound and rumble (replays and headless runs have
    /// none) and the backlight `[display] backlight` names or finds (replays and headless runs
    /// only a named one).
    /// A state folder that cannot be used leaves the kiosk running without persistence; that
    /// and every failed save are posted to `problems`.
    init(config: KioskConfig, stateDirectory: String?, live: Bool, logger: Logger, problems: ProblemMailbox) {
        self.logger = logger
        self.live = live
        hookTimeout = config.hooks.timeoutSeconds
        hooks = HookRunner(hooks: config.hooks, feedbackCommand: config.feedback.command, logger: logger)
        if live {
            let devices = FeedbackDevices(audio: config.feedback.audio, volume: config.feedback.volume, rumble: config.feedback.rumble)
            logger.info("feedback: \(devices.summary)")
            self.devices = devices
        } else {
            devices = nil
        }
        do {
            store = try stateDirectory.map { try TimerStore(directory: $0, failed: problems.post) }
        } catch {
            store = nil
            problems.post("\(error); the countdown is not kept across restarts")
        }
        // The store made the folder, if it could be made: without it there is no log either.
        usage = store == nil ? nil : stateDirectory.map {
            UsageLog(directory: $0, keepDays: config.usageKeepDays, now: Date().timeIntervalSince1970, failed: problems.post)
        }
        operatorStore = store == nil ? nil : stateDirectory.map { OperatorStore(directory: $0, failed: problems.post) }
        let choice = live || config.backlight != "auto" ? config.backlight : "none"
        do {
            backlight = try Backlight.find(choice, failed: problems.post)
        } catch {
            backlight = nil
            problems.post("\(error)")
        }
        let saved = operatorStore?.load()
        // Not the backlight's level now: a kiosk stopped while dimmed would start dim.
        levels = OperatorLevels(brightness: backlight.map { _ in saved?.brightness ?? 1 },
                                volume: saved?.volume ?? config.feedback.volume)
        devices?.volume = levels.volume
        if let backlight { logger.info("backlight: \(backlight.name), up to \(backlight.maxBrightness)") }
        categories = Dictionary(config.programs.compactMap { p in p.category.map { (p.name, $0) } }) { first, _ in first }
    }

    /// Wall-clock seconds for an event at `ms`: the real clock live, start + virtual time in a replay.
    private func wallClock(ms: Double) -> Double {
        live ? Date().timeIntervalSince1970 : startedAt + ms / 1000
    }

    /// Follows every event of `sink`.
    func attach(to sink: EventSink) {
        sink.listen { [self] event, line, ms in
            hooks.handle(event, line: line)
            switch event {
            case .feedback(let kind):
                devices?.play(kind)
            case .timer(let report, let setting, let timedOut):
                store?.save(report, setting: setting, now: wallClock(ms: ms))
                usage?.record(report, setting: setting, category: categories[report.program], timedOut: timedOut,
                              now: wallClock(ms: ms))
                logger.info("timer \(report.state.rawValue): \(report.program), \(TimeText.format(seconds: report.secondsLeft)) left")
            case .control(.selected(let id, _, let label, _)):
                logger.info("\(id) selected \(label)")
            case .error(let message):
                logger.error("\(message)")
            case .service(.brightness(let value)):
                levels.brightness = value
                operatorStore?.save(levels)
            case .service(.volume(let value)):
                levels.volume = value
                devices?.volume = value
                operatorStore?.save(levels)
            default:
                break
            }
        }
    }

    /// Puts back a countdown saved before the app stopped; the events to publish.
    func resume(_ session: inout KioskSession) -> [KioskEvent] {
        guard let store else { return [] }
        let found = store.load(now: wallClock(ms: 0))
        if case .timer = found { usage?.recover(resuming: true) } else { usage?.recover(resuming: false) }
        switch found {
        case .nothing:
            return []
        case .corrupt(let message):
            return [.error("saved timer: \(message)")]
        case .timer(let state, _, let program, let total, let left, let setting):
            logger.info("resuming a \(state.rawValue) timer of \(program) with \(TimeText.format(seconds: left)) left")
            return session.restore(state: state, program: program, secondsTotal: total, secondsLeft: left, setting: setting)
        }
    }

    /// Brings the backlight in line with `session` (the operator's level, lower while dimmed).
    func follow(_ session: KioskSession) {
        let level = session.backlightLevel
        guard let backlight, shownBacklight != .some(level) else { return }
        shownBacklight = .some(level)
        backlight.set(level)
    }

    /// Leaves the backlight at the operator's level (not dimmed, not off) as the app ends.
    func restoreBacklight() {
        backlight?.set(levels.brightness ?? 1)
    }

    /// The backlight's name, for the service screen.
    var backlightName: String? { backlight?.name }

    /// Waits until every save so far has reached the disk or failed.
    func flush() {
        store?.flush()
        usage?.flush()
        operatorStore?.flush()
        backlight?.flush()
    }

    /// Lets hooks end (in a replay, up to their timeout, unless SIGTERM or SIGINT arrives).
    func finish(replay: Bool) {
        hooks.finish(waitingUpTo: replay ? hookTimeout + 2 : 1) { SignalWatch.received != nil }
    }
}
