import Testing
@testable import RotaryKit

@Suite("Snap axis: steps, detents, selection")
struct SnapAxisTests {
    func axis(count: Int = 8, index: Int = 0) -> SnapAxis<CyclicLayout> {
        SnapAxis(layout: CyclicLayout(count: count), tuning: .angular, index: index)
    }

    /// An axis a finger moved 30 units and let go at 900 units/s.
    func flung() -> SnapAxis<CyclicLayout> {
        var a = axis()
        a.grab()
        _ = a.move(to: 30)
        _ = a.release(velocity: 900)
        return a
    }

    func run(_ axis: inout SnapAxis<CyclicLayout>, seconds: Double = 5, dt: Double = 1 / 60) -> [AxisEvent] {
        var events: [AxisEvent] = []
        var t = 0.0
        while t < seconds, !axis.isAtRest {
            events += axis.advance(by: dt)
            t += dt
        }
        return events
    }

    @Test("one step turns exactly one item, animated, with one detent and a selection")
    func oneStep() {
        var a = axis()
        _ = a.step(by: 1)
        #expect(a.phase == .settling)
        let events = run(&a)
        #expect(events == [.detent(index: 1), .selected(index: 1)])
        #expect(a.position == 45)
    }

    @Test("five quick steps land five items away, none lost")
    func fiveQuickSteps() {
        var a = axis()
        var events: [AxisEvent] = []
        for _ in 0..<5 {
            events += a.step(by: 1)
            events += a.advance(by: 1 / 60)  // one frame between presses
        }
        events += run(&a)
        #expect(a.currentIndex == 5)
        #expect(a.position == 5 * 45)
        #expect(events.filter { if case .detent = $0 { true } else { false } }.count == 5)
        #expect(events.last == .selected(index: 5))
    }

    @Test("finishing a fling at once lands where the fling lands in time, with the same detents and selection",
          arguments: [0.0, 0.05, 0.3])
    func finishSettling(after seconds: Double) {
        var timed = flung()
        var hurried = timed
        var early = run(&timed, seconds: seconds)
        var shortened = run(&hurried, seconds: seconds)
        #expect(early == shortened)
        early += run(&timed, seconds: 30)
        shortened += hurried.finishSettling()
        #expect(hurried.isAtRest && hurried.position == timed.position)
        #expect(shortened.last == early.last && shortened.last == .selected(index: timed.currentIndex))
        #expect(shortened.filter { if case .detent = $0 { true } else { false } }.count
                == early.filter { if case .detent = $0 { true } else { false } }.count)
    }

    @Test("finishing leaves an axis at rest or held as it is")
    func finishNothing() {
        var resting = axis(index: 3)
        #expect(resting.finishSettling().isEmpty && resting.currentIndex == 3)
        var held = axis()
        held.grab()
        _ = held.move(to: 20)
        #expect(held.finishSettling().isEmpty && held.phase == .held)
    }

    @Test("a fling stopped mid-coast rests at once on the item under the marker, exactly, and moves no more",
          arguments: [0.05, 0.2, 0.5])
    func stopThrown(after seconds: Double) {
        var a = flung()
        _ = run(&a, seconds: seconds)
        #expect(a.isThrown, "still coasting after \(seconds) s")
        let under = a.currentIndex
        let stopped = a.stopThrown()
        #expect(a.isAtRest && !a.isThrown)
        #expect(a.currentIndex == under && a.position == Double(under) * 45)
        #expect(stopped == (under == 0 ? [] : [.selected(index: under)]))
        #expect(a.advance(by: 1).isEmpty && a.position == Double(under) * 45)
    }

    @Test("stopping leaves a stepped axis heading for its item, and one at rest or held as it is")
    func stopNothing() {
        var stepped = axis()
        _ = stepped.step(by: 3)
        _ = stepped.advance(by: 0.05)
        #expect(!stepped.isThrown && stepped.stopThrown().isEmpty && stepped.targetCoordinate == 3)
        var steppedInFlight = flung()
        _ = steppedInFlight.advance(by: 0.05)
        _ = steppedInFlight.step(by: 1)
        #expect(!steppedInFlight.isThrown, "a step names the item the axis lands on")
        var resting = axis(index: 2)
        #expect(resting.stopThrown().isEmpty && resting.currentIndex == 2 && resting.isAtRest)
        var held = axis()
        held.grab()
        _ = held.move(to: 20)
        #expect(held.stopThrown().isEmpty && held.phase == .held)
    }

    @Test("steps while a finger holds the control wait for the release")
    func stepsWhileHeld() {
        var a = axis()
        a.grab()
        _ = a.step(by: 2)
        _ = a.release(velocity: 0)
        _ = run(&a)
        #expect(a.currentIndex == 2)
    }

    @Test("going to an item takes the short way round a cyclic layout")
    func shortWayRound() {
        var a = axis(index: 1)
        _ = a.go(toIndex: 7)
        _ = run(&a)
        #expect(a.currentIndex == 7)
        #expect(a.position == -45)  // from +45° back two items, not forwards six
    }

    @Test("a control held on a boundary between two items does not chatter")
    func noChatterOnBoundary() {
        var a = axis()
        a.grab()
        var events: [AxisEvent] = []
        for wobble in [22.0, 23.0, 22.4, 22.6, 21.0, 24.0, 22.5] { events += a.move(to: wobble) }
        #expect(events.isEmpty)
        events += a.move(to: 45)  // the next centre reaches the marker: one detent
        #expect(events == [.detent(index: 1)])
    }

    @Test("coming to rest on the item it last rested on is not a new selection")
    func noRepeatedSelection() {
        var a = axis()
        a.grab()
        _ = a.move(to: 50)
        _ = a.move(to: 5)
        _ = a.release(velocity: 0)
        let events = run(&a)
        #expect(!events.contains { if case .selected = $0 { true } else { false } })
        #expect(a.position == 0)
    }

    @Test("a release at an absurd speed is capped and still rests on an item")
    func absurdSpeed() {
        var a = axis(count: 12)
        a.grab()
        _ = a.release(velocity: 1e12)
        _ = run(&a, seconds: 20)
        #expect(a.isAtRest)
        #expect(a.position / 30 == (a.position / 30).rounded())
        #expect(a.position <= 3000 / MotionTuning.angular.friction + 30)
    }
}

extension SnapAxisTests {
    @Test("queued steps arrive briskly: four quick steps are all there within half a second")
    func queuedStepsAreBrisk() {
        var a = axis()
        for _ in 0..<4 {
            _ = a.step(by: 1)
            _ = a.advance(by: 0.05)
        }
        var t = 0.2
        while !a.isAtRest, t < 10 {
            _ = a.advance(by: 1 / 60)
            t += 1 / 60
        }
        #expect(a.currentIndex == 4)
        #expect(t < 0.6)
    }
}
