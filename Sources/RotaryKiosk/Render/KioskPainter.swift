import RotaryAssets
import RotaryKit
import RotarySDL

/// Draws the kiosk screen: the rings by lookup through a ``FrameCompositor``, then markers,
/// the centre button and the ``ScreenOverlay`` as small textures and strokes over them.
/// Everything slow (art, text) is made when the painter is built for a layout; a frame only
/// looks things up.
final class KioskPainter {
    private let renderer: Renderer
    private let compositor: FrameCompositor
    private var wheelView: RingRaster
    private var dialView: RingRaster
    private let marker: Texture
    private let buttonFace: Texture
    private let badge: Texture
    private let fonts: FontBook
    private let theme: Theme
    private var labelCache: [String: Texture] = [:]

    /// The colours of the overlay.
    static let doneColor = RGBA(251, 191, 36)
    static let cancelColor = RGBA(248, 113, 113)
    static let focusColor = RGBA(96, 165, 250)

    /// Builds everything `screen` needs on `renderer`.
    init(renderer: Renderer, screen: KioskScreen, theme: Theme, fonts: FontBook) throws {
        self.renderer = renderer
        self.fonts = fonts
        self.theme = theme
        compositor = try FrameCompositor(renderer: renderer, background: theme.background)
        wheelView = try RingRaster(ring: screen.wheel, look: ScreenLooks.wheel(screen, theme: theme), fonts: fonts,
                                 compositor: compositor)
        dialView = try RingRaster(ring: screen.dial, look: ScreenLooks.dial(screen, theme: theme), fonts: fonts,
                                compositor: compositor)
        let markerSize = Int(screen.layout.dialMarkerSize.rounded())
        marker = try Texture(renderer: renderer, surface: ImageLoader.load(theme.marker, width: markerSize, height: markerSize))
        let buttonSize = Int((2 * screen.layout.buttonRadius).rounded())
        buttonFace = try Texture(renderer: renderer, surface: ImageLoader.load(theme.button, width: buttonSize, height: buttonSize))
        let badgeSize = Int(screen.layout.serviceBadgeSize.rounded())
        badge = try Texture(renderer: renderer, surface: ImageLoader.load(.svg(RotaryAssets.serviceBadge), width: badgeSize,
                                                                          height: badgeSize))
    }

    /// Draws one frame of `screen` (not presented) with `overlay` over it.
    func draw(_ screen: KioskScreen, overlay: ScreenOverlay = ScreenOverlay()) throws {
        try compositor.draw(covering: [wheelView.map.rowRange, dialView.map.rowRange], on: renderer) { frame in
            wheelView.draw(rotationDegrees: screen.wheel.rotationDegrees, highlighted: screen.wheel.selectedIndex, into: frame)
            var dial = screen.dial
            if let coordinate = overlay.dialShowing { dial.place(atCoordinate: coordinate) }
            dialView.draw(rotationDegrees: dial.rotationDegrees, highlighted: dial.selectedIndex, into: frame)
        }
        let layout = screen.layout
        let flash = RGBA(255, UInt8(255 - 200 * overlay.rejectFlash), UInt8(255 - 200 * overlay.rejectFlash))
        marker.setColorModulation(flash)
        let nudge = overlay.rejectNudge * layout.dialMarkerSize * 0.5
        try drawMarker(at: layout.dialOuterRadius + layout.dialMarkerSize * 0.45, size: layout.dialMarkerSize, nudge: nudge, layout)
        try drawMarker(at: layout.wheelOuterRadius + layout.wheelMarkerSize * 0.2, size: layout.wheelMarkerSize, nudge: nudge, layout)
        try drawButton(screen.button, overlay, layout)
        if let focused = overlay.focusedControl { try drawFocus(on: focused, screen) }
        if overlay.serviceBadge {
            try renderer.draw(badge, centeredAt: layout.serviceBadgeCenter, degrees: layout.uprightDegrees)
        }
        if overlay.dimmed { try renderer.fill(RGBA(0, 0, 0, 190)) }
    }

    private func drawMarker(at radius: Double, size: Double, nudge: Double, _ layout: ScreenLayout) throws {
        let point = Degrees.point(at: layout.markerDegrees, radius: radius, around: layout.center)
        let sideways = Degrees.point(at: layout.markerDegrees + 90, radius: nudge, around: point)
        try renderer.draw(marker, centeredAt: sideways, size: (size, size), degrees: layout.markerDegrees + 90)
    }

    private func drawButton(_ button: CenterButton, _ overlay: ScreenOverlay, _ layout: ScreenLayout) throws {
        let ring = button.radius + layout.radius * 0.012, ringWidth = layout.radius * 0.018
        if let pulse = overlay.donePulse {
            try renderer.strokeArc(center: button.center, radius: ring + layout.radius * 0.01 * pulse,
                                   width: ringWidth * (1 + 1.5 * pulse), fromDegrees: 0, sweepDegrees: 360,
                                   color: Self.doneColor.fading(0.55 + 0.45 * pulse))
        }
        let face = overlay.buttonFace
        let shade: UInt8 = button.isPressed ? 170 : face.shade
        buttonFace.setColorModulation(RGBA(shade, shade, shade))
        try renderer.draw(buttonFace, centeredAt: button.center)
        if overlay.paused {  // the track the hold-to-cancel ring fills
            try renderer.strokeArc(center: button.center, radius: ring, width: ringWidth * 0.5, fromDegrees: 0,
                                   sweepDegrees: 360, color: Self.cancelColor.fading(0.35))
        }
        let progress = button.longPressProgress
        if progress > 0 {
            try renderer.strokeArc(center: button.center, radius: ring, width: ringWidth, fromDegrees: layout.markerDegrees,
                                   sweepDegrees: 360 * progress, color: Self.cancelColor)
        }
        let up = Degrees.point(at: layout.markerDegrees, radius: button.radius * 0.28, around: button.center)
        let down = Point(x: 2 * button.center.x - up.x, y: 2 * button.center.y - up.y)
        try renderer.draw(label(face.label, points: layout.buttonLabelPoints, maxWidth: button.radius * 1.6),
                          centeredAt: face.detail.isEmpty ? button.center : down, degrees: layout.uprightDegrees)
        if !face.detail.isEmpty {
            try renderer.draw(label(face.detail, points: layout.buttonLabelPoints * 6 / 10, maxWidth: button.radius * 1.4),
                              centeredAt: up, degrees: layout.uprightDegrees)
        }
        if overlay.paused {
            let below = Degrees.point(at: layout.markerDegrees + 180, radius: button.radius * 0.72, around: button.center)
            try renderer.draw(label("hold to cancel", points: max(8, layout.buttonLabelPoints * 4 / 10),
                                    maxWidth: button.radius * 1.2),
                              centeredAt: below, degrees: layout.uprightDegrees)
        }
    }

    /// A thin ring around the control that keys and the encoder turn.
    private func drawFocus(on id: String, _ screen: KioskScreen) throws {
        let layout = screen.layout
        let radius: Double = switch id {
        case KioskScreen.wheelID: layout.wheelOuterRadius + layout.radius * 0.006
        case KioskScreen.dialID: layout.dialOuterRadius + layout.radius * 0.012
        default: screen.button.radius + layout.radius * 0.03
        }
        try renderer.strokeArc(center: layout.center, radius: radius, width: max(2, layout.radius * 0.008), fromDegrees: 0,
                               sweepDegrees: 360, color: Self.focusColor)
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
