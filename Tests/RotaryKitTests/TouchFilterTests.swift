import Testing
@testable import RotaryKit

/// Touch paths through the filter: what a person's fingers do passes (late by at most the
/// shortest contact), what a controller makes up does not.
@Suite("Touch filter: touches nobody made are dropped")
struct TouchFilterTests {
    static let spot = Point(x: 1140, y: 46)

    /// Feeds `events` one by one, advancing by each gap between them in `frame`-second
    /// steps as a render loop would, and returns everything passed on.
    static func run(_ filter: inout TouchFilter, _ events: [PointerEvent], frame: Double = 1.0 / 60) -> [PointerEvent] {
        var passed: [PointerEvent] = [], now = events.first?.time ?? 0
        for event in events {
            while now + frame <= event.time {
                now += frame
                passed += filter.advance(by: frame)
            }
            passed += filter.letThrough(event)
        }
        for _ in 0..<10 { passed += filter.advance(by: frame) }
        return passed
    }

    static func tap(at p: Point, time: Double, hold: Double, finger: Int = 0) -> [PointerEvent] {
        [PointerEvent(.down, finger: finger, at: p, time: time), PointerEvent(.up, finger: finger, at: p, time: time + hold)]
    }

    @Test("a zero-length contact, as a phantom sends it, is dropped; a 40 ms tap passes whole, in order")
    func shortContacts() {
        var filter = TouchFilter()
        let phantom = Self.tap(at: Self.spot, time: 1, hold: 0)
        let person = Self.tap(at: Point(x: 400, y: 240), time: 2, hold: 0.04)
        #expect(Self.run(&filter, phantom + person) == person)
        #expect(filter.dropped == TouchFilter.Counts(short: 1, repeating: 0))
    }

    @Test("a finger lying still is passed after 35 ms with no up yet, and its moves follow; an up read a frame late still drops a 1 ms contact")
    func heldDownReleasedByTime() {
        var filter = TouchFilter(.init(minContactSeconds: 0.005))
        let down = PointerEvent(.down, at: Self.spot, time: 0)
        #expect(filter.letThrough(down).isEmpty)
        #expect(filter.secondsUntilRelease == 0.035)
        #expect(filter.advance(by: 1.0 / 60).isEmpty && filter.advance(by: 1.0 / 60).isEmpty)
        #expect(filter.advance(by: 1.0 / 60) == [down])
        #expect(filter.secondsUntilRelease == nil)
        let move = PointerEvent(.moved, at: Point(x: 1150, y: 60), time: 0.02)
        #expect(filter.letThrough(move) == [move])
    }

    @Test("a move soon after the down waits with it and comes after it; a later event brings both at once")
    func earlyMoveWaits() {
        var filter = TouchFilter(.init(minContactSeconds: 0.01))
        let down = PointerEvent(.down, at: Self.spot, time: 0)
        let early = PointerEvent(.moved, at: Point(x: 1141, y: 46), time: 0.004)
        let later = PointerEvent(.moved, at: Point(x: 1150, y: 46), time: 0.012)
        #expect(filter.letThrough(down).isEmpty && filter.letThrough(early).isEmpty)
        #expect(filter.letThrough(later) == [down, later])
    }

    @Test("the Touch Display 2's train, one point every 12.864 s with 20 ms contacts, passes twice and then never; a person's tap between passes")
    func periodicTrain() {
        var filter = TouchFilter()
        var train: [PointerEvent] = []
        for n in 0..<10 { train += Self.tap(at: Self.spot, time: 5 + 12.864 * Double(n), hold: 0.02) }
        let person = Self.tap(at: Point(x: 400, y: 240), time: 50, hold: 0.08)
        let events = (train + person).sorted { $0.time < $1.time }
        let passed = Self.run(&filter, events)
        #expect(passed == Array(train.prefix(4)) + person)
        #expect(filter.dropped == TouchFilter.Counts(short: 0, repeating: 8))
    }

    @Test("a clock tap lands while a person's finger is down: it passes, as the person's second finger might")
    func repeatWithAnotherFingerDown() {
        var filter = TouchFilter()
        var events: [PointerEvent] = []
        for n in 0..<3 { events += Self.tap(at: Self.spot, time: 12.864 * Double(n), hold: 0.02, finger: 1) }
        events.insert(PointerEvent(.down, finger: 2, at: Point(x: 400, y: 240), time: 25.0), at: 4)
        events.append(PointerEvent(.up, finger: 2, at: Point(x: 400, y: 240), time: 26.0))
        #expect(Self.run(&filter, events).count == events.count)
        #expect(filter.dropped.total == 0)
    }

    @Test("a person tapping one spot in rhythm, every 0.6 s, or on an unsteady 3 s beat, is never taken for a clock")
    func peopleInRhythm() {
        for (period, jitter) in [(0.6, 0.0), (3.0, 0.05)] {
            var filter = TouchFilter()
            var taps: [PointerEvent] = []
            for n in 0..<8 { taps += Self.tap(at: Self.spot, time: period * Double(n) + (n % 2 == 0 ? 0 : jitter), hold: 0.08) }
            #expect(Self.run(&filter, taps) == taps, "every \(period) s")
        }
    }

    @Test("the mouse always passes, however short its click; off lets every touch through at once")
    func mouseAndOff() {
        var filter = TouchFilter()
        let click = Self.tap(at: Self.spot, time: 0, hold: 0, finger: PointerEvent.mouseFinger)
        #expect(click.flatMap { filter.letThrough($0) } == click)
        var off = TouchFilter(.off)
        let phantom = Self.tap(at: Self.spot, time: 0, hold: 0)
        #expect(phantom.flatMap { off.letThrough($0) } == phantom)
    }

    @Test("a finger the filter never saw go down is not passed on; a cancelled held contact goes without a count")
    func strayAndCancelled() {
        var filter = TouchFilter()
        #expect(filter.letThrough(PointerEvent(.moved, finger: 4, at: Self.spot, time: 0)).isEmpty)
        #expect(filter.letThrough(PointerEvent(.up, finger: 4, at: Self.spot, time: 0)).isEmpty)
        #expect(filter.letThrough(PointerEvent(.down, finger: 5, at: Self.spot, time: 1)).isEmpty)
        #expect(filter.letThrough(PointerEvent(.cancelled, finger: 5, at: Self.spot, time: 1.001)).isEmpty)
        #expect(filter.dropped.total == 0 && filter.secondsUntilRelease == nil)
    }

    @Test("a finger id that goes down again is a new contact: after a phantom whose up was lost, the next tap on that slot passes")
    func reusedFinger() {
        var filter = TouchFilter()
        // A zero-length phantom on slot 0 whose up never came, then held long enough to pass.
        #expect(filter.letThrough(PointerEvent(.down, at: Self.spot, time: 0)).isEmpty)
        let tap = Self.tap(at: Point(x: 400, y: 240), time: 5, hold: 0.08)
        #expect(Self.run(&filter, tap).suffix(2) == ArraySlice(tap))
    }

    @Test("a 1 ms contact whose up is read after one or two frames have passed is still dropped")
    func upAfterFrameBoundary() {
        for frames in [1, 2] {
            var filter = TouchFilter()
            #expect(filter.letThrough(PointerEvent(.down, at: Self.spot, time: 0.016)).isEmpty)
            for _ in 0..<frames { #expect(filter.advance(by: 1.0 / 60).isEmpty) }
            #expect(filter.letThrough(PointerEvent(.up, at: Self.spot, time: 0.017)).isEmpty, "after \(frames) frames")
            #expect(filter.dropped.short == 1)
        }
    }
}
