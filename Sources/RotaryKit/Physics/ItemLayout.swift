/// Where the items of a snapping control lie along its axis.
///
/// An axis *position* is in the control's own units (degrees of rotation, pixels of scroll).
/// The *item coordinate* is the same place counted in items: coordinate k means the centre of
/// item k is under the marker. Cyclic layouts have unwrapped coordinates (any integer, one
/// turn = `count` items); bounded ones run from 0 to `count − 1`.
public protocol ItemLayout: Equatable, Sendable {
    /// Number of items, at least 1.
    var count: Int { get }
    /// Continuous item coordinate at an axis position.
    func coordinate(at position: Double) -> Double
    /// Axis position at which item coordinate `k` is under the marker.
    func position(ofCoordinate k: Int) -> Double
    /// The nearest item coordinate a control may rest on (bounded layouts clamp).
    func clamped(coordinate k: Int) -> Int
    /// The axis position (axis units) limited to where the control may go (bounded layouts
    /// clamp).
    func clamped(position: Double) -> Double
    /// The item index shown at coordinate `k`.
    func index(ofCoordinate k: Int) -> Int
    /// The coordinate of item `index` nearest to the continuous coordinate `near`.
    func coordinate(ofIndex index: Int, near: Double) -> Int
    /// A typical distance between neighbouring item centres, in axis units.
    var typicalSpacing: Double { get }
}

/// Equal items all the way round, for wheel and dial: the axis is the rotation in degrees
/// (clockwise positive) and turns without limit.
public struct CyclicLayout: ItemLayout {
    /// Number of items round the ring, at least 1.
    public let count: Int
    /// Degrees between neighbouring item centres.
    public let spacing: Double

    /// A ring of `count` equal items (at least 1).
    public init(count: Int) {
        self.count = max(1, count)
        spacing = 360 / Double(self.count)
    }

    /// The rotation `position` (degrees) in items: `position / spacing`, unwrapped.
    public func coordinate(at position: Double) -> Double { position / spacing }
    /// The rotation in degrees that brings coordinate `k` under the marker: `k × spacing`.
    public func position(ofCoordinate k: Int) -> Double { Double(k) * spacing }
    /// `k` itself: a ring may rest on any coordinate.
    public func clamped(coordinate k: Int) -> Int { k }
    /// `position` (degrees) itself: a ring turns without limit.
    public func clamped(position: Double) -> Double { position }
    /// The item at coordinate `k`: `k` wrapped into 0..<count (coordinate −1 is the last item).
    public func index(ofCoordinate k: Int) -> Int {
        let i = k % count
        return i < 0 ? i + count : i
    }
    /// The coordinate of item `index` that is the fewest items away from `near`, going either
    /// way round: the target of the shortest turn to that item.
    public func coordinate(ofIndex index: Int, near: Double) -> Int {
        let base = Int(saturating: near.rounded())
        let offset = index - self.index(ofCoordinate: base)
        var wrapped = offset % count
        if wrapped > count / 2 { wrapped -= count }
        if wrapped < -(count - 1) / 2 { wrapped += count }
        return base + wrapped
    }
    /// ``spacing``: every item is as wide as the next, in degrees.
    public var typicalSpacing: Double { spacing }
}

/// Items of any widths side by side, for the strip: the axis is the content x (pixels) under
/// the marker, limited to the first and last item centres.
public struct StripLayout: ItemLayout {
    /// Content x of each item's centre, increasing.
    public let centers: [Double]
    /// Width of each item in pixels.
    public let widths: [Double]

    /// Items of the given widths (pixels; non-positive or non-finite widths count as 1 px);
    /// an empty list is one 1 px item.
    public init(widths: [Double]) {
        let clean = widths.map { $0.isFinite && $0 > 0 ? $0 : 1 }
        self.widths = clean.isEmpty ? [1] : clean
        var x = 0.0
        centers = self.widths.map { w in
            defer { x += w }
            return x + w / 2
        }
    }

    /// Number of items in the strip, at least 1.
    public var count: Int { centers.count }

    /// The content x `position` (pixels) in items: k at the centre of item k, fractions
    /// between neighbouring centres in proportion to their distance, clamped to the ends.
    public func coordinate(at position: Double) -> Double {
        guard count > 1 else { return 0 }
        let p = clamped(position: position)
        var k = 0
        while k < count - 2, p > centers[k + 1] { k += 1 }
        return Double(k) + (p - centers[k]) / (centers[k + 1] - centers[k])
    }
    /// The content x, pixels, of the centre of item `k` (clamped to the first and last).
    public func position(ofCoordinate k: Int) -> Double { centers[clamped(coordinate: k)] }
    /// `k` limited to 0…count − 1.
    public func clamped(coordinate k: Int) -> Int { min(max(k, 0), count - 1) }
    /// `position` limited to the first and last item centres, pixels.
    public func clamped(position: Double) -> Double { min(max(position, centers[0]), centers[count - 1]) }
    /// The item at coordinate `k`: `k` limited to 0…count − 1 (coordinates are indices here).
    public func index(ofCoordinate k: Int) -> Int { clamped(coordinate: k) }
    /// `index` limited to 0…count − 1: a strip has one coordinate per item, whatever `near` is.
    public func coordinate(ofIndex index: Int, near: Double) -> Int { clamped(coordinate: index) }
    /// The mean distance between neighbouring centres, pixels (the only item's width when
    /// there is one).
    public var typicalSpacing: Double {
        count > 1 ? (centers[count - 1] - centers[0]) / Double(count - 1) : widths[0]
    }

    /// The item whose extent contains content x `x`, or the nearest end item.
    public func item(atContentX x: Double) -> Int {
        var left = 0.0
        for (i, w) in widths.enumerated() {
            if x < left + w { return i }
            left += w
        }
        return count - 1
    }
}
