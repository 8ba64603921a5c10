import Testing
@testable import RotarySDL

@Suite("Built-in knob art")
struct KnobArtTests {
    @Test("the face is a disc: opaque in the middle and on the rim, transparent in the corners")
    func face() throws {
        let face = try ImageLoader.load(.builtIn("ui/knob-face"), width: 100, height: 100)
        #expect(face.width == 100 && face.height == 100)
        for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (10, 10)] { #expect(face.pixel(x: x, y: y).a == 0, "(\(x), \(y))") }
        for (x, y) in [(50, 50), (50, 2), (2, 50), (97, 50), (50, 97)] { #expect(face.pixel(x: x, y: y).a == 255, "(\(x), \(y))") }
    }

    @Test("the pointer is opaque only near the top, on the vertical middle line")
    func pointer() throws {
        let pointer = try ImageLoader.load(.builtIn("ui/knob-pointer"), width: 100, height: 100)
        #expect(pointer.pixel(x: 50, y: 20).a == 255)
        for (x, y) in [(50, 50), (50, 80), (20, 20), (80, 20), (50, 2)] { #expect(pointer.pixel(x: x, y: y).a == 0, "(\(x), \(y))") }
    }
}
