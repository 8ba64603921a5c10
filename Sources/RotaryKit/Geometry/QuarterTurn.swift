/// A panel mounted turned by a right angle, which the display cannot turn itself (KMSDRM):
/// maps what the person sees upright, the *view*, onto the window's pixels and back. Lay a
/// screen out in the view (`viewWidth`×`viewHeight`, up is up for the person), turn its
/// draw list into the window with ``window(_:)-(DrawList)``, and turn touches back with
/// ``view(_:)-(Point)``; the controls then never know the panel is turned.
///
/// `degrees` is how far the picture is turned clockwise on the window: at 90 the person's up
/// is the window's right, so the view's top-left corner is the window's top-right.
public struct QuarterTurn: Equatable, Sendable {
    /// Clockwise turn: 0, 90, 180 or 270 (any other multiple of 90 is brought into that range;
    /// anything else is rounded to the nearest right angle).
    public let degrees: Int
    /// The window's size in pixels.
    public let windowWidth: Double
    public let windowHeight: Double

    /// The turn of a `windowWidth`×`windowHeight` window by `degrees` clockwise.
    public init(degrees: Int, windowWidth: Double, windowHeight: Double) {
        let quarters = Int((Double(degrees) / 90).rounded())
        self.degrees = ((quarters % 4) + 4) % 4 * 90
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
    }

    /// The view's size in pixels: the window's, sides swapped at 90 and 270.
    public var viewWidth: Double { degrees % 180 == 0 ? windowWidth : windowHeight }
    public var viewHeight: Double { degrees % 180 == 0 ? windowHeight : windowWidth }

    /// Where view point `p` lands in the window.
    public func window(_ p: Point) -> Point {
        switch degrees {
        case 90: Point(x: windowWidth - p.y, y: p.x)
        case 180: Point(x: windowWidth - p.x, y: windowHeight - p.y)
        case 270: Point(x: p.y, y: windowHeight - p.x)
        default: p
        }
    }

    /// The view point under window point `p` (the inverse of ``window(_:)-(Point)``).
    public func view(_ p: Point) -> Point {
        switch degrees {
        case 90: Point(x: p.y, y: windowWidth - p.x)
        case 180: Point(x: windowWidth - p.x, y: windowHeight - p.y)
        case 270: Point(x: windowHeight - p.y, y: p.x)
        default: p
        }
    }

    /// A view angle (screen degrees) as the window's.
    public func window(degrees angle: Double) -> Double { angle + Double(degrees) }

    /// Where view rectangle `r` lands in the window.
    public func window(_ r: Rect) -> Rect {
        let a = window(Point(x: r.x, y: r.y)), b = window(Point(x: r.maxX, y: r.maxY))
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// A view command as the window's: places moved, angles turned.
    public func window(_ command: DrawCommand) -> DrawCommand {
        degrees == 0 ? command : command.mapped(mapping)
    }

    /// A view draw list as the window's.
    public func window(_ list: DrawList) -> DrawList {
        guard degrees != 0 else { return list }
        let mapping = self.mapping
        return DrawList(list.commands.map { $0.mapped(mapping) })
    }

    /// What the turn does to each part of a command: made once per list, not per command.
    private var mapping: CommandMapping {
        CommandMapping(point: window, rect: window, degrees: { window(degrees: $0) })
    }
}
