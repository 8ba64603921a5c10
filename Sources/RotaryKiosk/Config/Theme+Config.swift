import RotaryKit

extension Theme {
    /// The built-in theme with a config's `[theme]` settings laid over it.
    public init(_ settings: KioskConfig.ThemeSettings) {
        self.init()
        func colour(_ text: String?, _ fallback: RGBA) -> RGBA {
            text.flatMap(ColourText.parse).map { RGBA($0.0, $0.1, $0.2) } ?? fallback
        }
        background = colour(settings.background, background)
        textColor = colour(settings.text, textColor)
        dialFill = colour(settings.dial, dialFill)
        dialTickColor = colour(settings.dialTicks, dialTickColor)
        if let font = settings.font { fontPattern = font }
        if let segments = settings.segments, !segments.isEmpty { segmentTextures = segments.map { .file($0) } }
        if let path = settings.button { button = .file(path) }
        if let path = settings.marker { marker = .file(path) }
        if let opacity = settings.dimmedOpacity { dimmedSegmentOpacity = opacity }
    }
}
