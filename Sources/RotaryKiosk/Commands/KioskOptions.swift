import ArgumentParser
import Logging
import RotarySDL

/// How the kiosk app should start, as given on the command line.
public struct KioskOptions: ParsableArguments, Sendable {
    @Flag(help: "Run in a window instead of fullscreen (development); Escape quits.")
    public var windowed = false

    // `.unconditional`: `--size -5x5` is a wrong size, to be told so, not a missing one.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Window size for --windowed, headless rendering and replays (default: 1080x1080).",
                               valueName: "WxH"),
            transform: WindowSize.parse)
    public var size: WindowSize = WindowSize(width: 1080, height: 1080)

    @Option(help: ArgumentHelp("The TOML config file (default: the built-in demo). See kiosk/deploy/rotary.toml.", valueName: "FILE"))
    public var config: String?

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the running timer and the last good config are kept (default: $STATE_DIRECTORY, "
                               + "else $XDG_STATE_HOME/rotary, else ~/.local/state/rotary; replays keep none unless given).",
                               valueName: "DIR"))
    public var stateDir: String?

    @Option(name: .customLong("cache-dir"),
            help: ArgumentHelp("Where the rings' art is kept between runs, so the first frame comes sooner (default: "
                               + "$CACHE_DIRECTORY, else $XDG_CACHE_HOME/rotary, else ~/.cache/rotary; replays keep none unless "
                               + "given; none: keep nothing).", valueName: "DIR"))
    public var cacheDir: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Display rotation in degrees, clockwise: 0, 90, 180 or 270 (default: the config's).",
                               valueName: "degrees"),
            transform: DisplayRotation.parse)
    public var rotate: DisplayRotation?

    @Option(name: .customLong("video-driver"),
            help: ArgumentHelp("Video driver: auto (the default: kmsdrm, then fbdev, then SDL's choice of x11 or wayland, "
                               + "offscreen if no display), kmsdrm, fbdev (the [display] framebuffer, touch through libinput), "
                               + "x11, wayland, offscreen. Default: $SDL_VIDEODRIVER, else auto.", valueName: "driver"))
    public var videoDriver: String?

    @Option(help: ArgumentHelp("Renderer: auto (software where OpenGL runs on the CPU, accelerated on a GPU), "
                               + "software (SDL's) or accelerated (OpenGL/GLES). Replays and headless runs always use software.",
                               valueName: "kind"))
    public var renderer: RendererRequest = .auto

    @Flag(help: ArgumentHelp("Run live without a window (SDL's offscreen driver), until SIGTERM or SIGINT: the same events, "
                             + "timers, hooks and MQTT, for servers and simulations."))
    public var headless = false

    @Option(help: ArgumentHelp("Write the last frame to this PNG file.", valueName: "PATH.png"))
    public var screenshot: String?

    @Option(help: ArgumentHelp("Write the last frame as data to this JSON file: its texts as drawn (text, box, px, "
                               + "color, control) and what can be tapped (control, box).", valueName: "PATH.json"))
    public var drawListOut: String?

    @Option(help: ArgumentHelp("Play this JSON Lines input trace on a virtual 60 Hz clock, then exit. A file, a FIFO "
                               + "or any stream; - reads standard input. At most 64 MiB, each line at most 64 KiB.",
                               valueName: "TRACE.jsonl"))
    public var replay: String?

    @Option(name: .customLong("replay-start"),
            help: ArgumentHelp("With --replay: the local date and time the trace starts at (default: now); the opening hours "
                               + "and the usage log go by the replay's clock from there.", valueName: "YYYY-MM-DDTHH:MM[:SS]"),
            transform: LocalTime.parse)
    public var replayStart: Double?

    @Option(name: .customLong("events-out"),
            help: ArgumentHelp("Write event lines to this file instead of standard output.", valueName: "PATH"))
    public var eventsOut: String?

    @Option(name: .customLong("log-level"),
            help: ArgumentHelp("The least important log lines written: trace, debug (adds how long each step of the "
                               + "start took), info, notice, warning, error, critical.", valueName: "LEVEL"))
    public var logLevel: Logger.Level = .info

    public init() {}

    public func validate() throws {
        if headless, replay != nil { throw ValidationError("--headless runs live; a replay is headless already") }
        if headless, windowed { throw ValidationError("--headless has no window to run in") }
        if replayStart != nil, replay == nil {
            throw ValidationError("--replay-start needs --replay: live, the kiosk goes by the system's clock")
        }
    }
}

/// A `WxH` size argument such as `800x480`.
public struct WindowSize: ExpressibleByArgument, CustomStringConvertible, Equatable, Sendable {
    /// The sides a window can have, in pixels.
    public static let sides = 16...16384

    public var width: Int
    public var height: Int

    /// A size in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH` with both sides between 16 and 16384 pixels.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              Self.sides.contains(w), Self.sides.contains(h) else { return nil }
        width = w
        height = h
    }

    /// Parses `WxH`, or throws a message saying what is accepted.
    public static func parse(_ argument: String) throws -> WindowSize {
        guard let size = WindowSize(argument: argument) else {
            throw ValidationError("must be WxH with both sides \(sides.lowerBound)…\(sides.upperBound) pixels, like 800x480")
        }
        return size
    }

    public var description: String { "\(width)x\(height)" }
    public var defaultValueDescription: String { description }
}

/// A display rotation: 0, 90, 180 or 270 degrees clockwise.
public struct DisplayRotation: ExpressibleByArgument, Equatable, Sendable {
    public let degrees: Int

    /// A rotation; other values than the four right angles are rejected by parsing.
    public init(degrees: Int) { self.degrees = degrees }

    public init?(argument: String) {
        guard let d = Int(argument), [0, 90, 180, 270].contains(d) else { return nil }
        degrees = d
    }

    /// Parses a rotation, or throws a message saying what is accepted (and, for a turn such as
    /// -90 or 450, the right angle it means).
    public static func parse(_ argument: String) throws -> DisplayRotation {
        if let rotation = DisplayRotation(argument: argument) { return rotation }
        throw ValidationError(rule + (Int(argument).map(hint) ?? ""))
    }

    /// What a rotation must be, for the command line and the config alike.
    static let rule = "must be 0, 90, 180 or 270 (degrees clockwise)"

    /// For a turn by right angles outside 0…270 (−90, 450), the one it means; else nothing.
    static func hint(_ degrees: Int) -> String {
        degrees % 90 == 0 ? "; for \(degrees) use \((degrees % 360 + 360) % 360)" : ""
    }

    public var defaultValueDescription: String { String(degrees) }
}

extension Renderer.Kind: ExpressibleByArgument {}

extension Logger.Level: @retroactive ExpressibleByArgument {}
