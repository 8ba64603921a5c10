import RotaryKit

/// Everything an integrator configures, validated. `KioskConfig()` is the built-in default:
/// the eight demo programs, a 0…55 minute dial, no hooks.
public struct KioskConfig: Equatable, Sendable {
    /// Commands run on events (argv arrays; values reach them as environment variables).
    public struct Hooks: Equatable, Sendable {
        /// Argv per event kind.
        public var commands: [HookKind: [String]] = [:]
        /// Seconds from a hook's start after which it, and whatever it started, is killed.
        public var timeoutSeconds: Double = 10
    }

    /// Sound, rumble and an external command for feedback.
    public struct Feedback: Equatable, Sendable {
        public var audio = true
        /// Loudness of the synthesised sounds, 0…1.
        public var volume = 0.5
        public var rumble = false
        /// Run for every feedback (`ROTARY_FEEDBACK` = tick, press, confirm, alarm, reject, warning).
        public var command: [String]?
        /// At most one tick per this many milliseconds, so a fling purrs instead of flooding.
        public var tickIntervalMs: Double = 35
        /// While "Done" shows, the alarm sounds again this often, in seconds (0: once).
        public var alarmRepeatSeconds: Double = 30
    }

    /// Colours, font and art files of the theme (files replace the built-in art).
    public struct ThemeSettings: Equatable, Sendable {
        public var background: String?
        public var text: String?
        public var dial: String?
        public var dialTicks: String?
        public var font: String?
        public var segments: [String]?
        public var button: String?
        public var marker: String?
        public var dimmedOpacity: Double?
    }

    /// The programs, in wheel order.
    public var programs: [Program] = Program.demo
    /// The category strip's names in order, as `[[category]]` lists them (empty: taken from
    /// the programs, see ``categories``).
    public var declaredCategories: [String] = []
    /// Minutes on the dial, increasing.
    public var dialMinutes: [Int] = Program.defaultDialMinutes
    /// Display rotation, degrees clockwise.
    public var rotation = 0
    /// The backlight the service screen's brightness sets: "auto" (the first in
    /// /sys/class/backlight), a device's name, or "none".
    public var backlight = "auto"
    /// The framebuffer device drawn into with `--video-driver fbdev` (or when `auto` picks it).
    public var framebuffer = "/dev/fb0"
    /// The panel's diagonal, inches (nil: what the display reports, else a 7-inch 800×480
    /// panel's pixels): sizes a finger's targets in millimetres.
    public var diagonalInches: Double?
    /// Dim the screen and stop drawing after this long without a touch (0: never).
    public var dimAfterSeconds = 120.0
    /// How far the whole picture may slowly move against burn-in, pixels each way (0: it
    /// stays put).
    public var shiftPixels = 0
    /// Which touches count as nobody's: too short, or one point tapped on a clock.
    public var touchFilter = TouchFilter.Settings()
    /// When the panel is on (nil: always); outside these hours it is off unless a touch woke
    /// it or a countdown runs.
    public var openingHours: OpeningHours?
    /// Outside the opening hours, a touch keeps the panel on for this long after the last one.
    public var wakeSeconds = 60.0
    /// How long a press on Stop cancels a running or paused timer.
    public var longPressSeconds = 1.5
    /// The minutes the running view's "+N min" adds to a running or paused countdown (0: it
    /// is not shown).
    public var extendMinutes = 5
    /// A paused countdown is cancelled after this long (0: never).
    public var pauseTimeoutSeconds = 300.0
    /// How long "Done" shows before the screen goes back to idle by itself.
    public var doneSeconds = 600.0
    /// How long two fingers must hold opposite corners to open the service screen.
    public var adminHoldSeconds = 5.0
    /// The service PIN's hash (`rotary-kiosk hash-pin`); nil: the service screen opens
    /// without one.
    public var pinHash: String?
    public var hooks = Hooks()
    public var feedback = Feedback()
    public var theme = ThemeSettings()
    /// Countdowns in the usage log are kept this many days (0: for ever).
    public var usageKeepDays = 365
    /// Heater safety: the cap on a countdown's length and the cabin's door.
    public var safety = Safety()
    /// The MQTT link (nil: none).
    public var mqtt: MqttSettings?
    /// The kiosk's words, numbers and reading direction.
    public var locale = KioskLocale.english
    /// The panel's zones, each a timer of its own, in tile order (empty: one zone, no tiles,
    /// no `zone` in events).
    public var zones: [ZoneSettings] = []

    /// Each zone's id, in order (``ZoneSettings/id``): its MQTT topic level and its saved
    /// countdown's file name.
    public var zoneSlugs: [String] { zones.map(\.id) }

    /// The built-in default.
    public init() {}

    /// The category strip's names: as declared, or else the programs' categories in order of
    /// first appearance (empty when no program has one).
    public var categories: [String] {
        guard declaredCategories.isEmpty else { return declaredCategories }
        var names: [String] = []
        for case let name? in programs.map(\.category) where !names.contains(name) { names.append(name) }
        return names
    }
}

extension KioskConfig {
    /// What a heater's controls must respect (sauna heaters under EN 60335-2-53 cap the
    /// on-time at 6 h in homes and 12 h in public saunas, and start from afar only after
    /// someone armed it at the cabin).
    public struct Safety: Equatable, Sendable {
        /// The longest any program may run, in minutes, extensions included (0: no cap);
        /// a program's own ``Program/maxOnMinutes`` wins.
        public var maxOnMinutes = 0
        /// Whether a door sensor tells the cabin's door (MQTT `set/door`): a remote start then
        /// waits for it to say closed. Without one, an `open` told still blocks remote starts.
        public var doorSensor = false

        /// The longest `program` may run, in minutes (nil: no cap): its own cap, else this one.
        public func onTimeCap(of program: Program?) -> Int? {
            program?.maxOnMinutes ?? (maxOnMinutes > 0 ? maxOnMinutes : nil)
        }

        public init(maxOnMinutes: Int = 0, doorSensor: Bool = false) {
            self.maxOnMinutes = maxOnMinutes
            self.doorSensor = doorSensor
        }
    }
}
