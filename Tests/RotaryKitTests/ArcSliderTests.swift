import Testing
@testable import RotaryKit

@Suite("Arc slider and knob")
struct ArcSliderTests {
    static let centre = Point(x: 300, y: 300)

    /// A 270° arc from 135° (7:30) clockwise to 45° (4:30), the gap at the bottom.
    func slider(value: Double = 50) -> ArcSlider {
        ArcSlider(id: "arc", center: Self.centre, radius: 200, startDegrees: 135, endDegrees: 45,
                  range: 0...100, step: 1, value: value, thumbRadius: 16, grabRadius: 40)
    }

    func drag(_ arc: inout ArcSlider, through degrees: [Double], radius: Double = 200) -> RunResult {
        var path = TouchPath()
        path.down(Degrees.point(at: arc.thumbDegrees, radius: radius, around: Self.centre))
        for d in degrees {
            let prior = Degrees.angle(of: path.last, around: Self.centre)
            path.arc(center: Self.centre, radius: radius, from: prior, to: prior + Degrees.delta(from: prior, to: d),
                     seconds: 0.05)
        }
        path.up()
        return simulate(&arc, path.events)
    }

    @Test("a range wider than a Double can span keeps finite values, thumb and steps")
    func hugeRange() {
        var arc = ArcSlider(id: "arc", center: Self.centre, radius: 200, range: -1e308...1e308, step: 0, value: 5)
        #expect(arc.value.isFinite && arc.thumbCenter.isFinite)
        _ = arc.turn(.steps(3))
        _ = arc.turn(.last)
        #expect(arc.value == 1e308 && arc.thumbCenter.isFinite)
        _ = drag(&arc, through: [180, 270])
        #expect(arc.value.isFinite && arc.thumbCenter.isFinite && arc.fraction.isFinite)
    }

    @Test("the thumb follows the finger along the arc")
    func follows() {
        var arc = slider(value: 0)
        let result = drag(&arc, through: [180, 270, 0])  // 9, 12, 3 o'clock
        #expect(arc.value == Double(((360 - 135) / 270.0 * 100).rounded()))
        #expect(result.events.contains(.selected(id: "arc", index: Int(arc.value), label: "\(arc.value)", value: arc.value)))
    }

    @Test("only a touch near the thumb grabs it; the grab zone is larger than the thumb")
    func grabZone() {
        let arc = slider(value: 50)
        let thumb = arc.thumbCenter
        #expect(arc.hitTest(Point(x: thumb.x + 30, y: thumb.y)))  // outside the 16 px thumb, inside 40 px
        #expect(!arc.hitTest(Point(x: thumb.x + 45, y: thumb.y)))
        #expect(!arc.hitTest(Degrees.point(at: 180, radius: 200, around: Self.centre)))
    }

    @Test("past the end the value clamps at the maximum and does not jump across the gap")
    func clampAtEnd() {
        var arc = slider(value: 90)
        var seen: [Double] = []
        var path = TouchPath()
        path.down(arc.thumbCenter)
        path.arc(center: Self.centre, radius: 200, from: arc.thumbDegrees, to: 150 + 360, seconds: 0.5)  // clockwise past 45°, through the gap, to 150°
        for event in path.events {
            _ = arc.handle(event)
            seen.append(arc.value)
        }
        #expect(arc.value == 100)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $1 >= $0 })  // never fell back to the minimum
        // Coming back through the end releases it again.
        var back = TouchPath(startTime: path.time)
        back.arc(center: Self.centre, radius: 200, from: 150 + 360, to: 20 + 360, seconds: 0.5)  // back through the end to 20°
        for event in back.events { _ = arc.handle(event) }
        let expected: Double = (245.0 / 270 * 100).rounded()  // 20° is 245° along the track
        #expect(arc.value == expected)
    }

    @Test("past the start the value clamps at the minimum, and entering through the far end does not unpin it")
    func clampAtStart() {
        var arc = slider(value: 10)
        var path = TouchPath()
        path.down(arc.thumbCenter)
        path.arc(center: Self.centre, radius: 200, from: arc.thumbDegrees, to: 30, seconds: 0.5)  // anticlockwise through the gap
        var seen: [Double] = []
        for event in path.events {
            _ = arc.handle(event)
            seen.append(arc.value)
        }
        #expect(arc.value == 0)
        #expect(seen.allSatisfy { $0 <= 10 })
    }

    @Test("keys and encoder steps move by one step and clamp; Home and End jump")
    func keys() {
        var arc = slider(value: 99)
        _ = arc.turn(.steps(1))
        #expect(arc.value == 100)
        _ = arc.turn(.steps(5))
        #expect(arc.value == 100)
        _ = arc.turn(.first)
        #expect(arc.value == 0)
        let events = arc.turn(.steps(-1))
        #expect(arc.value == 0)
        #expect(events.isEmpty)
    }

    @Test("knob mode: vertical drag distance times sensitivity changes the value, clamped",
          arguments: [(-50.0, 75.0), (50, 25), (-400, 100), (400, 0)])
    func knob(dy: Double, expected: Double) {
        var knob = ArcSlider(id: "knob", center: Self.centre, radius: 60, range: 0...100, step: 1, value: 50,
                             mode: .knob(axis: .vertical, valuePerPixel: 0.5))
        var path = TouchPath()
        path.down(Point(x: 300, y: 300))
        path.line(to: Point(x: 330, y: 300 + dy), seconds: 0.2)  // the sideways part does not count
        path.up()
        _ = simulate(&knob, path.events)
        #expect(knob.value == expected)
    }

    @Test("knob mode, horizontal: right increases")
    func knobHorizontal() {
        var knob = ArcSlider(id: "knob", center: Self.centre, radius: 60, range: 0...10, step: 0.5, value: 0,
                             mode: .knob(axis: .horizontal, valuePerPixel: 0.1))
        var path = TouchPath()
        path.down(Point(x: 300, y: 300))
        path.line(to: Point(x: 340, y: 250), seconds: 0.2)
        path.up()
        _ = simulate(&knob, path.events)
        #expect(knob.value == 4)
    }
}
