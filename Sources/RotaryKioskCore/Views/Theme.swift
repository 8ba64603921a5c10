import RotaryAssets
import RotaryKit

/// Colours, fonts and art of the kiosk screen. The built-in theme names the SVGs of
/// `assets/` compiled into the binary (`ArtSource.builtIn`: a short name, so drawing caches
/// key on it cheaply); any piece can point at an SVG or PNG file instead.
public struct Theme: Sendable {
    /// Behind everything.
    public var background = RGBA(15, 18, 26)
    /// Segment textures, used in turn for the wheel's segments.
    public var segmentTextures: [ArtSource] = RotaryAssets.segments.indices.map { .builtIn("segments/segment-\($0 + 1)") }
    /// Program names, dial numbers and the button label.
    public var textColor = RGBA(255, 255, 255)
    /// The dial band, its ticks and numbers.
    public var dialFill = RGBA(30, 36, 50)
    public var dialTickColor = RGBA(148, 163, 184)
    /// The centre button's face and the markers. The face is tinted with the colour of the
    /// countdown's state (``stateColor(_:)``): drawn in greys, it takes that colour.
    public var button: ArtSource = .builtIn("ui/button")
    /// The colour of each state of the countdown, on the button and the words saying it; each
    /// keeps white text at 4.5:1 or more (WCAG AA). Ready to start: green.
    public var readyColor = RGBA(21, 128, 61)
    /// Counting down: blue.
    public var runningColor = RGBA(29, 78, 216)
    /// Paused: amber.
    public var pausedColor = RGBA(180, 83, 9)
    /// Time is up: teal. (It was violet, which a red-green colour-blind eye sees as the
    /// running blue: under a protanopia and a deuteranopia simulation this teal stays more
    /// than 50 ΔE from the blue and the amber, white text on it 5.4:1.)
    public var doneColor = RGBA(14, 116, 144)
    /// The running view's Stop: dark red, white text at 8:1; held, it fills with
    /// ``stopHoldColor`` (white text at 4.8:1).
    public var stopColor = RGBA(153, 27, 27)
    public var stopHoldColor = RGBA(220, 38, 38)
    /// The running view's "+N min": slate, white text at 10:1.
    public var extendColor = RGBA(51, 65, 85)
    public var marker: ArtSource = .builtIn("ui/marker")
    /// Opacity of the wheel's segments and the dial's numbers away from the marker.
    public var dimmedSegmentOpacity = 0.5
    public var dimmedNumberOpacity = 0.75
    /// Opacity of the wheel's names away from the marker: 0.75 keeps white names at 4.5:1 or
    /// more on the built-in segments dimmed to 0.5 or 0.6.
    public var dimmedNameOpacity = 0.75
    /// The fontconfig pattern for all text.
    public var fontPattern = "DejaVu Sans:bold"
    /// Program icon files that failed to load (see ``ThemeArtCheck``): drawn without an icon.
    public var brokenIcons: [String] = []

    /// The built-in theme.
    public init() {}

    /// The colour of `state` (``readyColor`` and the others).
    public func stateColor(_ state: TimerState) -> RGBA {
        switch state {
        case .idle, .cancelled: readyColor
        case .running: runningColor
        case .paused: pausedColor
        case .finished: doneColor
        }
    }

    /// The art for a program's `icon`: none for an empty name, a built-in icon by name, else a file path.
    public func iconSource(_ icon: String) -> ArtSource? {
        if icon.isEmpty || brokenIcons.contains(icon) { return nil }
        return RotaryAssets.icon(named: icon) != nil ? .builtIn("icons/\(icon)") : .file(icon)
    }
}
