/// How a draw command's geometry is carried from one space into another: where its points
/// and rectangles land, and what becomes of its lengths (radii, widths, sizes), its angles
/// and a ring's look. A display's quarter turn and a program's scale are both one of these.
struct CommandMapping {
    var point: (Point) -> Point
    var rect: (Rect) -> Rect
    /// A radius or a stroke's width.
    var length: (Double) -> Double = { $0 }
    /// A picture's width and height.
    var size: (Double, Double) -> (Double, Double) = { ($0, $1) }
    /// A text's size in points.
    var points: (Int) -> Int = { $0 }
    /// A screen angle.
    var degrees: (Double) -> Double = { $0 }
    var look: (RingLook) -> RingLook = { $0 }
}

extension DrawCommand {
    /// The command carried by `mapping`.
    func mapped(_ mapping: CommandMapping) -> DrawCommand {
        switch self {
        case .fill(let rect, let color):
            return .fill(rect.map(mapping.rect), color)
        case .clip(let rect):
            return .clip(rect.map(mapping.rect))
        case .ring(var ring):
            ring.look = mapping.look(ring.look)
            ring.center = mapping.point(ring.center)
            (ring.innerRadius, ring.outerRadius) = (mapping.length(ring.innerRadius), mapping.length(ring.outerRadius))
            ring.markerDegrees = mapping.degrees(ring.markerDegrees)
            return .ring(ring)
        case .arc(var arc):
            arc.center = mapping.point(arc.center)
            (arc.radius, arc.width) = (mapping.length(arc.radius), mapping.length(arc.width))
            arc.fromDegrees = mapping.degrees(arc.fromDegrees)
            return .arc(arc)
        case .disc(let center, let radius, let color):
            return .disc(center: mapping.point(center), radius: mapping.length(radius), color: color)
        case .image(var image):
            image.center = mapping.point(image.center)
            (image.width, image.height) = mapping.size(image.width, image.height)
            image.degrees = mapping.degrees(image.degrees)
            return .image(image)
        case .text(var text):
            text.center = mapping.point(text.center)
            text.points = mapping.points(text.points)
            text.maxWidth = mapping.length(text.maxWidth)
            text.degrees = mapping.degrees(text.degrees)
            return .text(text)
        }
    }
}
