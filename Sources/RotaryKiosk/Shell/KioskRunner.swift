import CSDL2
import Foundation
import Logging
import RotaryKit
import RotarySDL

/// The imperative shell: chooses the config, opens SDL, builds the screen, wires the event
/// stream to hooks, feedback and persistence, resumes a saved countdown, and runs live, as a
/// replay, or headless for one picture.
public final class KioskRunner {
    private let options: KioskOptions
    private let logger: Logger
    private let outputs: RunOutputs
    /// The event stream: lines out, and `listen` for programs that embed the kiosk.
    public let events: EventSink
    /// A finger that spins the wheel through the live loop, and what it measured
    /// (`bench --live`); nil in a kiosk.
    var measurement: LiveMeasurement?

    /// A runner for `options`; events go to `--events-out` or standard output.
    public convenience init(options: KioskOptions, logger: Logger) throws {
        try self.init(options: options, logger: logger, outputs: RunOutputs(replay: options.replay != nil))
    }

    /// A runner for `options` whose plain lines and events go through `outputs`.
    init(options: KioskOptions, logger: Logger, outputs: RunOutputs) throws {
        self.options = options
        self.logger = logger
        self.outputs = outputs
        events = try outputs.events(to: options.eventsOut, logger: logger)
    }

    /// Runs until the window closes (or SIGTERM, or the admin gesture), the replay ends, or
    /// (headless) one picture is saved.
    public func run() throws {
        defer { events.flush(upTo: outputs.flushLimit) }
        var timeline = StartupTimeline()
        let trace = try options.replay.map(ReplayTrace.init(contentsOf:))
        let stateDirectory = options.stateDir ?? (trace == nil ? Self.defaultStateDirectory() : nil)
        let choice = ConfigChoice.choose(path: options.config, stateDirectory: stateDirectory) { logger.warning("\($0)") }
        // Warnings go to the log only; errors become `error` events below, which the log follows.
        for problem in choice.problems where problem.severity == .warning { logger.warning("\(problem)") }
        let config = choice.config
        timeline.mark("config")
        let fontLookup = FontLookup(pattern: Theme(config.theme).fontPattern)  // fontconfig meanwhile, on a worker

        let display = try openDisplay(config, replay: trace != nil)
        // The console and libinput are held by the display alone: kept to the end of the run.
        defer { withExtendedLifetime(display) {} }
        let headless = display.isHeadless
        let renderer = display.renderer
        timeline.mark("display")
        let art = ThemeArtCheck(theme: Theme(config.theme), icons: config.programs.map(\.icon))
        timeline.mark("theme art")
        let font = try fontLookup.choice()
        let fonts = FontBook(path: font.file)
        timeline.mark("fonts")
        let layout = layoutOfDisplay(display, config: config, fonts: fonts)
        let screen = KioskScreen(layout: try layout(), programs: config.programs, dialMinutes: config.dialMinutes,
                                 categories: config.categories, locale: config.locale)
        logger.info("\(screen.layout.panel.description)")
        let ringArt = Self.ringArtStore(options.cacheDir ?? (trace == nil ? Self.defaultCacheDirectory() : nil)) { [logger] in
            logger.warning("\($0)")
        }
        // Art painted this run is on the disk before the process ends (a few milliseconds).
        defer { ringArt?.waitForWrites() }
        let inbox = SessionInbox()
        let scene = KioskScene(renderer: renderer, panel: display.panel, theme: art.theme, fonts: fonts, events: events,
                               ringArt: ringArt, problems: inbox.report)
        let input = try display.input(width: screen.layout.width, height: screen.layout.height, inbox: inbox)
        let startedAt = options.replayStart ?? Date().timeIntervalSince1970
        let run: KioskOutputs.Run = trace != nil ? .replay : options.headless ? .headless : headless ? .picture : .display
        let outputs = KioskOutputs(config: config, stateDirectory: stateDirectory, run: run,
                                   startedAt: startedAt, logger: logger, inbox: inbox, wake: input.wake)
        gatherServiceFacts(into: scene, display: display, outputs: outputs, config: config, fallbackNote: choice.fallbackNote,
                           stateDirectory: stateDirectory)
        let session = makeSession(screen, config: config, outputs: outputs, timesTouches: trace != nil || input.timesTouches,
                                  startedAt: startedAt)
        outputs.setVolume(session.levels.volume)  // the feedback devices at the level the session starts with
        scene.rebuild(for: session.screen)
        timeline.mark("layout and outputs")
        let systemd = SystemdNotifier()
        // A pet goes out at most every half watchdog interval; a quarter more for the stall and
        // a sixteenth for the watch's look leaves the error line time before systemd's own kill.
        if trace == nil, run == .display || run == .headless { watchPresents(scene, stallSeconds: systemd.watchdogInterval.map { $0 / 2 } ?? 10) }
        defer { scene.presentWatch?.stop() }
        try scene.drawFirstFrame(session, ms: 0)
        timeline.mark("first frame")
        logStart(timeline, rings: scene.ringArtTime, cache: ringArt)
        let driver = SessionDriver(session: session, scene: scene, outputs: outputs, inbox: inbox)
        // SDL makes the window's surface anew when it turns fullscreen: the whole frame again.
        if display.enterFullscreen() { try driver.draw(whole: true) }
        // Only a config the kiosk has drawn with, art and all, becomes the one to fall back on.
        let kept = stateDirectory.flatMap { choice.keepAsLastGood(in: $0, keepsState: outputs.keepsState,
                                                                  drewWhole: art.failures.isEmpty && scene.drewEverything) }
        driver.start(announcing: Self.startProblems(choice, notKept: kept, art: art, font: font))
        // One picture shows what the start brought: a countdown put back, the problems' badge.
        if run == .picture { try driver.draw() }

        var replayError: ReplayError?
        if let trace {
            do { try ReplayLoop(driver: driver, trace: trace).run() } catch let error as ReplayError { replayError = error }
        } else if run == .display || run == .headless {
            try runLive(driver, display: display, layout: layout, systemd: systemd, input: input)
        }
        driver.end()
        outputs.flush()
        try finish(driver, run: run, picture: replayError == nil)
        outputs.finish(replay: trace != nil)
        if let replayError { throw replayError }
        // A signal while the replay's hooks were being waited for still ends it as a signal does.
        if trace != nil, let signal = SignalWatch.received { throw ReplayError.interrupted(signal: signal) }
    }

    /// Opens the display for `config` (a replay's is offscreen) and says in the log what it
    /// got; `bench --live` is refused a headless one.
    private func openDisplay(_ config: KioskConfig, replay: Bool) throws -> KioskDisplay {
        let display = try KioskDisplay.open(.init(options.videoDriver ?? ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]), options: options,
                                            framebuffer: config.framebuffer, replay: replay, logger: logger)
        logger.info("video driver: \(display.description)")
        if measurement != nil, display.isHeadless {  // bench --live measures a display, never a headless picture
            throw KioskError.noDisplay(requested: "x11, wayland, kmsdrm or fbdev", opened: display.videoDriver)
        }
        if measurement != nil, display.panel != nil { SDL_InitSubSystem(SDL_INIT_EVENTS) }  // the synthetic finger's queue
        logger.info("renderer: \(display.renderer.name) (\(display.rendererReason))")
        if !display.inputDevices.isEmpty { logger.info("input devices: \(display.inputDevices.joined(separator: ", "))") }
        if !options.windowed, !display.isHeadless, display.touchDevices.isEmpty {
            logger.warning("no touch device found: touches will not reach the kiosk (is the user in the 'input' group?)")
        }
        return display
    }

    /// What lays the screen out for `display`'s size as it is now (again after a resize or a
    /// rotation), with `config`'s rotation, strip, set points, zones and language, the strip
    /// and the service tabs measured in `fonts`.
    private func layoutOfDisplay(_ display: KioskDisplay, config: KioskConfig, fonts: FontBook) -> () throws -> ScreenLayout {
        let rotation = options.rotate?.degrees ?? config.rotation
        let renderer = display.renderer
        return {
            let (w, h) = try renderer.outputSize()
            return try ScreenLayout(width: Double(w), height: Double(h), rotation: rotation, hasStrip: config.categories.count >= 2,
                                    hasSetting: config.programs.contains { $0.setting != nil }, zones: config.zones.count,
                                    direction: config.locale.direction,
                                    panel: display.panelSize(diagonalInches: config.diagonalInches, width: Double(w), height: Double(h)))
                .measuringStrip(config.categories, with: fonts).measuringServiceTabs(with: fonts, words: config.locale.service)
        }
    }

    /// The session on `screen` with `config`'s settings and zones, from what the operator's
    /// settings file kept, at the wall clock's time of day at `startedAt`. Where touches are
    /// not timed (`timesTouches` false: SDL stamps them as it reads them, so a real tap read
    /// in one batch would seem to last 0 ms) only repeating contacts are dropped.
    private func makeSession(_ screen: KioskScreen, config: KioskConfig, outputs: KioskOutputs, timesTouches: Bool,
                             startedAt: Double) -> KioskSession {
        var settings = SessionSettings(config: config, windowed: options.windowed)
        settings.hasUpdater = outputs.hasUpdater
        if !timesTouches, settings.touchFilter.minContactSeconds > 0 {
            settings.touchFilter.minContactSeconds = 0
            logger.info("touch: contacts are not timed (SDL stamps touches as it reads them); repeating ones are still dropped")
        }
        let remembered = outputs.remembered
        return KioskSession(screen: screen, settings: settings, zones: config.zones,
                                   levels: remembered.levels(hasBacklight: outputs.hasBacklight, configVolume: config.feedback.volume),
                                   touch: remembered.touch ?? .identity, pinLock: remembered.pinLock,
                                   timeOfDay: LocalTime.secondsSinceMidnight(startedAt))
    }

    /// What the start found, as `error` events: the config's errors, why the config could
    /// not be kept as the last good one (`notKept`), the fallback the kiosk runs on instead,
    /// the theme's art that cannot be drawn and a font file refused.
    private static func startProblems(_ choice: ConfigChoice, notKept: String?, art: ThemeArtCheck, font: FontLocator.Choice) -> [String] {
        choice.problems.filter { $0.severity == .error }.map { "config: \($0)" }
            + [notKept, choice.fallbackNote].compactMap { $0.map { "config: \($0)" } }
            + art.messages.map { "theme: \($0)" }
            + font.refused.map { "theme: the font file \($0) cannot be drawn with (empty, truncated or damaged); drawing with \(font.file)" }
    }

    /// Has the service screen's diagnostics and usage tabs gather what they show from the
    /// shell (the display, the outputs, the config's hours, the errors told so far) as a tab
    /// opens.
    private func gatherServiceFacts(into scene: KioskScene, display: KioskDisplay, outputs: KioskOutputs, config: KioskConfig,
                                    fallbackNote: String?, stateDirectory: String?) {
        let facts = ServiceFactsSource(videoDriver: display.videoDriver, rendererName: display.renderer.name, configPath: options.config,
                                       fallbackNote: fallbackNote, stateDirectory: stateDirectory,
                                       backlight: outputs.backlightName, openingHours: config.openingHours,
                                       wakeSeconds: config.wakeSeconds, mqtt: outputs.mqttStatus,
                                       touch: { display.touchDevices })
        events.listen { event, _, _ in if case .error(let message) = event { facts.noteError(message) } }
        scene.gatherFacts = { [unowned scene] page, session in
            facts.facts(for: page, frames: scene.frameStats, touchesDropped: session.touchesDropped)
        }
    }

    /// Says in the log how long the start took, step by step (debug), and how the first
    /// frame's `rings` were made, read from the `cache` or painted.
    private func logStart(_ timeline: StartupTimeline, rings: RingArtTime, cache: RingArtStore?) {
        let ms = StartupTimeline.milliseconds
        if let cache, rings.rings > 0 {
            logger.info("ring art: \(rings.read) of \(rings.rings) rings read from \(cache.directory) in \(ms(rings.reading)) ms, \(rings.rings - rings.read) painted in \(ms(rings.total - rings.reading)) ms")
        }
        logger.debug("\(timeline.summary(detail: ["first frame": "of which \(rings.rings) rings: pictures \(ms(rings.pictures)), polar art \(ms(rings.art)), pixel maps \(ms(rings.maps)), \(rings.read) read from the cache in \(ms(rings.reading))"]))")
    }

    /// The live loop on `display` until it ends, told to systemd, with `bench --live`'s
    /// synthetic finger when measuring.
    private func runLive(_ driver: SessionDriver, display: KioskDisplay, layout: @escaping () throws -> ScreenLayout,
                         systemd: SystemdNotifier, input: LiveInput) throws {
        systemd.ready()
        let scene = driver.scene, hertz = display.refreshRate
        let pacer = display.presentsAtDisplayPace ? nil : FramePacer(hertz: hertz)
        measurement?.begin(driver.session, scene: scene, driver: display.videoDriver, reason: display.rendererReason, hertz: hertz,
                           wake: input.wake)
        defer { measurement?.end(scene: scene) }  // the synthetic finger stops however the loop ends
        try LiveLoop(driver: driver, layout: layout, systemd: systemd, pacer: pacer, input: input).run()
        let stats = scene.frameStats
        logger.info("frames presented: \(stats.frames), \(stats.partialFrames) of them only where something changed")
        systemd.stopping()
    }

    /// Has `scene`'s presents watched: one that takes longer than `stallSeconds` is told as
    /// an `error` (the log and the event line, not its listeners: this is the watch's thread)
    /// before the process ends for systemd to start it again.
    private func watchPresents(_ scene: KioskScene, stallSeconds: Double) {
        let logger = logger, log = outputs.errors
        nonisolated(unsafe) let events = events
        let watch = PresentWatch(stallSeconds: stallSeconds) { reason in
            logger.error("\(reason)")
            events.emit(EventRecords.error(reason, ms: LiveLoop.nowMs()))
            // Both lanes written out before the process ends: the log line came second to
            // standard error's writer thread and was sometimes lost to the exit.
            events.flush(upTo: 1)
            _ = log.flush(upTo: 1)
        }
        do {
            try watch.start()
            scene.presentWatch = watch
        } catch {
            logger.error("no thread to watch the presents (\(error)): a stuck page flip is left to the watchdog")
        }
    }

    /// Saves the picture asked for (unless `picture` is false: a replay that failed) and
    /// writes the `exit` line.
    private func finish(_ driver: SessionDriver, run: KioskOutputs.Run, picture: Bool) throws {
        let path = options.screenshot ?? (run == .picture ? Self.defaultPicturePath() : nil)
        if picture, let path {
            try driver.scene.renderer.savePNG(to: path)
            let prefix = run == .picture ? "No display: rendered headless with the software renderer." : "Last frame saved."
            outputs.say("\(prefix) Picture: \(path)")
        }
        if picture, let path = options.drawListOut, let record = try driver.scene.frameRecord(driver.session) {
            try AtomicFile.write(Data((record.text + "\n").utf8), to: path)
        }
        driver.finish()
    }

    /// Where the headless picture goes when no --screenshot path was given.
    static func defaultPicturePath() -> String {
        (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/rotary-kiosk.png"
    }

    /// systemd's `$CACHE_DIRECTORY`, else `$XDG_CACHE_HOME/rotary`, else `~/.cache/rotary`.
    static func defaultCacheDirectory() -> String {
        defaultDirectory(systemd: "CACHE_DIRECTORY", xdg: "XDG_CACHE_HOME", underHome: ".cache")
    }

    /// The ring art store in the cache folder `directory`'s `ring-art` (nil for none, or
    /// "none"), its problems said through `log`.
    static func ringArtStore(_ directory: String?, log: @escaping @Sendable (String) -> Void) -> RingArtStore? {
        guard let directory, directory != "none" else { return nil }
        return RingArtStore(directory: directory + "/ring-art", log: log)
    }

    /// systemd's `$STATE_DIRECTORY`, else `$XDG_STATE_HOME/rotary`, else `~/.local/state/rotary`.
    static func defaultStateDirectory() -> String {
        defaultDirectory(systemd: "STATE_DIRECTORY", xdg: "XDG_STATE_HOME", underHome: ".local/state")
    }

    /// The first folder of systemd's `$<systemd>`, else `$<xdg>/rotary`, else `~/<underHome>/rotary`.
    private static func defaultDirectory(systemd: String, xdg: String, underHome: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment[systemd]?.split(separator: ":").first { return String(given) }
        if let base = environment[xdg], !base.isEmpty { return base + "/rotary" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/" + underHome + "/rotary"
    }
}
