import Testing
@testable import RotaryKit

@Suite("Wheel and dial: drag, fling, snap, tap")
struct RingControlTests {
    static let centre = Point(x: 540, y: 540)

    func wheel(count: Int = 8, selected: Int = 0) -> RingControl {
        RingControl(id: "wheel", kind: .wheel, labels: (0..<count).map { "P\($0)" }, center: Self.centre,
                    innerRadius: 90, outerRadius: 500, selected: selected)
    }

    /// A slow drag of `items` whole items (positive: clockwise), resting before lifting.
    func slowDrag(items: Int, count: Int, startDegrees: Double = -90) -> [PointerEvent] {
        let sweep = Double(items) * 360 / Double(count)
        return TouchPath.drag(center: Self.centre, radius: 300, from: startDegrees, to: startDegrees + sweep,
                              seconds: max(0.4, abs(sweep) / 90), restBeforeUp: 0.1)
    }

    @Test("slow drags of k items forwards and backwards rest k items away",
          arguments: [(8, 1), (8, 3), (8, -2), (7, 2), (7, -3), (12, 5), (12, -11), (3, 1), (64, 10)])
    func slowDrags(count: Int, items: Int) {
        var ring = wheel(count: count)
        let result = simulate(&ring, slowDrag(items: items, count: count))
        let expected = ((items % count) + count) % count
        #expect(result.rested)
        #expect(ring.selectedIndex == expected)
        #expect(offCentreDegrees(ring) < 0.01)
        #expect(result.selections == (expected == 0 ? [] : [expected]))
        #expect(result.detents.count == abs(items))
    }

    @Test("a drag across 9 o'clock turns smoothly both ways, never by a whole turn",
          arguments: [(150.0, 240.0), (240.0, 150.0), (170.0, 190.0)])
    func acrossNineOClock(from: Double, to: Double) {
        var ring = wheel()
        var path = TouchPath()
        path.down(Degrees.point(at: from, radius: 300, around: Self.centre))
        var rotations: [Double] = []
        for event in path.events { _ = ring.handle(event) }
        path.arc(center: Self.centre, radius: 300, from: from, to: to, seconds: 0.5)
        for event in path.events.dropFirst() {
            _ = ring.handle(event)
            rotations.append(ring.rotationDegrees)
        }
        let jumps = zip(rotations, rotations.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.allSatisfy { $0 < 5 })
        #expect(abs(ring.rotationDegrees - (to - from)) < 1e-6)
    }

    @Test("flings of many speeds rest exactly on an item, in bounded time, for 1…64 items",
          arguments: [1, 2, 3, 4, 5, 7, 8, 12, 13, 24, 31, 32, 63, 64])
    func flings(count: Int) {
        for speed in stride(from: -2800.0, through: 2800, by: 350) {
            var ring = wheel(count: count)
            let seconds = 0.08
            let events = TouchPath.drag(center: Self.centre, radius: 350, from: -90, to: -90 + speed * seconds,
                                        seconds: seconds)
            let result = simulate(&ring, events)
            #expect(result.rested, "count \(count) speed \(speed)")
            #expect(result.seconds < 5, "count \(count) speed \(speed)")
            #expect(ring.rotationDegrees.isFinite)
            #expect(offCentreDegrees(ring) < 0.01, "count \(count) speed \(speed)")
            #expect(ring.selectedIndex == Degrees.sectorIndex(of: -90, count: count,
                                                              firstCenterDegrees: ring.itemCenterDegrees(0)))
        }
    }

    @Test("a fling travels on past the finger in its direction, and faster flings travel further")
    func flingCoasts() {
        var distances: [Double] = []
        for speed in [300.0, 900, 1800] {
            var ring = wheel(count: 24)
            let events = TouchPath.drag(center: Self.centre, radius: 350, from: -90, to: -90 + speed * 0.1, seconds: 0.1)
            _ = simulate(&ring, events)
            distances.append(ring.rotationDegrees - speed * 0.1)
        }
        #expect(distances[0] > 0)
        #expect(distances[0] < distances[1] && distances[1] < distances[2])
    }

    @Test("the same fling rests on the same item at 30, 60 and 144 steps per second")
    func frameRateIndependence() {
        for speed in [-2200.0, -700, 400, 1300, 2600] {
            var finals: [Int] = []
            for rate in [30.0, 60, 144] {
                var ring = wheel(count: 13)
                let events = TouchPath.drag(center: Self.centre, radius: 350, from: 10, to: 10 + speed * 0.07, seconds: 0.07)
                _ = simulate(&ring, events, stepsPerSecond: rate)
                #expect(offCentreDegrees(ring) < 0.01)
                finals.append(ring.selectedIndex)
            }
            #expect(Set(finals).count == 1, "speed \(speed): \(finals)")
        }
    }

    @Test("a slow release snaps to the nearest item in about a quarter second")
    func slowReleaseSnap() {
        var ring = wheel()
        var path = TouchPath()
        path.down(Degrees.point(at: -90, radius: 300, around: Self.centre))
        path.arc(center: Self.centre, radius: 300, from: -90, to: -90 + 20, seconds: 0.5)  // 20°: nearer item 0
        path.rest(0.1)
        path.up()
        let result = simulate(&ring, path.events)
        let snapSeconds = result.seconds - (path.time - path.events[0].time)
        #expect(ring.selectedIndex == 0)
        #expect(snapSeconds >= 0.15 && snapSeconds <= 0.35)
    }

    @Test("a tap on a segment turns it under the marker; a small drag is not a tap")
    func tapVersusSmallDrag() {
        var tapped = wheel()
        let target = tapped.itemCenterDegrees(3)
        var tap = TouchPath()
        tap.down(Degrees.point(at: target, radius: 300, around: Self.centre))
        tap.line(to: Degrees.point(at: target + 1, radius: 300, around: Self.centre), seconds: 0.08)  // 5 px: in slop
        tap.up()
        let result = simulate(&tapped, tap.events)
        #expect(tapped.selectedIndex == 3)
        #expect(result.selections == [3])

        var dragged = wheel()
        var drag = TouchPath()
        drag.down(Degrees.point(at: target, radius: 300, around: Self.centre))
        drag.line(to: Degrees.point(at: target + 5, radius: 300, around: Self.centre), seconds: 0.08)  // 26 px
        drag.rest(0.1)
        drag.up()
        _ = simulate(&dragged, drag.events)
        #expect(dragged.selectedIndex == 0)
    }

    @Test("a long still press on a segment is not a tap")
    func longPressIsNoTap() {
        var ring = wheel()
        var path = TouchPath()
        path.down(Degrees.point(at: ring.itemCenterDegrees(2), radius: 300, around: Self.centre))
        path.rest(0.8)
        path.up()
        _ = simulate(&ring, path.events)
        #expect(ring.selectedIndex == 0)
    }

    @Test("a touch that catches a spinning wheel stops it and is not a tap")
    func catchIsNoTap() {
        var ring = wheel(count: 12)
        var events = TouchPath.drag(center: Self.centre, radius: 350, from: -90, to: 0, seconds: 0.06)
        let t = events.last!.time + 0.15
        let catchAt = Degrees.point(at: 150, radius: 300, around: Self.centre)
        events += [PointerEvent(.down, finger: 1, at: catchAt, time: t),
                   PointerEvent(.up, finger: 1, at: catchAt, time: t + 0.05)]
        _ = simulate(&ring, events)
        #expect(offCentreDegrees(ring) < 0.01)
        // Without the catch the fling would have run on much further.
        var free = wheel(count: 12)
        _ = simulate(&free, TouchPath.drag(center: Self.centre, radius: 350, from: -90, to: 0, seconds: 0.06))
        #expect(ring.rotationDegrees < free.rotationDegrees - 60)
    }

    @Test("touches in the hub or outside the rim do not turn the wheel",
          arguments: [40.0, 89.0, 501.0, 700.0])
    func deadZones(radius: Double) {
        var ring = wheel()
        #expect(!ring.hitTest(Degrees.point(at: -90, radius: radius, around: Self.centre)))
        var panel = ControlPanel()
        panel.add(ring)
        let events = TouchPath.drag(center: Self.centre, radius: radius, from: -90, to: 90, seconds: 0.5)
        let result = simulate(&panel, events)
        ring = panel.rings[0]
        #expect(result.events.isEmpty)
        #expect(ring.rotationDegrees == 0)
    }

    @Test("a finger that passes close to the centre mid-drag causes no wild turn")
    func throughTheCentre() {
        var ring = wheel()
        var path = TouchPath()
        path.down(Point(x: 540, y: 240))
        path.line(to: Point(x: 540, y: 541), seconds: 0.3)
        for event in path.events { _ = ring.handle(event) }
        #expect(abs(ring.rotationDegrees) < 1)
    }

    @Test("the dial turns without limit: three and a half turns land on the opposite value")
    func unlimitedTurns() {
        var dial = RingControl(id: "dial", kind: .dial, labels: (0..<12).map { "\($0 * 5)" }, center: Self.centre,
                               innerRadius: 420, outerRadius: 530)
        let events = TouchPath.drag(center: Self.centre, radius: 480, from: -90, to: -90 + 3.5 * 360, seconds: 5,
                                    restBeforeUp: 0.1)
        let result = simulate(&dial, events)
        #expect(dial.selectedIndex == 6)
        #expect(result.detents.count == 42)
        #expect(result.selections == [6])
        #expect(abs(dial.rotationDegrees - 1260) < 1e-9)
    }
}
