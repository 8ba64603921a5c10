import Testing
@testable import RotaryKit

@Suite("Knob drawing: face, pointer, range, value")
struct KnobDrawingTests {
    static let centre = Point(x: 120, y: 120)

    /// A 240° knob from 8 o'clock (150°) clockwise to 4 o'clock (30°), turned by vertical drags.
    func knob(value: Double = 50) -> ArcSlider {
        ArcSlider(id: "knob", center: Self.centre, radius: 80, startDegrees: 150, endDegrees: 30, range: 0...100,
                  step: 1, value: value, mode: .knob(axis: .vertical, valuePerPixel: 0.5))
    }

    @Test("the pointer is turned −120°, 0° and +120° from up at the minimum, middle and maximum",
          arguments: [(0.0, -120.0), (50, 0), (100, 120), (25, -60)])
    func pointerRotation(value: Double, degrees: Double) {
        let k = knob(value: value)
        #expect(abs(KnobDrawing.pointerDegrees(k) - degrees) < 1e-9)
        let pointer = KnobDrawing.pointer(k, look: KnobLook(for: k)).images
        #expect(pointer.count == 1)
        #expect(pointer[0].degrees == KnobDrawing.pointerDegrees(k))
        #expect(pointer[0].art == .builtIn("ui/knob-pointer"))
    }

    @Test("a drag upwards turns the pointer with the value")
    func pointerFollowsDrag() {
        var k = knob(value: 50)
        var path = TouchPath()
        path.down(Self.centre)
        path.line(to: Point(x: Self.centre.x, y: Self.centre.y - 60), seconds: 0.3)  // 60 px up: +30
        path.up()
        _ = simulate(&k, path.events)
        #expect(k.value == 80)
        #expect(abs(KnobDrawing.pointerDegrees(k) - 0.3 * 240) < 1e-9)
    }

    @Test("face and pointer are drawn at the knob's size on its centre; only the pointer turns")
    func pictures() {
        let k = knob(value: 100)
        let images = KnobDrawing.commands(k, look: KnobLook(for: k)).images
        #expect(images.map(\.art) == [.builtIn("ui/knob-face"), .builtIn("ui/knob-pointer")])
        #expect(images.allSatisfy { $0.center == Self.centre && $0.width == 160 && $0.height == 160 })
        #expect(images[0].degrees == 0)
    }

    @Test("the range ring lies outside the face and its fill sweeps fraction × 240° from the start")
    func rangeRing() {
        let k = knob(value: 75)
        let look = KnobLook(for: k)
        let arcs = KnobDrawing.range(k, look: look).arcs
        #expect(arcs.count == 2)
        #expect(arcs.allSatisfy { $0.fromDegrees == 150 && $0.radius - $0.width / 2 >= 80 && $0.width < 80 * 0.1 })
        #expect(arcs[0].sweepDegrees == 240 && arcs[1].sweepDegrees == 180)
    }

    @Test("a look without the range ring draws no arcs")
    func noRange() {
        let k = knob()
        var look = KnobLook(for: k)
        look.showsRange = false
        #expect(KnobDrawing.commands(k, look: look).arcs.isEmpty)
    }

    @Test("the value is written in the middle")
    func valueText() {
        let k = knob(value: 30)
        let texts = KnobDrawing.label(k, look: KnobLook(for: k, unit: "%", caption: "Volume")).texts
        #expect(texts.map(\.text) == ["30 %", "Volume"])
        #expect(texts[0].center == Self.centre && texts[0].maxWidth < 160)
    }

    @Test("all of it is face, range, pointer, then label, in that order")
    func order() {
        let k = knob()
        let look = KnobLook(for: k)
        #expect(KnobDrawing.commands(k, look: look)
            == KnobDrawing.face(k, look: look) + KnobDrawing.range(k, look: look) + KnobDrawing.pointer(k, look: look)
            + KnobDrawing.label(k, look: look))
    }

    @Test("tiny and huge knobs at extreme values give finite, well-formed commands", arguments: [1.0, 10_000])
    func extremeSizes(radius: Double) {
        for value in [-1e300, 0, 1e300] {
            let k = ArcSlider(id: "x", center: Point(x: radius, y: radius), radius: radius, startDegrees: 150,
                              endDegrees: 30, range: -1e300...1e300, step: 0, value: value,
                              mode: .knob(axis: .both, valuePerPixel: 1e300))
            let commands = KnobDrawing.commands(k, look: KnobLook(for: k, unit: "u", caption: "c"))
            #expect(commands.isWellFormed)
            #expect((-180..<180).contains(KnobDrawing.pointerDegrees(k)))
        }
    }
}
