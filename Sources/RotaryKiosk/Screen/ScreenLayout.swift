import RotaryKit

/// Where the kiosk's controls go in a window of a given size: the wheel centred and as large
/// as the shorter side allows, the centre button in its hub. Pure arithmetic, no SDL.
public struct ScreenLayout: Equatable, Sendable {
    /// Window size in pixels.
    public let width: Double
    public let height: Double

    /// The layout for a `width`×`height` window.
    public init(width: Double, height: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The middle of the window.
    public var center: Point { Point(x: width / 2, y: height / 2) }
    /// Outer radius of the wheel: the shorter side, less room for the marker.
    public var wheelOuterRadius: Double { max(8, min(width, height) / 2 - 40) }
    /// Radius of the hub (the wheel's dead zone), which holds the centre button.
    public var wheelInnerRadius: Double { wheelOuterRadius * 0.18 }
    /// Radius of the centre button, a little inside the hub.
    public var buttonRadius: Double { wheelInnerRadius * 0.92 }
}
