/// A point in window pixels: origin top-left, x to the right, y down.
public struct Point: Equatable, Hashable, Sendable {
    /// Horizontal position in pixels.
    public var x: Double
    /// Vertical position in pixels (grows downwards).
    public var y: Double

    /// Creates a point from its pixel coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Straight-line distance to `other`, in pixels.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
