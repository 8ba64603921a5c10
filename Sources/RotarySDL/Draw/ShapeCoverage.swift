import FoundationEssentials
import RotaryKit

/// How much of each pixel a disc or an arc stroke covers, worked out per pixel in Swift:
/// the anti-aliasing for SDL's software renderer, which snaps triangle corners to whole
/// pixels and so cannot draw a one-pixel feather strip. Coverage comes from the distance of
/// the pixel's centre to the shape's edge (a one-pixel box filter), so it is exact along
/// straight and round edges and close at corners.
///
/// ``coverage(dx:dy:)`` is the definition; ``raster(columns:rows:levels:)`` cuts the shape
/// into what SDL blends fast, asking it only for the pixels along the edges.
struct ShapeCoverage {
    private enum Kind {
        case disc(radius: Double)
        /// A stroke centred on `radius`, `width` wide, through `span` (nil: closed), ends
        /// rounded or cut square.
        case arc(radius: Double, width: Double, span: Span?, roundCaps: Bool)
    }

    /// The part of the circle an open arc sweeps.
    private struct Span {
        /// Screen angle of the middle and half the sweep, degrees.
        let middle: Double, half: Double
        /// Unit vectors along the start, middle and end rays.
        let start: (x: Double, y: Double), center: (x: Double, y: Double), end: (x: Double, y: Double)
        /// The cosine of half the sweep: a point lies within the sweep when its direction's
        /// dot product with the middle ray is at least this.
        let cosHalf: Double
        /// Where the middle line starts and ends, from the centre, pixels.
        let startPoint: (x: Double, y: Double), endPoint: (x: Double, y: Double)

        init(middle: Double, half: Double, radius: Double) {
            self.middle = middle
            self.half = half
            let from = (middle - half) * .pi / 180, to = (middle + half) * .pi / 180
            start = (cos(from), sin(from))
            center = (cos(middle * .pi / 180), sin(middle * .pi / 180))
            end = (cos(to), sin(to))
            cosHalf = cos(half * .pi / 180)
            startPoint = (radius * start.x, radius * start.y)
            endPoint = (radius * end.x, radius * end.y)
        }

        /// Whether the screen angle `degrees` lies within the sweep.
        func contains(degrees: Double) -> Bool {
            let offset = (degrees - middle).truncatingRemainder(dividingBy: 360)
            return abs(offset) <= half || abs(offset) >= 360 - half
        }
    }

    private let kind: Kind
    /// Centre, window pixels.
    let center: Point
    /// The distance from the centre within which every covered pixel lies, pixels.
    let outerReach: Double

    /// A filled circle.
    init?(disc center: Point, radius: Double) {
        guard [center.x, center.y, radius].allSatisfy(\.isFinite), radius > 0 else { return nil }
        kind = .disc(radius: radius)
        self.center = center
        outerReach = radius + 1
    }

    /// A stroke; see ``Renderer/strokeArc(center:radius:width:fromDegrees:sweepDegrees:color:roundCaps:)``.
    init?(arc center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double, roundCaps: Bool) {
        guard [center.x, center.y, radius, width, fromDegrees, sweepDegrees].allSatisfy(\.isFinite),
              radius > 0, width > 0, sweepDegrees > 0 else { return nil }
        let span = sweepDegrees >= 360 ? nil
            : Span(middle: fromDegrees + sweepDegrees / 2, half: sweepDegrees / 2, radius: radius)
        kind = .arc(radius: radius, width: width, span: span, roundCaps: roundCaps)
        self.center = center
        outerReach = radius + width / 2 + 1
    }

    /// The whole pixels holding every covered pixel: for an open arc, its ends (with room
    /// for round caps) and the points of its outer edge straight above, below, left and
    /// right of the centre that it passes.
    var bounds: Rect {
        let outer = outerReach
        guard case .arc(_, let width, let span?, _) = kind else { return Rect(center: center, radius: outer).pixelAligned }
        let cap = (width + 1) / 2 + 1
        var box = Rect(center: Point(x: center.x + span.startPoint.x, y: center.y + span.startPoint.y), radius: cap)
            .union(Rect(center: Point(x: center.x + span.endPoint.x, y: center.y + span.endPoint.y), radius: cap))
        for (degrees, x, y) in [(0.0, outer, 0.0), (90, 0, outer), (180, -outer, 0), (270, 0, -outer)]
        where span.contains(degrees: degrees) {
            box = box.union(Rect(x: center.x + x - 1, y: center.y + y - 1, width: 2, height: 2))
        }
        return box.pixelAligned
    }

    /// The part of the pixel whose centre lies (`dx`, `dy`) from the centre that the shape
    /// covers, 0…1.
    func coverage(dx: Double, dy: Double) -> Double {
        let rho = (dx * dx + dy * dy).squareRoot()
        switch kind {
        case .disc:
            return radial(rho)
        case .arc(_, let width, let span, let roundCaps):
            let across = radial(rho)
            guard let span else { return across }
            var offset = (FastAngle.degrees(dy: dy, dx: dx) - span.middle).truncatingRemainder(dividingBy: 360)
            if offset > 180 { offset -= 360 } else if offset <= -180 { offset += 360 }
            let fromStart = span.half + offset, fromEnd = span.half - offset  // degrees inside each end (< 0: beyond it)
            if roundCaps {
                guard fromStart < 0 || fromEnd < 0 else { return across }
                // Beyond an end the nearest point of the middle line is that end.
                let end = fromStart < 0 ? span.startPoint : span.endPoint
                let ex = dx - end.x, ey = dy - end.y
                return Self.band(distance: (ex * ex + ey * ey).squareRoot(), width: width)
            }
            // Distance from each cut line, measured square to it.
            func inside(_ degrees: Double) -> Double { rho * sin(min(max(degrees, -90), 90) * .pi / 180) }
            return across * min(max(min(inside(fromStart), inside(fromEnd)) + 0.5, 0), 1)
        }
    }

    /// Coverage of a pixel whose centre lies `rho` from the centre, ignoring where an arc
    /// starts and ends.
    @inline(__always)
    private func radial(_ rho: Double) -> Double {
        switch kind {
        case .disc(let radius):
            // A disc smaller than a pixel covers at most its own area.
            return min(max(min(radius + 0.5 - rho, Double.pi * radius * radius), 0), 1)
        case .arc(let radius, let width, _, _):
            return Self.band(distance: abs(rho - radius), width: width)
        }
    }

    /// Coverage of a pixel whose centre lies `distance` from the middle line of a band
    /// `width` wide: a band thinner than a pixel covers at most its width.
    @inline(__always)
    private static func band(distance: Double, width: Double) -> Double {
        min(max(min((width + 1) / 2 - distance, width, 1), 0), 1)
    }
}

// MARK: - Cutting into runs and edge pixels

extension ShapeCoverage {
    /// How far from an end ray, measured square to it, a pixel's centre must lie for the
    /// ray not to change its coverage: half a pixel of soft edge, and a pixel to spare.
    private static let rayMargin = 1.5

    /// The shape within `columns` × `rows` (window pixels) as 1-pixel-high runs it covers
    /// wholly and edge pixels with their coverage in `levels` steps (a pixel covered less than
    /// half a step is left out). Every pixel appears at most once; a pixel's coverage is
    /// ``coverage(dx:dy:)`` (or exactly 1 in a run).
    ///
    /// Per row, the spans of pixel centres within the ring that may be covered at all and
    /// within the core that is covered wholly are worked out from the two circles; zones near
    /// each end ray, each round cap and the centre are worked out per pixel, and between them
    /// one pixel per stretch tells whether the stretch lies within the sweep or outside it.
    func raster(columns: Range<Int>, rows: Range<Int>, levels: Int) -> ShapeRaster {
        var out = ShapeRaster.Builder(levels: levels)
        guard !columns.isEmpty, !rows.isEmpty else { return out.finish() }
        let cx = center.x, cy = center.y
        // Pixel centres farther than `outer` or nearer than `inner` are not covered; between
        // `coreInner` and `coreOuter` they are covered wholly (no core when coreOuter < 0).
        let inner: Double, outer: Double, coreInner: Double, coreOuter: Double
        var span: Span?, capReach = 0.0, roundCaps = false
        switch kind {
        case .disc(let radius):
            (inner, outer) = (-1, radius + 0.5)
            (coreInner, coreOuter) = Double.pi * radius * radius >= 1 ? (-1, radius - 0.5) : (-1, -1)
        case .arc(let radius, let width, let arcSpan, let round):
            (inner, outer) = (radius - (width + 1) / 2, radius + (width + 1) / 2)
            (coreInner, coreOuter) = width >= 1 ? (radius - (width - 1) / 2, radius + (width - 1) / 2) : (-1, -1)
            span = arcSpan
            roundCaps = round
            capReach = (width + 1) / 2 + 1
        }
        let epsilon = 1e-7
        let firstRow = Int(max(Double(rows.lowerBound), (cy - outer - 1).rounded(.down)))
        let endRow = Int(min(Double(rows.upperBound), (cy + outer + 1).rounded(.up)))
        guard firstRow < endRow else { return out.finish() }
        let left = Double(columns.lowerBound), right = Double(columns.upperBound - 1)

        // The columns whose pixel centres lie within dx ∈ [lo, hi] of the centre, if any.
        func pixels(_ lo: Double, _ hi: Double, into list: inout [Range<Int>]) {
            let from = max(lo + cx - 0.5, left), to = min(hi + cx - 0.5, right)
            guard from <= to else { return }
            let first = Int(from.rounded(.up)), last = Int(to.rounded(.down))
            if first <= last { list.append(first..<last + 1) }
        }
        // The pixel centres in the row `dy` from the centre whose distance from the centre
        // lies within [a, b] (widened by `widen`): one span, or two either side of the hole.
        func ring(_ a: Double, _ b: Double, dy: Double, widen: Double, into list: inout [Range<Int>]) {
            let outerSquared = b * b - dy * dy
            guard b >= 0, outerSquared >= 0 else { return }
            let reach = outerSquared.squareRoot()
            let innerSquared = a * a - dy * dy
            if a > 0, innerSquared > 0 {
                let hole = innerSquared.squareRoot()
                pixels(-reach - widen, -hole + widen, into: &list)
                pixels(hole - widen, reach + widen, into: &list)
            } else {
                pixels(-reach - widen, reach + widen, into: &list)
            }
        }
        func holds(_ list: [Range<Int>], _ x: Int) -> Bool {
            for range in list where range.contains(x) { return true }
            return false
        }

        var covered: [Range<Int>] = [], core: [Range<Int>] = [], zones: [Range<Int>] = [], cuts: [Int] = []
        covered.reserveCapacity(4)
        core.reserveCapacity(4)
        zones.reserveCapacity(8)
        cuts.reserveCapacity(32)
        for y in firstRow..<endRow {
            let dy = Double(y) + 0.5 - cy
            covered.removeAll(keepingCapacity: true)
            ring(inner, outer, dy: dy, widen: epsilon, into: &covered)
            if covered.isEmpty { continue }
            core.removeAll(keepingCapacity: true)
            ring(coreInner, coreOuter, dy: dy, widen: -epsilon, into: &core)
            zones.removeAll(keepingCapacity: true)
            if let span {
                if let zone = Self.rayZone(span.start, dy: dy, margin: Self.rayMargin) {
                    pixels(zone.lowerBound, zone.upperBound, into: &zones)
                }
                if let zone = Self.rayZone(span.end, dy: dy, margin: Self.rayMargin) {
                    pixels(zone.lowerBound, zone.upperBound, into: &zones)
                }
                if roundCaps {
                    for point in [span.startPoint, span.endPoint] where abs(dy - point.y) < capReach {
                        let rise = dy - point.y, half = (capReach * capReach - rise * rise).squareRoot()
                        pixels(point.x - half, point.x + half, into: &zones)
                    }
                }
                // Near the centre every angle is close: worked out per pixel.
                if abs(dy) < 2 { pixels(-2, 2, into: &zones) }
            }
            // Cut the row where any span or zone starts or ends; between two cuts every pixel
            // is alike.
            cuts.removeAll(keepingCapacity: true)
            for range in covered { cuts.append(range.lowerBound); cuts.append(range.upperBound) }
            for range in core { cuts.append(range.lowerBound); cuts.append(range.upperBound) }
            for range in zones { cuts.append(range.lowerBound); cuts.append(range.upperBound) }
            for i in 1..<cuts.count {  // insertion sort: a handful of cuts
                let cut = cuts[i]
                var j = i
                while j > 0, cuts[j - 1] > cut {
                    cuts[j] = cuts[j - 1]
                    j -= 1
                }
                cuts[j] = cut
            }
            var from = cuts[0]
            for i in 1..<cuts.count {
                let to = cuts[i]
                guard to > from else { continue }
                defer { from = to }
                guard holds(covered, from) else { continue }
                if holds(zones, from) {
                    for x in from..<to { out.pixel(x: x, y: y, coverage: coverage(dx: Double(x) + 0.5 - cx, dy: dy)) }
                    continue
                }
                if let span {
                    // Away from the end rays the whole stretch is in or out of the sweep.
                    let dx = Double((from + to - 1) / 2) + 0.5 - cx
                    guard dx * span.center.x + dy * span.center.y >= (dx * dx + dy * dy).squareRoot() * span.cosHalf else {
                        continue
                    }
                }
                if holds(core, from) {
                    out.run(y: y, columns: from..<to)
                } else {
                    for x in from..<to {
                        let dx = Double(x) + 0.5 - cx
                        out.pixel(x: x, y: y, coverage: radial((dx * dx + dy * dy).squareRoot()))
                    }
                }
            }
        }
        return out.finish()
    }

    /// The horizontal distances from the centre, in the row `dy` from it, of the points that
    /// lie within `margin` of the line along `ray` (a unit vector), measured square to it, and
    /// not more than `margin` behind the centre; nil when there are none.
    static func rayZone(_ ray: (x: Double, y: Double), dy: Double, margin: Double) -> ClosedRange<Double>? {
        var lo = -Double.infinity, hi = Double.infinity
        // |dx·ray.y − dy·ray.x| < margin
        if abs(ray.y) > 1e-12 {
            let crossing = dy * ray.x / ray.y, half = margin / abs(ray.y)
            (lo, hi) = (crossing - half, crossing + half)
        } else if abs(dy * ray.x) >= margin {
            return nil
        }
        // dx·ray.x + dy·ray.y > −margin
        let bound = -margin - dy * ray.y
        if ray.x > 1e-12 {
            lo = max(lo, bound / ray.x)
        } else if ray.x < -1e-12 {
            hi = min(hi, bound / ray.x)
        } else if bound >= 0 {
            return nil
        }
        return lo <= hi ? lo...hi : nil
    }
}
