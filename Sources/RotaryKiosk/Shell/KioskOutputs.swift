import Foundation
import Logging
import RotaryKit
import RotarySDL

/// What the session's effects reach outside the screen: hooks, feedback devices, the saved
/// countdown, the usage log, the backlight, the MQTT link, the image's updater and the log.
/// Each is one call that `SessionDriver` makes for one ``KioskEffect``; nothing here reads
/// the session.
final class KioskOutputs {
    /// How the app runs, which decides what its outputs reach.
    enum Run {
        /// On a display: sound, rumble, the machine's backlight, the broker.
        case display
        /// Live without a window (`--headless`): the broker, the real clock; no devices.
        case headless
        /// A replay: the broker, the replay's clock; no devices.
        case replay
        /// One picture and out: nothing outside the process but the state folder.
        case picture
    }

    private let hooks: HookRunner
    private let devices: FeedbackDevices?
    /// Where each zone's countdown is kept, in the session's zone order.
    private let stores: [(zone: ZoneID, store: TimerStore)]
    private let usage: UsageLog?
    private let operatorStore: OperatorStore?
    private let backlight: Backlight?
    private let mqtt: MqttLink?
    /// Sends the panel's picture when `set/screenshot` asks (nil: no MQTT link).
    private let screenshots: ScreenshotSender?
    /// The kiosk image's updater, where the fleet may update (nil: no fleet updates).
    private let updater: ImageUpdater?
    /// The booted A/B slot, on the kiosk image (for the state record).
    private let slot = ImageUpdater.bootedSlot()
    /// What the operator's settings file held at start (nothing without one): the session
    /// starts from it, and owns those settings from then on.
    let remembered: RememberedOperator
    /// Whether the state folder keeps changes (false: there is none, or it is read-only).
    let keepsState: Bool
    /// Each program's category, for the usage log.
    private let categories: [String: String]
    private let logger: Logger
    private let run: Run
    /// Each zone's latest state, in zone order, for the kiosk's summary (empty without zones).
    private var zoneStates: [MqttState.ZoneLine?]
    /// The wall clock at start (seconds since 1970): a replay's clock runs on from it.
    private let startedAt: Double
    private let hookTimeout: Double

    /// Outputs for `config` from `startedAt` (seconds since 1970) for a `run`: on a display
    /// they open sound and rumble and the backlight `[display] backlight` names or finds
    /// (otherwise only a named one); all but a one-picture run join the `[mqtt]` broker.
    /// A state folder that cannot be used leaves the kiosk running without persistence; that
    /// and every failed save are posted to `inbox` as problems. Live (on a display or
    /// headless), the broker's commands are posted to it, and the first of a burst calls
    /// `wake`; where `[mqtt] updates` lets the fleet update and the image's updater is
    /// installed, what it says is posted there too.
    init(config: KioskConfig, stateDirectory: String?, run: Run, startedAt: Double, logger: Logger, inbox: SessionInbox,
         wake: @escaping @Sendable () -> Void) {
        let problems = inbox.report
        self.logger = logger
        self.startedAt = startedAt
        zoneStates = Array(repeating: nil, count: config.zones.count)
        self.run = run
        hookTimeout = config.hooks.timeoutSeconds
        hooks = HookRunner(hooks: config.hooks, zones: config.zones, feedbackCommand: config.feedback.command, logger: logger)
        if run == .display {
            if config.feedback.audio { LibraryLogs.routeALSA() }
            let devices = FeedbackDevices(audio: config.feedback.audio, volume: config.feedback.volume, rumble: config.feedback.rumble)
            logger.info("feedback: \(devices.summary)")
            self.devices = devices
        } else {
            devices = nil
        }
        let zones = ZoneID.all(config.zones)
        var folder: StateFolder?
        do { folder = try stateDirectory.map(StateFolder.init) } catch {
            problems("\(error); the countdown is not kept across restarts")
        }
        if let folder, let why = folder.readOnlyReason {
            problems("the state folder \(folder.path) is read-only (\(why)): what was saved there is put back, "
                          + "but no change (countdowns, the operator's settings, the usage log) is kept")
        }
        keepsState = folder?.isWritable ?? false
        let runtime = Self.runtimeDirectory()
        stores = folder.map { folder in
            zones.map { ($0, TimerStore(folder: folder, zone: $0, runtimeDirectory: runtime, failed: problems)) }
        } ?? []
        if let folder {
            let kept = zones.map(TimerStore.fileName(zone:))
            for message in TimerStore.setAsideOrphans(in: folder, kept: kept, now: startedAt) { problems(message) }
        }
        usage = folder.flatMap { $0.isWritable ? $0.path : nil }.map {
            UsageLog(directory: $0, keepDays: config.usageKeepDays, now: startedAt, failed: problems)
        }
        operatorStore = folder.map { OperatorStore(folder: $0, failed: problems) }
        let choice = run == .display || config.backlight != "auto" ? config.backlight : "none"
        do {
            backlight = try Backlight.find(choice, failed: problems)
        } catch {
            backlight = nil
            // A backlight found but not writable (no udev rule yet, a laptop) is no fault of
            // the config: the picture dims instead. One the config names is.
            if choice == "auto" { logger.warning("\(error); dimming darkens the picture instead") } else { problems("\(error)") }
        }
        let saved = operatorStore?.load(now: startedAt) ?? RememberedOperator()
        remembered = saved
        if let seconds = saved.pinLock.secondsLocked {
            logger.info("the service PIN stays locked for \(Int(seconds.rounded(.up))) s more (operator.json)")
        }
        if let touch = saved.touch, !touch.isIdentity { logger.info("touch calibration \(touch.matrix) (operator.json)") }
        if let volume = saved.volume, volume != config.feedback.volume {
            logger.info("feedback volume \(volume) as the operator set it (operator.json), not the config's \(config.feedback.volume)")
        }
        if let backlight { logger.info("backlight: \(backlight.name), up to \(backlight.maxBrightness)") }
        categories = Dictionary(config.programs.compactMap { p in p.category.map { (p.name, $0) } }) { first, _ in first }
        let live = run == .display || run == .headless
        let link = run == .picture ? nil : config.mqtt.flatMap {
            Self.link($0, discovery: HomeAssistantDiscovery.payload($0, config: config, version: RotaryKioskCommand.version),
                      logger: logger, inbox: inbox, commands: live, zoneCommands: !config.zones.isEmpty, wake: wake)
        }
        do {
            try link?.start()
            mqtt = link
        } catch {
            problems("MQTT is off: no thread for the link (\(error))")
            mqtt = nil
        }
        screenshots = mqtt.map { ScreenshotSender(link: $0, topic: $0.settings.screenshotTopic, problems: problems) }
        if live, config.mqtt?.updates == .armed, let stateDirectory, ImageUpdater.present {
            updater = ImageUpdater(stateDirectory: stateDirectory, failed: problems, reports: inbox, wake: wake)
        } else {
            updater = nil
        }
    }

    /// Whether the fleet can update this kiosk (``SessionSettings/hasUpdater``).
    var hasUpdater: Bool { updater != nil }

    /// The folder systemd keeps for the unit until the next boot (`RuntimeDirectory=`, the
    /// first of `$RUNTIME_DIRECTORY`), where a change the state folder cannot take waits; nil
    /// outside such a unit.
    private static func runtimeDirectory() -> String? {
        guard let paths = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"],
              let first = paths.split(separator: ":").first, first.hasPrefix("/") else { return nil }
        return String(first)
    }

    /// The MQTT link for `settings`, its password read from its file, its problems posted to
    /// `inbox`, and with `commands` its commands too (the zones' when `zoneCommands`), the
    /// first of a burst calling `wake`; nil (and an error) when libmosquitto refuses the
    /// settings.
    private static func link(_ settings: MqttSettings, discovery: String, logger: Logger, inbox: SessionInbox,
                             commands: Bool, zoneCommands: Bool, wake: @escaping @Sendable () -> Void) -> MqttLink? {
        let problems = inbox.report
        var password: String?
        do {
            password = try MqttClient.password(settings)
        } catch {
            problems("MQTT: \(error); connecting without a password")
        }
        do {
            var handOver: (@Sendable (RemoteMessage) -> Void)?
            if commands {
                handOver = { message in
                    if inbox.post(command: message) { wake() }  // one wake takes a burst
                }
            }
            return try MqttLink(settings: settings, password: password, discovery: discovery, report: problems, note: { logger.info("\($0)") },
                                commands: handOver, zoneCommands: zoneCommands)
        } catch {
            problems("\(error); the kiosk runs without MQTT")
            return nil
        }
    }

    /// Wall-clock seconds for an event at `ms`: the real clock, but start + virtual time in a
    /// replay.
    private func wallClock(ms: Double) -> Double {
        run == .replay ? startedAt + ms / 1000 : Date().timeIntervalSince1970
    }

    /// Tells the hooks, the MQTT event topic and the log of `event`, whose line is `line`.
    func announce(_ event: KioskEvent, line: String) {
        hooks.handle(event, line: line)
        mqtt?.publishEvent(line)
        let whose = event.zone.isWhole ? "" : "zone \(event.zone.name): "
        switch event {
        case .timer(let report, _, _, _):
            logger.info("\(whose)timer \(report.state.rawValue): \(report.program), \(TimeText.format(seconds: report.secondsLeft)) left")
        case .control(.selected(let control, _, let label, _), _):
            logger.info("\(whose)\(control.id) selected \(label)")
        case .error(let message):
            logger.error("\(message)")
        default:
            break
        }
    }

    /// Says that a touch was dropped as a panel's phantom: at one point, on one beat with the
    /// two before it (`total` so far; the state record's `touches_dropped` counts them too).
    func droppedPhantomTouch(total: Int) {
        logger.warning("touch: a contact where the two before it were, on the same beat, was dropped as a phantom touch ([touch] repeat_radius, repeat_tolerance_ms); \(total) so far")
    }

    /// Plays a feedback on the sound and rumble devices.
    func play(_ kind: FeedbackKind) { devices?.play(kind) }

    /// Sets the feedback devices' volume (0…1).
    func setVolume(_ fraction: Double) { devices?.volume = fraction }

    /// Sets the backlight to `fraction` of its maximum, or off (nil).
    func setBacklight(_ fraction: Double?) {
        guard let backlight else { return }
        if let fraction { backlight.set(fraction) } else { backlight.off() }
    }

    /// Keeps the operator's levels, touch calibration and the PIN's count and lock as of `ms`.
    func saveOperatorSettings(_ levels: OperatorLevels, touch: TouchCalibration, pin: PinLock, ms: Double) {
        operatorStore?.save(levels, touch: touch, pin: pin, now: wallClock(ms: ms))
    }

    /// Keeps the countdown of `zone` as `report` leaves it at `ms`.
    func keep(_ report: TimerReport, setting: SettingReading?, zone: ZoneID, ms: Double) {
        stores.first { $0.zone == zone }?.store.save(report, setting: setting, now: wallClock(ms: ms))
    }

    /// Records the countdown's change in `zone` at `ms` in the usage log.
    func recordUsage(_ report: TimerReport, setting: SettingReading?, timedOut: Bool, zone: ZoneID, ms: Double) {
        usage?.record(report, setting: setting, category: categories[report.program], zone: usageZone(zone), timedOut: timedOut,
                      now: wallClock(ms: ms))
    }

    /// `zone` as the usage log keeps it (nil: the panel has no zones).
    private func usageZone(_ zone: ZoneID) -> UsageZone? {
        zone.isWhole ? nil : UsageZone(name: zone.name, id: zone.slug)
    }

    /// Hands the MQTT link the state record `key` at `ms`, a running countdown ending
    /// `endsIn` seconds later, with the `frames` presented so far: a zone's on its own topic,
    /// with the kiosk's summary after it.
    func publishState(_ key: KioskStateRecord, endsIn: Double?, ms: Double, frames: FrameStats) {
        guard let mqtt else { return }
        let now = wallClock(ms: ms)
        let endsAt = endsIn.map { now + $0 }
        let presents = MqttState.Presents(frames: frames.frames, lastAt: frames.lastPresent.map { now - (LiveLoop.seconds() - $0) })
        let record = MqttState.record(key, category: categories[key.program], endsAt: endsAt, presents: presents, slot: slot)
        guard !key.zone.isWhole, zoneStates.indices.contains(key.zone.index) else {
            mqtt.publishState(record)
            return
        }
        mqtt.publishState(record, on: mqtt.settings.zoneStateTopic(key.zone.slug))
        zoneStates[key.zone.index] = MqttState.ZoneLine(record: key, endsAt: endsAt)
        // The summary waits for every zone's first record, all of which come at start.
        let all = zoneStates.compactMap { $0 }
        if all.count == zoneStates.count { mqtt.publishState(MqttState.summary(all, slot: slot)) }
    }

    /// Why no picture can be sent now (nil: one can), asked before the frame is copied.
    var screenshotRefusal: String? { screenshots == nil ? "there is no MQTT link to send it on" : screenshots?.refusal }

    /// Publishes `picture`, the panel as it is now, on `<base>/screenshot` (encoded on a
    /// thread of its own).
    func sendScreenshot(_ picture: Surface) {
        guard let screenshots else { return }
        logger.info("screenshot: sending the panel's picture")
        screenshots.send(picture)
    }

    /// Has the image's updater fetch and install the bundle at `url`.
    func installUpdate(url: String) {
        logger.info("fleet update: installing \(url)")
        updater?.install(url: url)
    }

    /// Has the image's updater reboot into the updated slot.
    func rebootIntoUpdate() {
        logger.info("fleet update: rebooting into the updated slot")
        updater?.rebootIntoUpdate()
    }

    /// Each zone's countdown saved before the app stopped, as it is now, and the problems
    /// found reading them.
    func savedCountdowns() -> (countdowns: [SavedCountdown], problems: [String]) {
        let now = wallClock(ms: 0)
        var countdowns: [SavedCountdown] = [], problems: [String] = []
        for (zone, store) in stores {
            switch store.load(now: now) {
            case .nothing:
                break
            case .corrupt(let message):
                problems.append("saved timer: \(message)")
            case .timer(let state, _, let program, let total, let left, let setting, let boot):
                let whose = zone.isWhole ? "" : "zone \(zone.name)'s "
                logger.info("resuming \(whose)\(state.rawValue) timer of \(program) with \(TimeText.format(seconds: left)) left")
                let notKept = state == .running ? Self.whyStopMayBeLost(savedIn: boot) ?? store.whyChangesCannotBeKept() : nil
                countdowns.append(SavedCountdown(state: state, program: program, secondsTotal: total, secondsLeft: left, setting: setting,
                                                 zone: zone, stopNotKept: notKept))
            }
        }
        return (countdowns, problems)
    }

    /// Why a stop made just before a running countdown kept in boot `boot` was last saved may
    /// have been lost (nil: it would have been kept, or is waiting in the runtime folder): the
    /// panel restarted since (a power cut, a reboot), and `/run`, where a stop the state
    /// folder could not take would wait, went with it.
    private static func whyStopMayBeLost(savedIn boot: String?) -> String? {
        guard let current = BootID.current, boot == current else {
            return "the panel has restarted since it was saved (a power cut or a reboot), and a stop made before that may not have been kept"
        }
        return nil
    }

    /// Settles the usage log by what the session took back at start (its `timer` events
    /// among `effects`): only a countdown really resumed keeps its row.
    func settleUsage(resumed effects: [KioskEffect]) {
        guard let usage else { return }
        let now = wallClock(ms: 0)
        let restored = effects.events.compactMap { event -> UsageLog.Resumed? in
            guard case .timer(let report, let setting, _, let zone) = event else { return nil }
            let run = max(0, report.secondsTotal - report.secondsLeft)
            return UsageLog.Resumed(start: UsageStart(program: report.program, category: categories[report.program], zone: usageZone(zone),
                                                      setting: setting, minutesSet: report.secondsTotal / 60, startedAt: now - run),
                                    secondsRun: run, at: now)
        }
        usage.recover(resuming: restored)
    }

    /// The backlight's name, for the service screen.
    var backlightName: String? { backlight?.name }
    /// Whether there is a backlight to set (else dimming darkens the picture).
    var hasBacklight: Bool { backlight != nil }

    /// What the MQTT link is doing, for the service screen.
    func mqttStatus() -> String { mqtt?.status ?? "none" }

    /// Waits until every save so far has reached the disk or failed.
    func flush() {
        for (_, store) in stores { store.flush() }
        usage?.flush()
        operatorStore?.flush()
        backlight?.flush()
    }

    /// Says goodbye to the broker however the run ended.
    deinit { mqtt?.stop() }

    /// Lets hooks end (in a replay, up to their timeout, unless SIGTERM or SIGINT arrives),
    /// then says goodbye to the MQTT broker.
    func finish(replay: Bool) {
        defer {
            screenshots?.finish()
            mqtt?.stop()
        }
        hooks.finish(waitingUpTo: replay ? hookTimeout + 2 : 1) { SignalWatch.received != nil }
    }
}
