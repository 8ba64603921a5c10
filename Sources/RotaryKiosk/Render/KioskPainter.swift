import RotaryKit
import RotarySDL

/// Draws the kiosk screen: the rings by lookup through a ``FrameCompositor``, then markers
/// and the centre button as small textures over them. Everything slow (art, text) is made
/// when the painter is built for a layout; a frame only looks things up.
final class KioskPainter {
    private let renderer: Renderer
    private let compositor: FrameCompositor
    private var wheelView: RingView
    private var dialView: RingView
    private let marker: Texture
    private let buttonFace: Texture
    private let fonts: FontBook
    private let theme: Theme
    private var labelCache: [String: Texture] = [:]

    /// Builds everything `screen` needs on `renderer`.
    init(renderer: Renderer, screen: KioskScreen, theme: Theme, fonts: FontBook) throws {
        self.renderer = renderer
        self.fonts = fonts
        self.theme = theme
        compositor = try FrameCompositor(renderer: renderer, background: theme.background)
        wheelView = try RingView(ring: screen.wheel, look: ScreenLooks.wheel(screen, theme: theme), fonts: fonts,
                                 compositor: compositor)
        dialView = try RingView(ring: screen.dial, look: ScreenLooks.dial(screen, theme: theme), fonts: fonts,
                                compositor: compositor)
        let markerSize = Int(screen.layout.dialMarkerSize.rounded())
        marker = try Texture(renderer: renderer, surface: ImageLoader.load(theme.marker, width: markerSize, height: markerSize))
        let buttonSize = Int((2 * screen.layout.buttonRadius).rounded())
        buttonFace = try Texture(renderer: renderer, surface: ImageLoader.load(theme.button, width: buttonSize, height: buttonSize))
    }

    /// Draws one frame of `screen` (not presented).
    func draw(_ screen: KioskScreen) throws {
        let background = compositor.background
        try compositor.draw(covering: [wheelView.map.rowRange, dialView.map.rowRange], on: renderer) { frame in
            wheelView.draw(screen.wheel, into: frame, background: background)
            dialView.draw(screen.dial, into: frame, background: background)
        }
        let layout = screen.layout
        try drawMarker(at: layout.dialOuterRadius + layout.dialMarkerSize * 0.45, size: layout.dialMarkerSize, layout)
        try drawMarker(at: layout.wheelOuterRadius + layout.wheelMarkerSize * 0.2, size: layout.wheelMarkerSize, layout)
        try drawButton(screen.button, layout)
    }

    /// The frame must be uploaded whole again (render targets were reset).
    func invalidate() {
        compositor.invalidate()
        labelCache.removeAll()
    }

    private func drawMarker(at radius: Double, size: Double, _ layout: ScreenLayout) throws {
        let point = Degrees.point(at: layout.markerDegrees, radius: radius, around: layout.center)
        try renderer.draw(marker, centeredAt: point, size: (size, size), degrees: layout.markerDegrees + 90)
    }

    private func drawButton(_ button: CenterButton, _ layout: ScreenLayout) throws {
        let shade: UInt8 = button.isPressed ? 170 : 255
        buttonFace.setColorModulation(RGBA(shade, shade, shade))
        try renderer.draw(buttonFace, centeredAt: button.center)
        try renderer.draw(label(button.label, points: layout.buttonLabelPoints, maxWidth: button.radius * 1.6),
                          centeredAt: button.center, degrees: layout.uprightDegrees)
    }

    /// The label's texture, rendered once per text.
    private func label(_ text: String, points: Int, maxWidth: Double) throws -> Texture {
        if let cached = labelCache[text] { return cached }
        if labelCache.count > 64 { labelCache.removeAll() }
        let texture = try Texture(renderer: renderer,
                                  surface: fonts.renderFitting(text, size: points, maxWidth: maxWidth, color: theme.textColor))
        labelCache[text] = texture
        return texture
    }
}
