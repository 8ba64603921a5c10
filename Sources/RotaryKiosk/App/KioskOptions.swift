import ArgumentParser

/// How the kiosk app should start, as given on the command line.
public struct KioskOptions: ParsableArguments, Sendable {
    @Flag(help: "Run in a window instead of fullscreen (development); Escape quits.")
    public var windowed = false

    @Option(help: ArgumentHelp("Window size for --windowed and for headless rendering.", valueName: "WxH"))
    public var size: WindowSize = WindowSize(width: 1080, height: 1080)

    @Option(name: .customLong("video-driver"),
            help: "SDL video driver to use: kmsdrm, x11, wayland, offscreen (default: SDL's choice, offscreen if no display).")
    public var videoDriver: String?

    @Option(help: ArgumentHelp("Write the last frame to this PNG file.", valueName: "PATH.png"))
    public var screenshot: String?

    public init() {}
}

/// A `WxH` size argument such as `800x480`.
public struct WindowSize: ExpressibleByArgument, Equatable, Sendable {
    public var width: Int
    public var height: Int

    /// A size in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH` with both sides between 16 and 16384 pixels.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (16...16384).contains(w), (16...16384).contains(h) else { return nil }
        width = w
        height = h
    }

    public var description: String { "\(width)x\(height)" }
    public var defaultValueDescription: String { description }
}
