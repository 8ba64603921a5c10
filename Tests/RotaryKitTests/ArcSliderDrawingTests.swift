import Testing
@testable import RotaryKit

@Suite("Arc slider drawing: track, fill, thumb, value")
struct ArcSliderDrawingTests {
    static let centre = Point(x: 300, y: 300)

    /// A 270° seeker from 135° clockwise to 45° through 12 o'clock, the gap at the bottom.
    func slider(value: Double = 50, range: ClosedRange<Double> = 0...100, step: Double = 1) -> ArcSlider {
        ArcSlider(id: "seek", center: Self.centre, radius: 200, startDegrees: 135, endDegrees: 45,
                  range: range, step: step, value: value, thumbRadius: 16, grabRadius: 40)
    }

    @Test("the track spans start to end; the fill starts there and sweeps fraction × sweep",
          arguments: [0.0, 25, 80, 100])
    func trackAndFill(value: Double) {
        let s = slider(value: value)
        let arcs = ArcSliderDrawing.track(s, look: ArcSliderLook(for: s)).arcs
        #expect(arcs.count == 2)
        let (track, fill) = (arcs[0], arcs[1])
        #expect(track.fromDegrees == 135 && track.sweepDegrees == 270)
        #expect(fill.fromDegrees == 135)
        #expect(fill.sweepDegrees == 270 * value / 100)
        #expect(track.roundCaps && fill.roundCaps)
        #expect(track.center == Self.centre && fill.center == Self.centre && track.radius == 200 && fill.radius == 200)
        #expect(track.color != fill.color && track.color.a < fill.color.a)
    }

    @Test("after a drag along the arc the thumb is drawn at the model's thumb centre, thumbRadius wide")
    func thumbFollowsDrag() {
        var s = slider(value: 0)
        var path = TouchPath()
        path.down(s.thumbCenter)
        path.arc(center: Self.centre, radius: 200, from: 135, to: 300, seconds: 0.4)  // to 2 o'clock through 12
        path.up()
        _ = simulate(&s, path.events)
        #expect(s.value == ((300.0 - 135) / 270 * 100).rounded())
        let discs = ArcSliderDrawing.thumb(s, look: ArcSliderLook(for: s)).discs
        #expect(discs.count == 2)
        #expect(discs.allSatisfy { $0.center == s.thumbCenter })
        #expect(discs[0].radius == 16)  // the rim, under the thumb
        #expect(discs[1].radius < 16 && discs[1].radius > 8)
        #expect(discs[0].color != discs[1].color)
        #expect(abs(s.thumbCenter.distance(to: Degrees.point(at: 300, radius: 200, around: Self.centre))) < 4)
    }

    @Test("dragging on through the gap pins the fill at the end: it never jumps back to the start")
    func noJumpAcrossTheGap() {
        var s = slider(value: 90)
        let look = ArcSliderLook(for: s)
        var path = TouchPath()
        path.down(s.thumbCenter)
        path.arc(center: Self.centre, radius: 200, from: s.thumbDegrees, to: 150 + 360, seconds: 0.5)
        var sweeps: [Double] = []
        for event in path.events {
            _ = s.handle(event)
            sweeps.append(ArcSliderDrawing.track(s, look: look).arcs[1].sweepDegrees)
        }
        #expect(sweeps.last == 270)
        #expect(zip(sweeps, sweeps.dropFirst()).allSatisfy { $1 >= $0 })
    }

    @Test("the value is written in the middle with the unit, the caption under it")
    func valueText() {
        let s = slider(value: 80, range: 30...95, step: 5)
        let texts = ArcSliderDrawing.label(s, look: ArcSliderLook(for: s, unit: "°C", caption: "Wash")).texts
        #expect(texts.map(\.text) == ["80 °C", "Wash"])
        #expect(texts[0].center == Self.centre)
        #expect(texts[1].center.y > texts[0].center.y && abs(texts[1].center.x - Self.centre.x) < 1e-9)
        #expect(texts[1].points < texts[0].points)
        #expect(texts.allSatisfy { $0.maxWidth <= 2 * (200 - 16) && $0.degrees == 0 })
    }

    @Test("a fractional step gets its decimals; no caption, no caption text")
    func decimals() {
        let s = slider(value: 2.5, range: 0...10, step: 0.5)
        #expect(ArcSliderDrawing.label(s, look: ArcSliderLook(for: s, unit: "V")).texts.map(\.text) == ["2.5 V"])
    }

    @Test("a turned reader: texts turn with the look's up and the caption stays below for the reader")
    func turnedReader() {
        let s = slider(value: 80)
        var look = ArcSliderLook(for: s, caption: "Wash")
        look.value.upDegrees = 0  // the panel is mounted so that the reader's up is the window's right
        let texts = ArcSliderDrawing.label(s, look: look).texts
        #expect(texts.allSatisfy { $0.degrees == 90 })
        #expect(texts[1].center.x < Self.centre.x && abs(texts[1].center.y - Self.centre.y) < 1e-9)
    }

    @Test("all of it is track, thumb, then label, in that order")
    func order() {
        let s = slider(value: 40)
        let look = ArcSliderLook(for: s, unit: "%")
        #expect(ArcSliderDrawing.commands(s, look: look)
            == ArcSliderDrawing.track(s, look: look) + ArcSliderDrawing.thumb(s, look: look) + ArcSliderDrawing.label(s, look: look))
    }

    @Test("the list keeps its length from the minimum to the maximum (changed regions stay small)")
    func stableLength() {
        var s = slider(value: 0)
        let look = ArcSliderLook(for: s)
        let atMin = DrawList(ArcSliderDrawing.commands(s, look: look))
        _ = s.turn(.last)
        let atMax = DrawList(ArcSliderDrawing.commands(s, look: look))
        #expect(atMin.commands.count == atMax.commands.count)
        #expect(atMax.changedRegions(since: atMin) != nil)
    }

    @Test("tiny and huge sliders at extreme values give finite, well-formed commands",
          arguments: [1.0, 10_000], [0.0, 1, 10_000])
    func extremeSizes(radius: Double, thumbRadius: Double) {
        for value in [-1e300, 0, 1e300] {
            let s = ArcSlider(id: "x", center: Point(x: radius, y: radius), radius: radius, range: -1e300...1e300,
                              step: 0, value: value, thumbRadius: thumbRadius)
            let commands = ArcSliderDrawing.commands(s, look: ArcSliderLook(for: s, unit: "u", caption: "c"))
            #expect(commands.isWellFormed)
            #expect(commands.count == 6)
        }
    }
}
