import Testing
@testable import RotaryKit

/// Many random finger paths, from fixed seeds so a failure reproduces: whatever a finger
/// does, a ring ends at rest exactly on an item, with consistent events.
@Suite("Random paths (seeded)")
struct PropertyTests {
    static let centre = Point(x: 400, y: 400)

    /// A random wandering drag: random radius, angular steps, sample gaps and an optional
    /// flick or rest at the end.
    func randomDrag(_ rng: inout SeededRandom) -> [PointerEvent] {
        var path = TouchPath()
        path.sampleRate = Double.random(in: 50...240, using: &rng)
        var degrees = Double.random(in: -180...180, using: &rng)
        let radius = Double.random(in: 100...380, using: &rng)
        path.down(Degrees.point(at: degrees, radius: radius, around: Self.centre))
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let turn = Double.random(in: -400...400, using: &rng)
            path.arc(center: Self.centre, radius: Double.random(in: 60...420, using: &rng), from: degrees,
                     to: degrees + turn, seconds: Double.random(in: 0.02...0.8, using: &rng))
            degrees += turn
        }
        if Bool.random(using: &rng) { path.rest(Double.random(in: 0...0.2, using: &rng)) }
        path.up()
        return path.events
    }

    @Test("rests exactly on an item, never NaN, in bounded time", arguments: [1, 2, 3, 42, 1234, 99_991])
    func restsOnItem(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<40 {
            let count = Int.random(in: 1...64, using: &rng)
            var ring = RingControl(id: "r", kind: .wheel, labels: (0..<count).map { "\($0)" }, center: Self.centre,
                                   innerRadius: 50, outerRadius: 400)
            let rate = [30.0, 60, 90, 144].randomElement(using: &rng)!
            let result = simulate(&ring, randomDrag(&rng), stepsPerSecond: rate)
            #expect(result.rested, "seed \(seed) count \(count)")
            #expect(ring.rotationDegrees.isFinite)
            #expect(offCentreDegrees(ring) < 0.01, "seed \(seed) count \(count)")
            // The last selection (if any) is where it rests; detents never repeat an index twice in a row.
            if let last = result.selections.last { #expect(last == ring.selectedIndex) }
            #expect(zip(result.detents, result.detents.dropFirst()).allSatisfy { $0 != $1 })
            if count > 1, let lastDetent = result.detents.last { #expect(lastDetent == ring.selectedIndex) }
        }
    }

    @Test("the same path gives the same events and rest at 30, 60 and 144 steps per second",
          arguments: [7, 8, 9, 10])
    func stepRateIndependence(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<20 {
            let count = Int.random(in: 2...40, using: &rng)
            let drag = randomDrag(&rng)
            var outcomes: [(Int, [Int])] = []
            for rate in [30.0, 60, 144] {
                var ring = RingControl(id: "r", kind: .dial, labels: (0..<count).map { "\($0)" }, center: Self.centre,
                                       innerRadius: 50, outerRadius: 400)
                let result = simulate(&ring, drag, stepsPerSecond: rate)
                outcomes.append((ring.selectedIndex, result.selections))
            }
            #expect(outcomes.allSatisfy { $0.0 == outcomes[0].0 && $0.1 == outcomes[0].1 }, "seed \(seed)")
        }
    }
}
