import RotaryKit
import TOMLKit

extension KioskConfig: ConfigTarget {
    static var defaults: KioskConfig { KioskConfig() }
}

/// The config's tables, each key declared once: what the reader reads, the unknown-key check
/// knows and the key list (docs/config.md) shows. These are the panel's own.
enum ConfigSchema {
    static var dial: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[dial]", doc: "The numbered dial round the wheel.", keys: [
        .custom("values", takes: "2 to 120 whole minutes, each 0 to 1440, increasing",
                default: KioskConfig.defaults.dialMinutes.map(String.init).joined(separator: ", "),
                doc: "The minutes the dial shows, in order.") { r, key, config in
            guard let values = r.array(key, { reader, value, itemPath -> Int? in
                guard let i = value.int else { reader.error(itemPath, "must be a whole number of minutes, not \(value.type)"); return nil }
                return reader.accept(Double(i), .dialMinutes, itemPath) ? i : nil
            }) else { return }
            guard (2...120).contains(values.count) else {
                r.error(key, "needs 2 to 120 values, not \(values.count): a dial of one value cannot be turned, "
                    + "and more than 120 would be too close together to read")
                return
            }
            guard zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else {
                r.error(key, "must increase from one value to the next (no repeats)")
                return
            }
            config.dialMinutes = values
        },
    ]) }

    static var display: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[display]", doc: "The panel: how it is mounted, when it dims and sleeps.", keys: [
        .custom("rotation", takes: "0, 90, 180 or 270 (degrees clockwise)", default: String(KioskConfig.defaults.rotation),
                doc: "How the panel is mounted: the picture and the touches are turned by this much.") { r, key, config in
            guard let rotation = r.int(key) else { return }
            if [0, 90, 180, 270].contains(rotation) { config.rotation = rotation } else {
                r.error(key, "\(DisplayRotation.rule), not \(rotation)\(DisplayRotation.hint(rotation)): "
                    + "a panel mounted on its side is turned by right angles")
            }
        },
        .number("dim_after_seconds", \.dimAfterSeconds, .dimAfter, doc: "Dims the screen and stops drawing after this long without a touch."),
        .custom("backlight", takes: "\"auto\", \"none\" or a device in /sys/class/backlight", default: "\"\(KioskConfig.defaults.backlight)\"",
                doc: "The backlight the service screen's brightness and dimming set.") { r, key, config in
            guard let backlight = r.string(key) else { return }
            if backlight.isEmpty || backlight.contains("/") || backlight == "." || backlight == ".." {
                r.error(key, "must be \"auto\", \"none\" or a device's name in /sys/class/backlight, not \"\(backlight)\"")
            } else {
                config.backlight = backlight
            }
        },
        .custom("on_hours", takes: OpeningHours.rule, default: "always on",
                doc: "When the panel is on; outside these hours it is off unless touched or counting down.") { r, key, config in
            guard let text = r.string(key) else { return }
            if let hours = OpeningHours(text) { config.openingHours = hours } else {
                r.error(key, "must be \(OpeningHours.rule), not \"\(text)\"")
            }
        },
        .number("wake_seconds", \.wakeSeconds, .wake, doc: "Outside the opening hours, a touch keeps the panel on this long."),
        .int("shift_pixels", \.shiftPixels, .shiftPixels,
             doc: "Against burn-in: once a minute the whole picture glides a pixel a second round a square this far across either way and twice this down, while nobody touches."),
        .custom("framebuffer", takes: "a framebuffer device, \"/dev/fb…\"", default: "\"\(KioskConfig.defaults.framebuffer)\"",
                doc: "The framebuffer drawn into on a panel without KMS.") { r, key, config in
            guard let framebuffer = r.string(key) else { return }
            if framebuffer.hasPrefix("/dev/") { config.framebuffer = framebuffer } else {
                r.error(key, "must be a framebuffer device such as \"/dev/fb0\", not \"\(framebuffer)\"")
            }
        },
        .number("diagonal", \.diagonalInches, .diagonal, default: "what the display reports",
                doc: "The panel's diagonal: sizes a finger's targets in millimetres."),
    ]) }

    static var touch: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(
        header: "[touch]", doc: "Touches nobody made, which some panels report, are dropped before anything acts on them.", keys: [
            .number("min_contact_ms", \.touchFilter.minContactMs, .minContact,
                    doc: "A contact shorter than this is dropped: with libinput's touches (a framebuffer) and in replays; SDL stamps touches as it reads them, so on KMSDRM, X11 and Wayland only repeating ones are."),
            .number("repeat_radius", \.touchFilter.repeatRadius, .repeatRadius,
                    doc: "A contact this near the two before it, after the same period, with nobody else touching, is dropped."),
            .number("repeat_tolerance_ms", \.touchFilter.periodToleranceMs, .repeatTolerance, doc: "How much those periods may differ."),
            .number("repeat_min_seconds", \.touchFilter.minRepeatPeriod, .repeatPeriod, doc: "The shortest period that counts as repeating."),
        ]) }

    static var safety: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(
        header: "[safety]", doc: "A heater's limits: how long it may run, and the cabin's door for starts from afar.", keys: [
            .int("max_on_minutes", \.safety.maxOnMinutes, .maxOnMinutes,
                 doc: "The longest countdown, extensions included: the dial turns back to it, a start or extend past it is refused."),
            .bool("door_sensor", \.safety.doorSensor,
                  doc: "A sensor tells the door over MQTT (set/door): a remote start waits for it to say closed."),
        ]) }

    static var admin: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[admin]", doc: "The operator's service screen.", keys: [
        .number("exit_hold_seconds", \.adminHoldSeconds, .exitHold, doc: "How long two fingers hold opposite corners to open the service screen."),
        .custom("pin_hash", takes: "a line from `rotary-kiosk hash-pin`", default: "none (no PIN)",
                doc: "The service PIN's hash.") { r, key, config in
            guard let hash = r.string(key) else { return }
            if PinHash.isUsable(hash) { config.pinHash = hash } else {
                r.error(key, "is not a PIN hash this system can check: make one with "
                    + "`rotary-kiosk hash-pin` and paste the line it prints")
            }
        },
    ]) }

    static var timer: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[timer]", doc: "The countdown's own times.", keys: [
        .number("long_press_seconds", \.longPressSeconds, .longPress, doc: "How long Stop is held to cancel a countdown."),
        .int("extend_minutes", \.extendMinutes, .extendMinutes,
             doc: "What the running view's \"+N min\" adds to a running or paused countdown, within the on-time cap."),
        .number("pause_timeout_seconds", \.pauseTimeoutSeconds, .pauseTimeout, doc: "A paused countdown is cancelled after this long."),
        .number("done_seconds", \.doneSeconds, .done,
                doc: "How long \"Done\" (with the time it finished) shows before the screen goes back to idle."),
    ]) }

    static var usage: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[usage]", doc: "The usage log.", keys: [
        .int("keep_days", \.usageKeepDays, .keepDays, doc: "Countdowns are kept in the usage log this many days."),
    ]) }

    static var hooks: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(
        header: "[hooks]", doc: "Commands run on events, with the event in ROTARY_* variables and ROTARY_JSON.",
        keys: HookKind.allCases.map { kind in .command(kind.key, \.hooks.commands[kind], doc: kind.doc) }
            + [.number("timeout_seconds", \.hooks.timeoutSeconds, .hookTimeout, doc: "A hook, and what it started, is killed after this long.")]) }

    static var feedback: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[feedback]", doc: "Sound, rumble and a command for every feedback.", keys: [
        .bool("audio", \.feedback.audio, doc: "Plays the synthesised sounds."),
        .number("volume", \.feedback.volume, .volume, doc: "Their loudness (the operator's setting wins once made)."),
        .bool("rumble", \.feedback.rumble, doc: "Rumbles a game controller on feedback."),
        .command("command", \.feedback.command, doc: "Run for every feedback, with ROTARY_FEEDBACK (tick, press, confirm, alarm, reject, warning)."),
        .number("tick_interval_ms", \.feedback.tickIntervalMs, .tickInterval, doc: "At most one tick per this many milliseconds."),
        .number("alarm_repeat_seconds", \.feedback.alarmRepeatSeconds, .alarmRepeat,
                doc: "While \"Done\" shows, its alarm sounds again this often, until someone touches the panel."),
    ]) }

    static var theme: ConfigSection<KioskConfig> { ConfigSection<KioskConfig>(header: "[theme]", doc: "Colours, font and art (files replace the built-in art).", keys: [
        .colour("background", \.theme.background, doc: "Behind everything."),
        .colour("text", \.theme.text, doc: "Words and numbers."),
        .colour("dial", \.theme.dial, doc: "The dial's ring."),
        .colour("dial_ticks", \.theme.dialTicks, doc: "The dial's ticks."),
        .custom("font", takes: "a fontconfig pattern or a font file", default: "\"\(Theme().fontPattern)\"",
                doc: "The font every word is drawn in.") { r, key, config in
            if let font = r.string(key) { config.theme.font = font }
        },
        .custom("segments", takes: "a list of image files (SVG or PNG)", default: "the built-in textures",
                doc: "The wheel's segment textures, in turn.") { r, key, config in
            config.theme.segments = r.array(key) { reader, value, itemPath in
                guard let s = value.string else { reader.error(itemPath, "must be a file path"); return nil }
                return reader.file(s, for: itemPath)
            } ?? config.theme.segments
        },
        .file("button", \.theme.button, doc: "The centre button's art."),
        .file("marker", \.theme.marker, doc: "The marker's art."),
        .number("dimmed_opacity", \.theme.dimmedOpacity, .dimmedOpacity, default: "the theme's",
                doc: "How strongly segments away from the marker show."),
    ]) }

    /// The panel's own tables, each read straight into the config, in the order the key list
    /// shows them: the one list of them.
    static var panelSections: [ConfigSection<KioskConfig>] { [dial, display, touch, safety, admin, timer, usage, hooks, feedback, theme] }
}

extension TouchFilter.Settings {
    /// ``minContactSeconds`` in milliseconds, as the config writes it.
    var minContactMs: Double {
        get { minContactSeconds * 1000 }
        set { minContactSeconds = newValue / 1000 }
    }

    /// ``periodTolerance`` in milliseconds, as the config writes it.
    var periodToleranceMs: Double {
        get { periodTolerance * 1000 }
        set { periodTolerance = newValue / 1000 }
    }
}

extension ConfigKey {
    /// A path to a readable image file into `field`, relative to the config's folder.
    static func file(_ name: String, _ field: WritableKeyPath<Target, String?>, doc: String) -> ConfigKey {
        .custom(name, takes: "an image file (SVG or PNG)", default: "the built-in art", doc: doc) { r, key, target in
            if let text = r.string(key), let file = r.file(text, for: key.path) { target[keyPath: field] = file }
        }
    }
}

extension HookKind {
    /// What its hook follows, for the key list.
    var doc: String {
        switch self {
        case .selected: "Run when a control comes to rest on an item (ROTARY_ID, ROTARY_INDEX, ROTARY_LABEL)."
        case .pressed: "Run when the button is tapped."
        case .timerStarted: "Run when a countdown starts."
        case .timerPaused: "Run when a countdown is paused."
        case .timerResumed: "Run when a paused countdown goes on."
        case .timerFinished: "Run when a countdown reaches zero."
        case .timerCancelled: "Run when a countdown is cancelled."
        case .timerExtended: "Run when a countdown is made longer (\"+N min\" at the panel, or the remote `extend`)."
        }
    }
}
