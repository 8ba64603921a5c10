@testable import RotaryKit

/// Pieces of draw lists picked out by kind, so view tests read as data checks.
extension Array where Element == DrawCommand {
    var arcs: [ArcStroke] { compactMap { if case .arc(let arc) = $0 { arc } else { nil } } }
    var texts: [TextDraw] { compactMap { if case .text(let text) = $0 { text } else { nil } } }
    var images: [ImageDraw] { compactMap { if case .image(let image) = $0 { image } else { nil } } }
    var discs: [(center: Point, radius: Double, color: RGBA)] {
        compactMap { if case .disc(let center, let radius, let color) = $0 { (center, radius, color) } else { nil } }
    }
    /// The text command saying `string`, if there is one.
    func text(_ string: String) -> TextDraw? { texts.first { $0.text == string } }

    /// Whether every number in every command is finite and no size is negative.
    var isWellFormed: Bool { allSatisfy(\.isWellFormed) }
}

extension DrawCommand {
    /// Every coordinate and size is finite; radii, widths and sizes are not negative.
    var isWellFormed: Bool {
        switch self {
        case .fill(let rect, _), .clip(let rect): rect.map(\.isWellFormed) ?? true
        case .ring(let ring):
            ring.center.isFinite && [ring.innerRadius, ring.outerRadius, ring.markerDegrees, ring.rotationDegrees].allFinite
        case .arc(let arc):
            arc.center.isFinite && [arc.radius, arc.width, arc.fromDegrees, arc.sweepDegrees].allFinite
                && arc.radius >= 0 && arc.width >= 0
        case .disc(let center, let radius, _): center.isFinite && radius.isFinite && radius >= 0
        case .image(let image):
            image.center.isFinite && [image.width, image.height, image.degrees].allFinite && image.width >= 0 && image.height >= 0
        case .text(let text): text.center.isFinite && [text.maxWidth, text.degrees].allFinite && text.maxWidth > 0 && text.points > 0
        }
    }
}

extension Rect {
    var isWellFormed: Bool { [x, y, width, height].allFinite && width >= 0 && height >= 0 }
}

extension Array where Element == Double {
    var allFinite: Bool { allSatisfy(\.isFinite) }
}
