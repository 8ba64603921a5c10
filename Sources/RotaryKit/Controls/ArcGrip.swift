/// The state of a finger holding an arc slider's thumb: where it took hold, and whether the
/// thumb is pinned at an end because the finger went past it into the gap.
struct ArcGrip: Equatable, Sendable {
    enum Pin: Equatable, Sendable { case start, end }

    /// Where the finger went down (knob mode measures from here).
    private(set) var downPoint = Point(x: 0, y: 0)
    /// The value when the finger went down.
    private(set) var downValue = 0.0
    private var offset = 0.0
    private var previous = 0.0
    private var pin: Pin?

    init() {}

    /// A finger took hold at track position `fingerTrack` while the thumb was at `thumbTrack`
    /// (degrees along the track); the difference is kept, so the thumb does not jump.
    init(down: Point, value: Double, fingerTrack: Double, thumbTrack: Double) {
        downPoint = down
        downValue = value
        offset = fingerTrack - thumbTrack
        previous = thumbTrack
    }

    /// The thumb's position along the track (degrees, 0…sweep) for the finger now at track
    /// position `fingerTrack`.
    mutating func follow(fingerTrack: Double, sweep: Double) -> Double {
        let now = fingerTrack - offset
        defer { previous = now }
        let inside = now >= 0 && now <= sweep
        switch pin {
        case nil:
            if inside { return now }
            pin = now > sweep ? .end : .start
        case .end:
            // Back onto the track only through the end, coming from the gap beside it.
            if inside && previous > sweep { pin = nil; return now }
        case .start:
            if inside && previous < 0 { pin = nil; return now }
        }
        return pin == .end ? sweep : 0
    }
}
