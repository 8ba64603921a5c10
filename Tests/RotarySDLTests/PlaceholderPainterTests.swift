import RotaryKit
import Testing
@testable import RotarySDL

@Suite("Placeholder drawing with the software renderer")
struct PlaceholderPainterTests {
    let centre = Point(x: 200, y: 200)

    func render(_ ring: RingControl) throws -> Surface {
        let surface = try Surface(width: 400, height: 400)
        let renderer = try Renderer(surface: surface)
        try renderer.clear(RGBA(0, 0, 0))
        try PlaceholderPainter().draw(ring, on: renderer)
        renderer.present()
        return try renderer.readPixels()
    }

    func ring(selected: Int) -> RingControl {
        RingControl(id: "w", kind: .wheel, labels: (0..<8).map { "\($0)" }, center: centre, innerRadius: 40,
                    outerRadius: 160, selected: selected)
    }

    @Test("the segment under the marker is opaque, the others dimmed to 0.6")
    func selectedIsOpaque() throws {
        let painter = PlaceholderPainter()
        let pixels = try render(ring(selected: 0))
        let top = pixels.pixel(x: 200, y: 200 - 100)      // under the marker: item 0
        let left = Degrees.point(at: -135, radius: 100, around: centre)  // item 1 sits counter-clockwise
        let dimmed = pixels.pixel(x: Int(left.x), y: Int(left.y))
        #expect(top == painter.palette[0])
        let expected = painter.palette[1]
        #expect(abs(Int(dimmed.r) - Int((Double(expected.r) * 0.6).rounded())) <= 2)
        #expect(abs(Int(dimmed.g) - Int((Double(expected.g) * 0.6).rounded())) <= 2)
    }

    @Test("turning the ring moves the next segment under the marker")
    func turned() throws {
        let pixels = try render(ring(selected: 3))
        #expect(pixels.pixel(x: 200, y: 100) == PlaceholderPainter().palette[3])
        #expect(pixels.pixel(x: 200, y: 200) == RGBA(0, 0, 0))  // the hub stays empty
    }
}
