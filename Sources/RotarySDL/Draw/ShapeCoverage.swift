import Foundation
import RotaryKit

/// How much of each pixel a disc or an arc stroke covers, worked out per pixel in Swift:
/// the anti-aliasing for SDL's software renderer, which snaps triangle corners to whole
/// pixels and so cannot draw a one-pixel feather strip. Coverage comes from the distance of
/// the pixel's centre to the shape's edge (a one-pixel box filter), so it is exact along
/// straight and round edges and close at corners.
struct ShapeCoverage {
    private enum Kind {
        case disc(radius: Double)
        /// A stroke centred on `radius`, `width` wide, from `middle − half` through
        /// `middle + half` degrees (nil: closed), ends rounded or cut square.
        case arc(radius: Double, width: Double, span: (middle: Double, half: Double)?, roundCaps: Bool)
    }

    private let kind: Kind
    /// Centre, window pixels.
    let center: Point
    /// Distances from the centre between which every covered pixel lies, pixels.
    let reach: ClosedRange<Double>

    /// A filled circle.
    init?(disc center: Point, radius: Double) {
        guard [center.x, center.y, radius].allSatisfy(\.isFinite), radius > 0 else { return nil }
        kind = .disc(radius: radius)
        self.center = center
        reach = 0...radius + 1
    }

    /// A stroke; see ``Renderer/strokeArc(center:radius:width:fromDegrees:sweepDegrees:color:roundCaps:)``.
    init?(arc center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double, roundCaps: Bool) {
        guard [center.x, center.y, radius, width, fromDegrees, sweepDegrees].allSatisfy(\.isFinite),
              radius > 0, width > 0, sweepDegrees > 0 else { return nil }
        let span = sweepDegrees >= 360 ? nil : (middle: fromDegrees + sweepDegrees / 2, half: sweepDegrees / 2)
        kind = .arc(radius: radius, width: width, span: span, roundCaps: roundCaps)
        self.center = center
        reach = max(0, radius - width / 2 - 1)...radius + width / 2 + 1
    }

    /// The square holding every covered pixel, window pixels.
    var bounds: Rect { Rect(center: center, radius: reach.upperBound).pixelAligned }

    /// The part of the pixel whose centre lies (`dx`, `dy`) from the centre that the shape
    /// covers, 0…1.
    func coverage(dx: Double, dy: Double) -> Double {
        let rho = (dx * dx + dy * dy).squareRoot()
        switch kind {
        case .disc(let radius):
            // A disc smaller than a pixel covers at most its own area.
            return min(max(min(radius + 0.5 - rho, Double.pi * radius * radius), 0), 1)
        case .arc(let radius, let width, let span, let roundCaps):
            let across = Self.band(distance: abs(rho - radius), width: width)
            guard let span else { return across }
            var offset = (FastAngle.degrees(dy: dy, dx: dx) - span.middle).truncatingRemainder(dividingBy: 360)
            if offset > 180 { offset -= 360 } else if offset <= -180 { offset += 360 }
            let fromStart = span.half + offset, fromEnd = span.half - offset  // degrees inside each end (< 0: beyond it)
            if roundCaps {
                guard fromStart < 0 || fromEnd < 0 else { return across }
                // Beyond an end the nearest point of the middle line is that end.
                let end = (fromStart < 0 ? span.middle - span.half : span.middle + span.half) * .pi / 180
                let ex = dx - radius * cos(end), ey = dy - radius * sin(end)
                return Self.band(distance: (ex * ex + ey * ey).squareRoot(), width: width)
            }
            // Distance from each cut line, measured square to it.
            func inside(_ degrees: Double) -> Double { rho * sin(min(max(degrees, -90), 90) * .pi / 180) }
            return across * min(max(min(inside(fromStart), inside(fromEnd)) + 0.5, 0), 1)
        }
    }

    /// Coverage of a pixel whose centre lies `distance` from the middle line of a band
    /// `width` wide: a band thinner than a pixel covers at most its width.
    private static func band(distance: Double, width: Double) -> Double {
        min(max(min((width + 1) / 2 - distance, width, 1), 0), 1)
    }

    /// Writes `color` (straight alpha, its alpha times the coverage) into every covered pixel
    /// of `target` within `area` (window pixels, inside the target); other pixels are left
    /// alone. Only the rows' spans within ``reach`` are visited.
    func paint(_ color: RGBA, into target: RasterTarget, area: Rect) {
        let (x0, x1) = (Int(area.x), Int(area.maxX)), (y0, y1) = (Int(area.y), Int(area.maxY))
        let rgb = color.argb & 0x00FF_FFFF, alpha = Double(color.a)
        AnnulusSpans.forEach(cx: center.x, cy: center.y, inner: reach.lowerBound, outer: reach.upperBound, rows: y0..<y1,
                             columns: x0..<x1) { y, dy, xs in
            for x in xs {
                let amount = coverage(dx: Double(x) + 0.5 - center.x, dy: dy)
                guard amount > 0 else { continue }
                target.pixels[target.offset(x: x, y: y)] = UInt32((alpha * amount).rounded()) << 24 | rgb
            }
        }
    }
}
