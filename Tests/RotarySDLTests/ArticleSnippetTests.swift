import Foundation
import Testing
@testable import RotarySDL

/// The documentation's snippets as code that compiles and runs: the embedding article's other
/// controls and its pixel-free test, and the drawing-as-data article's changed regions and
/// executor of one's own. Each block is written here as the article prints it (a test checks
/// that every line of the articles' Swift blocks is in compiled code).
@Suite("The articles' snippets, compiled and run")
struct ArticleSnippetTests {
    @Test("the embedding article's other controls go on the panel and draw: slider, knob, strip, button")
    func otherControls() throws {
        var panel = ControlPanel()
        var list = DrawList()
        let wheelCenter = Point(x: 240, y: 240)

        panel.add(ArcSlider(id: "volume", center: Point(x: 120, y: 120), radius: 80,
                            range: 0...100, step: 5, value: 60, thumbRadius: 9))
        let sliderLook = ArcSliderLook(for: panel.sliders[0], unit: "%", caption: "Volume")
        list.append(contentsOf: ArcSliderDrawing.commands(panel.sliders[0], look: sliderLook))

        panel.add(ArcSlider(id: "speed", center: Point(x: 320, y: 120), radius: 60,
                            startDegrees: 150, endDegrees: 30, range: 0...10, step: 0.5, value: 5,
                            mode: .knob(axis: .vertical, valuePerPixel: 0.05)))
        let knobLook = KnobLook(for: panel.sliders[1], caption: "Speed")
        list.append(contentsOf: KnobDrawing.commands(panel.sliders[1], look: knobLook))

        let names = ["Easy", "Normal", "Hard"]
        let stripHeight = 48.0
        let fonts = FontBook(path: try FontLocator.locate("DejaVu Sans:bold"))
        let widths = try fonts.stripItemWidths(names, stripHeight: stripHeight)  // at the size StripLook draws them
        panel.add(StripControl(id: "difficulty", labels: names, itemWidths: widths,
                               x: 0, y: 0, width: 480, height: stripHeight))
        let stripLook = StripLook(for: panel.strips[0])
        list.append(contentsOf: StripDrawing.commands(panel.strips[0], look: stripLook))

        var fire = CenterButton(id: "fire", center: wheelCenter, radius: 30)
        fire.longPressSeconds = 1
        panel.add(fire)
        let buttonLook = ButtonLook(radius: 30)
        list.append(contentsOf: ButtonDrawing.commands(panel.buttons[0], face: ButtonFace(label: "Fire"),
                                                       look: buttonLook))

        #expect(panel.stack.count == 4)
        #expect(list.commands.contains { if case .text(let text) = $0 { text.text == "Fire" } else { false } })
        #expect(list.commands.contains { if case .text(let text) = $0 { text.text == "60 %" } else { false } })
    }

    @Test func rightArrowPicksTheNextWeapon() {
        var panel = ControlPanel()
        panel.add(RingControl(id: "weapon", kind: .wheel, labels: ["Bolt", "Fire", "Ice"],
                              center: Point(x: 100, y: 100), innerRadius: 34, outerRadius: 100))
        var events = panel.apply(.key("Right"))
        for _ in 0..<60 { events += panel.advance(by: 1.0 / 60) }
        #expect(events.contains(.selected(id: "weapon", index: 1, label: "Fire", value: nil)))

        let look = RingLook(items: ["Bolt", "Fire", "Ice"].map { RingItemLook(label: $0) },
                            fill: RGBA(30, 41, 59))
        let list = DrawList(RingDrawing.commands(panel.rings[0], look: look))
        guard case .ring(let ring) = list.commands.first else { Issue.record("no ring"); return }
        #expect(ring.highlighted == 1)
        #expect(ring.backdrop == nil)
    }

    @Test("the drawing-as-data article: a slider's step changes one rectangle")
    func changedRegions() {
        var slider = ArcSlider(id: "volume", center: Point(x: 120, y: 120), radius: 80, value: 40)
        let sliderLook = ArcSliderLook(for: slider)
        let before = DrawList(ArcSliderDrawing.commands(slider, look: sliderLook))
        _ = slider.turn(.steps(1))
        let after = DrawList(ArcSliderDrawing.commands(slider, look: sliderLook))
        let changed = after.changedRegions(since: before)  // one rectangle: the track's square, stretched to the thumb
        #expect(changed?.count == 1)
    }

    /// What your graphics backend offers, in window pixels and screen degrees.
    protocol Painter {
        mutating func setClip(_ rect: Rect?)
        mutating func fill(_ rect: Rect?, color: RGBA)
        mutating func ring(_ ring: RingDraw)
        mutating func arc(_ arc: ArcStroke)
        mutating func disc(center: Point, radius: Double, color: RGBA)
        mutating func image(_ image: ImageDraw)
        mutating func text(_ text: TextDraw)
    }

    func execute(_ list: DrawList, on painter: inout some Painter) {
        for command in list.commands {
            switch command {
            case .fill(let rect, let color): painter.fill(rect, color: color)
            case .clip(let rect): painter.setClip(rect)
            case .ring(let ring): painter.ring(ring)
            case .arc(let arc): painter.arc(arc)
            case .disc(let center, let radius, let color): painter.disc(center: center, radius: radius, color: color)
            case .image(let image): painter.image(image)
            case .text(let text): painter.text(text)
            }
        }
    }

    /// A painter that writes down what it was asked to do.
    struct Recorder: Painter {
        var calls: [String] = []
        mutating func setClip(_ rect: Rect?) { calls.append("clip") }
        mutating func fill(_ rect: Rect?, color: RGBA) { calls.append("fill") }
        mutating func ring(_ ring: RingDraw) { calls.append("ring") }
        mutating func arc(_ arc: ArcStroke) { calls.append("arc") }
        mutating func disc(center: Point, radius: Double, color: RGBA) { calls.append("disc") }
        mutating func image(_ image: ImageDraw) { calls.append("image") }
        mutating func text(_ text: TextDraw) { calls.append("text") }
    }

    @Test("the drawing-as-data article: an executor of one's own walks the list in order")
    func ownExecutor() {
        var recorder = Recorder()
        execute(DrawList([.clip(nil), .fill(nil, RGBA(0, 0, 0)), .disc(center: Point(x: 1, y: 1), radius: 1, color: RGBA(1, 1, 1))]),
                on: &recorder)
        #expect(recorder.calls == ["clip", "fill", "disc"])
    }
}
