/// A draw list moved from a program's own drawing space onto the pixels it lands on: what a
/// renderer's logical size, scale and viewport do to drawing, done to the list instead, so
/// that rings, pictures and texts are made at the pixels they cover (sharp at scale 2) and
/// not magnified afterwards.
public struct DrawScale: Equatable, Sendable {
    /// Target pixels per unit of the program's space, across and down.
    public var x: Double
    public var y: Double
    /// Where the program's origin lands, target pixels.
    public var offsetX: Double
    public var offsetY: Double

    /// Target pixels per unit `x` across and `y` down, the origin at (`offsetX`, `offsetY`).
    public init(x: Double, y: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.x = x
        self.y = y
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// No change: one pixel a unit, the origin in place.
    public static let identity = DrawScale(x: 1, y: 1)

    /// Target pixels per unit of a length with no direction (a radius, a width, a text's
    /// size): the mean of the two scales.
    public var length: Double { (x + y) / 2 }

    /// Where point `p` lands.
    public func apply(_ p: Point) -> Point { Point(x: p.x * x + offsetX, y: p.y * y + offsetY) }

    /// Where rectangle `r` lands.
    public func apply(_ r: Rect) -> Rect { Rect(x: r.x * x + offsetX, y: r.y * y + offsetY, width: r.width * x, height: r.height * y) }

    /// `look` with every length in it scaled, so the ring's art is made at the target's pixels.
    public func apply(_ look: RingLook) -> RingLook {
        let s = length
        var scaled = look
        scaled.iconSize *= s
        scaled.iconRadius *= s
        scaled.labelSize = points(look.labelSize)
        scaled.labelRadius *= s
        scaled.style.gapPixels *= s
        scaled.style.tickFromRadius *= s
        scaled.style.majorTickFromRadius *= s
        scaled.style.tickWidth *= s
        return scaled
    }

    /// `command` as it lands on the target.
    public func apply(_ command: DrawCommand) -> DrawCommand { command.mapped(mapping) }

    /// What this scale does to each part of a command: made once per list, not per command.
    private var mapping: CommandMapping {
        let s = length
        return CommandMapping(point: apply, rect: apply, length: { $0 * s }, size: { (width, height) in (width * x, height * y) },
                              points: points, look: apply)
    }

    /// A text size of `value` points at this scale (at least 1).
    public func points(_ value: Int) -> Int { max(1, Int((Double(value) * length).rounded())) }

    /// `list` as it lands on the target (the same list when this is ``identity``).
    public func apply(_ list: DrawList) -> DrawList {
        guard self != .identity else { return list }
        let mapping = self.mapping
        return DrawList(list.commands.map { $0.mapped(mapping) })
    }
}
