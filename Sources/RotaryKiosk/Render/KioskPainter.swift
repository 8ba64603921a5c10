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

    /// Draws one frame of `screen` (not presented), with an optional service message across
    /// the top, darkened when `dimmed`.
    func draw(_ screen: KioskScreen, message: String? = nil, dimmed: Bool = false) throws {
        let background = compositor.background
        try compositor.draw(covering: [wheelView.map.rowRange, dialView.map.rowRange], on: renderer) { frame in
            wheelView.draw(screen.wheel, into: frame, background: background)
            dialView.draw(screen.dial, into: frame, background: background)
        }
        let layout = screen.layout
        try drawMarker(at: layout.dialOuterRadius + layout.dialMarkerSize * 0.45, size: layout.dialMarkerSize, layout)
        try drawMarker(at: layout.wheelOuterRadius + layout.wheelMarkerSize * 0.2, size: layout.wheelMarkerSize, layout)
        try drawButton(screen.button, layout)
        if let message { try drawMessage(message, layout) }
        if dimmed { try renderer.fill(RGBA(0, 0, 0, 190)) }
    }

    private func drawMarker(at radius: Double, size: Double, _ layout: ScreenLayout) throws {
        let point = Degrees.point(at: layout.markerDegrees, radius: radius, around: layout.center)
        try renderer.draw(marker, centeredAt: point, size: (size, size), degrees: layout.markerDegrees + 90)
    }

    private func drawButton(_ button: CenterButton, _ layout: ScreenLayout) throws {
        let shade: UInt8 = button.isPressed ? 170 : button.detail.isEmpty ? 255 : 205
        buttonFace.setColorModulation(RGBA(shade, shade, shade))
        try renderer.draw(buttonFace, centeredAt: button.center)
        let progress = button.longPressProgress
        if progress > 0 {
            try renderer.strokeArc(center: button.center, radius: button.radius + layout.radius * 0.012,
                                   width: layout.radius * 0.018, fromDegrees: layout.markerDegrees,
                                   sweepDegrees: 360 * progress, color: RGBA(248, 113, 113))
        }
        let up = Degrees.point(at: layout.markerDegrees, radius: button.radius * 0.28, around: button.center)
        let labelAt = button.detail.isEmpty ? button.center
            : Point(x: 2 * button.center.x - up.x, y: 2 * button.center.y - up.y)
        try renderer.draw(label(button.label, points: layout.buttonLabelPoints, maxWidth: button.radius * 1.6),
                          centeredAt: labelAt, degrees: layout.uprightDegrees)
        if !button.detail.isEmpty {
            try renderer.draw(label(button.detail, points: layout.buttonLabelPoints * 6 / 10, maxWidth: button.radius * 1.4),
                              centeredAt: up, degrees: layout.uprightDegrees)
        }
    }

    /// A banner across the top (as the person sees the screen) with `message`.
    private func drawMessage(_ message: String, _ layout: ScreenLayout) throws {
        let up = layout.rotation == 90 || layout.rotation == 270
        let text = try label(message, points: max(12, layout.labelPoints), maxWidth: (up ? layout.height : layout.width) * 0.96)
        let (w, h) = up ? (Double(text.height) * 1.6, Double(text.width) + 24) : (Double(text.width) + 24, Double(text.height) * 1.6)
        let center: Point = switch layout.rotation {
        case 90: Point(x: layout.width - w / 2, y: layout.height / 2)
        case 180: Point(x: layout.width / 2, y: layout.height - h / 2)
        case 270: Point(x: w / 2, y: layout.height / 2)
        default: Point(x: layout.width / 2, y: h / 2)
        }
        try renderer.fill(RGBA(153, 27, 27, 235), rect: (center.x - w / 2, center.y - h / 2, w, h))
        try renderer.draw(text, centeredAt: center, degrees: layout.uprightDegrees)
    }

    /// A text's texture, rendered once per text and size.
    private func label(_ text: String, points: Int, maxWidth: Double) throws -> Texture {
        let key = "\(points)|\(text)"
        if let cached = labelCache[key] { return cached }
        if labelCache.count > 64 { labelCache.removeAll() }
        let texture = try Texture(renderer: renderer,
                                  surface: fonts.renderFitting(text, size: points, maxWidth: maxWidth, color: theme.textColor))
        labelCache[key] = texture
        return texture
    }
}
