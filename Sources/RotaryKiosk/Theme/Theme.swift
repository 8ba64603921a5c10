import RotaryAssets
import RotarySDL

/// Colours, fonts and art of the kiosk screen. The built-in theme uses the SVGs of
/// `assets/` compiled into the binary; any piece can point at an SVG or PNG file instead.
public struct Theme: Sendable {
    /// Behind everything.
    public var background = RGBA(15, 18, 26)
    /// Segment textures, used in turn for the wheel's segments.
    public var segmentTextures: [ImageLoader.Source] = RotaryAssets.segments.map { .svg($0) }
    /// Program names, dial numbers and the button label.
    public var textColor = RGBA(255, 255, 255)
    /// The dial band, its ticks and numbers.
    public var dialFill = RGBA(30, 36, 50)
    public var dialTickColor = RGBA(148, 163, 184)
    /// The centre button's face and the markers.
    public var button: ImageLoader.Source = .svg(RotaryAssets.button)
    public var marker: ImageLoader.Source = .svg(RotaryAssets.marker)
    /// Opacity of the wheel's segments and the dial's numbers away from the marker.
    public var dimmedSegmentOpacity = 0.6
    public var dimmedNumberOpacity = 0.75
    /// The fontconfig pattern for all text.
    public var fontPattern = "DejaVu Sans:bold"

    /// The built-in theme.
    public init() {}

    /// The art for a program's `icon`: a built-in icon by name, else a file path.
    public func iconSource(_ icon: String) -> ImageLoader.Source {
        RotaryAssets.icon(named: icon).map { .svg($0) } ?? .file(icon)
    }
}
