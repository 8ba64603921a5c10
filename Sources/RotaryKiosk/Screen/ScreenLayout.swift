import Foundation
import RotaryKit

/// Where the kiosk's rings go in a window: the timer dial around the program wheel, both
/// centred and as large as the shorter side allows, the centre button in the wheel's hub and
/// room outside the dial for its marker. Pure arithmetic, no SDL.
///
/// Everything is in window pixels and screen degrees. A display rotation (for a panel
/// mounted turned, which KMSDRM cannot rotate) only moves the markers and turns the texts:
/// the rings are round, so touches need no remapping.
public struct ScreenLayout: Equatable, Sendable {
    /// Window size in pixels.
    public let width: Double
    public let height: Double
    /// Display rotation in degrees: 0, 90, 180 or 270 (clockwise).
    public let rotation: Int

    /// The layout for a `width`×`height` window shown turned by `rotation` degrees.
    public init(width: Double, height: Double, rotation: Int = 0) {
        self.width = max(16, width)
        self.height = max(16, height)
        self.rotation = ((rotation % 360) + 360) % 360
    }

    /// The middle of the window.
    public var center: Point { Point(x: width / 2, y: height / 2) }
    /// Half the shorter side: everything fits in this radius.
    public var radius: Double { min(width, height) / 2 }
    /// Screen angle of the markers: 12 o'clock as the person sees the panel.
    public var markerDegrees: Double { -90 + Double(rotation) }
    /// Screen angle that reads as upright for the person (texts are turned by this).
    public var uprightDegrees: Double { Double(rotation) }

    /// The dial band.
    public var dialOuterRadius: Double { radius * 0.94 }
    public var dialInnerRadius: Double { dialOuterRadius * 0.84 }
    /// The wheel, inside the dial with a gap for the wheel's marker.
    public var wheelOuterRadius: Double { dialInnerRadius - radius * 0.03 }
    public var wheelInnerRadius: Double { wheelOuterRadius * 0.21 }
    /// The centre button, a little inside the hub.
    public var buttonRadius: Double { wheelInnerRadius * 0.93 }

    /// Size of the icons on the wheel and where their centres sit.
    public var iconSize: Double { (wheelOuterRadius - wheelInnerRadius) * 0.3 }
    public var iconRadius: Double { wheelInnerRadius + (wheelOuterRadius - wheelInnerRadius) * 0.66 }
    /// Program-name font size and where the names sit.
    public var labelPoints: Int { max(8, Int((wheelOuterRadius * 0.056).rounded())) }
    public var labelRadius: Double { wheelInnerRadius + (wheelOuterRadius - wheelInnerRadius) * 0.33 }
    /// Dial-number font size and where the numbers sit.
    public var dialNumberPoints: Int { max(8, Int(((dialOuterRadius - dialInnerRadius) * 0.6).rounded())) }
    public var dialNumberRadius: Double { (dialInnerRadius + dialOuterRadius) / 2 - (dialOuterRadius - dialInnerRadius) * 0.06 }
    /// Button-label font size.
    public var buttonLabelPoints: Int { max(8, Int((buttonRadius * 0.36).rounded())) }
    /// Size of the markers.
    public var dialMarkerSize: Double { radius * 0.05 }
    public var wheelMarkerSize: Double { radius * 0.026 }

    /// Size of the service badge and where it sits: the top-right corner as the person sees
    /// the panel, clear of the rings.
    public var serviceBadgeSize: Double { max(28, radius * 0.07) }
    public var serviceBadgeCenter: Point {
        let up = markerDegrees * Double.pi / 180, right = up + Double.pi / 2
        let inset = serviceBadgeSize * 0.9
        func reach(_ angle: Double) -> Double { abs(cos(angle)) * width / 2 + abs(sin(angle)) * height / 2 - inset }
        let (u, r) = (reach(up), reach(right))
        return Point(x: center.x + cos(up) * u + cos(right) * r, y: center.y + sin(up) * u + sin(right) * r)
    }
}
