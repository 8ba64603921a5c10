import Testing
@testable import RotarySDL

extension DrawingTests {
/// How a line is fitted to its room: smaller, then squeezed sideways where allowed, then cut.
/// Needs fontconfig and fonts-dejavu-core, which the set-up installs. Nested in the drawing
/// tests, one at a time: a font book is not for two threads at once (run side by side, two
/// of these tests crashed in its font cache).
@Suite("Text fitting: smaller, squeezed, cut")
struct TextFittingTests {
    static var fonts: FontBook { DrawingTests.fonts }
    static let name = "Dampfbadaufgussnachbehandlungszeit"

    @Test("a line too wide even at 60 % of its size is squeezed sideways as far as allowed, whole, instead of cut")
    func squeezedBeforeCut() throws {
        let natural = try Self.fonts.fitted(Self.name, size: 30, maxWidth: .infinity)
        let smallest = try Self.fonts.fitted(Self.name, size: 18, maxWidth: .infinity)
        let room = smallest.width * 0.8
        let cut = try Self.fonts.fitted(Self.name, size: 30, maxWidth: room)
        #expect(cut.shown.hasSuffix("…") && cut.points == 18 && cut.widthScale == 1, "\(cut)")
        let squeezed = try Self.fonts.fitted(Self.name, size: 30, maxWidth: room, narrowestFit: 0.7)
        #expect(squeezed.shown == Self.name && squeezed.points == 18 && squeezed.width <= room, "\(squeezed)")
        #expect(abs(squeezed.widthScale - 0.8) < 0.01 && squeezed.height == smallest.height)
        let surface = try Self.fonts.renderFitting(Self.name, size: 30, maxWidth: room, narrowestFit: 0.7, color: .init(255, 255, 255))
        #expect(Double(surface.width) == squeezed.width && Double(surface.height) == smallest.height)
        // Room for less than the least squeeze: cut after all; room enough: never squeezed.
        #expect(try Self.fonts.fitted(Self.name, size: 30, maxWidth: smallest.width * 0.6, narrowestFit: 0.7).shown.hasSuffix("…"))
        let roomy = try Self.fonts.fitted(Self.name, size: 30, maxWidth: natural.width, narrowestFit: 0.7)
        #expect(roomy.points == 30 && roomy.widthScale == 1)
    }

    @Test("a least size: the line is set no smaller (squeezed instead, then cut), and 60 % of its size without one")
    func leastSize() throws {
        let atLeast = try Self.fonts.fitted(Self.name, size: 30, maxWidth: .infinity)
        let room = atLeast.width * 0.8
        #expect(try Self.fonts.fitted(Self.name, size: 30, maxWidth: room).points < 30)
        let kept = try Self.fonts.fitted(Self.name, size: 30, maxWidth: room, narrowestFit: 0.7, leastSize: 30)
        #expect(kept.points == 30 && kept.shown == Self.name && abs(kept.widthScale - 0.8) < 0.01, "\(kept)")
        let cut = try Self.fonts.fitted(Self.name, size: 30, maxWidth: room, leastSize: 30)
        #expect(cut.points == 30 && cut.shown.hasSuffix("…"), "\(cut)")
        // A least size under 60 % leaves the 60 % floor; one above the size asked is the size asked.
        #expect(try Self.fonts.fitted(Self.name, size: 30, maxWidth: room / 4, leastSize: 10).points == 18)
        #expect(try Self.fonts.fitted("Sauna", size: 20, maxWidth: .infinity, leastSize: 40).points == 20)
    }

    @Test("a squeezed line (widthScale) fits its room narrowed, as tall as at its size")
    func widthScale() throws {
        let natural = try Self.fonts.fitted("14:59", size: 100, maxWidth: .infinity)
        let narrow = try Self.fonts.fitted("14:59", size: 100, maxWidth: natural.width * 0.7, widthScale: 0.7)
        #expect(narrow.points == 100 && abs(narrow.width - natural.width * 0.7) <= 1 && narrow.height == natural.height, "\(narrow)")
    }
}
}
