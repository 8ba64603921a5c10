/// An axis-aligned rectangle in window pixels: origin top-left, y down.
public struct Rect: Equatable, Hashable, Sendable {
    /// Left edge, pixels.
    public var x: Double
    /// Top edge, pixels.
    public var y: Double
    /// Width, pixels (≥ 0 for a real rectangle).
    public var width: Double
    /// Height, pixels (≥ 0 for a real rectangle).
    public var height: Double

    /// A rectangle from its top-left corner and size, all in pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square of side `2 · radius` pixels centred on `center`: a circle's bounds.
    public init(center: Point, radius: Double) {
        self.init(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// The right edge, `x + width`, pixels.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`, pixels.
    public var maxY: Double { y + height }
    /// The middle.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// Whether it covers no area (or is not made of finite numbers).
    public var isEmpty: Bool { !(width > 0 && height > 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite) }

    /// Whether `point` lies inside (left and top edges included).
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// Whether `other` lies wholly inside (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest rectangle holding both (an empty one is ignored).
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The same rectangle moved `by` pixels right and down.
    public func offset(by shift: Point) -> Rect { Rect(x: x + shift.x, y: y + shift.y, width: width, height: height) }

    /// The part both cover, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let result = Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
        return result.isEmpty ? nil : result
    }

    /// The whole pixels it touches: edges rounded outwards.
    public var pixelAligned: Rect {
        let left = x.rounded(.down), top = y.rounded(.down)
        return Rect(x: left, y: top, width: maxX.rounded(.up) - left, height: maxY.rounded(.up) - top)
    }
}
