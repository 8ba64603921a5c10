@testable import RotaryKit

/// What a simulated run produced.
struct RunResult {
    var events: [ControlEvent]
    /// Virtual seconds from the first event to rest.
    var seconds: Double
    /// Whether it came to rest within the time limit.
    var rested: Bool

    var selections: [Int] {
        events.compactMap { if case .selected(_, let index, _, _) = $0 { index } else { nil } }
    }
    var detents: [Int] {
        events.compactMap { if case .detent(_, let index) = $0 { index } else { nil } }
    }
}

/// Anything that takes pointer events and time: a control or a whole panel.
protocol Driveable {
    mutating func handle(_ event: PointerEvent) -> [ControlEvent]
    mutating func advance(by dt: Double) -> [ControlEvent]
    var isAtRest: Bool { get }
}

extension RingControl: Driveable {}
extension StripControl: Driveable {}
extension ArcSlider: Driveable {}
extension CenterButton: Driveable {}
extension ControlPanel: Driveable {}

/// Plays timestamped pointer events into `target`, stepping it at `stepsPerSecond`: each
/// frame delivers the events due by its time, then advances by one frame. Runs until every
/// event was delivered and everything rests, or `limit` virtual seconds.
func simulate<D: Driveable>(_ target: inout D, _ input: [PointerEvent], stepsPerSecond: Double = 60,
                            limit: Double = 30) -> RunResult {
    var events: [ControlEvent] = []
    let dt = 1 / stepsPerSecond
    let ordered = input.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    let start = ordered.first?.time ?? 0
    var now = start
    var next = 0
    while now - start <= limit {
        while next < ordered.count, ordered[next].time <= now + 1e-9 {
            events += target.handle(ordered[next])
            next += 1
        }
        if next == ordered.count, target.isAtRest {
            return RunResult(events: events, seconds: now - start, rested: true)
        }
        events += target.advance(by: dt)
        now += dt
    }
    return RunResult(events: events, seconds: now - start, rested: false)
}

/// Advances a control until it rests (or `limit` seconds) and returns what it reported.
func settle<D: Driveable>(_ control: inout D, stepsPerSecond: Double = 60, limit: Double = 30) -> RunResult {
    simulate(&control, [], stepsPerSecond: stepsPerSecond, limit: limit)
}

/// How far a ring is from the nearest item centre, in degrees.
func offCentreDegrees(_ ring: RingControl) -> Double {
    let spacing = ring.spacingDegrees
    let r = ring.rotationDegrees / spacing
    return abs(r - r.rounded()) * spacing
}
