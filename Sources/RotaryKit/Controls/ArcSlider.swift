/// A value picked along an arc by dragging its thumb, or, in knob mode, by dragging up/down
/// or sideways anywhere on the knob.
///
/// Arc mode: only a touch within `grabRadius` of the thumb takes it (a target larger than the
/// thumb). The thumb follows the finger's angle; past either end it stays pinned at that end
/// and it is released again only when the finger comes back onto the track *through that
/// end*, so the value never jumps across the gap. Values snap to multiples of `step`.
public struct ArcSlider: ControlModel, Equatable {
    /// How a drag changes the value.
    public enum Mode: Equatable, Sendable {
        /// The thumb follows the finger around the arc.
        case arc
        /// Drag distance times `valuePerPixel` changes the value: upwards and to the right
        /// increase it; `axis` picks which motion counts.
        case knob(axis: KnobAxis, valuePerPixel: Double)
    }

    /// Which drag direction a knob listens to.
    public enum KnobAxis: Equatable, Sendable {
        /// Only up and down count: each pixel upwards adds `valuePerPixel`.
        case vertical
        /// Only sideways counts: each pixel to the right adds `valuePerPixel`.
        case horizontal
        /// Both count, added together: up and right add, down and left take away, so equal
        /// moves up and to the left cancel out.
        case both
    }

    /// Names the slider in its events and in ``ControlPanel/ref(of:)``; unique within a panel.
    public let id: String
    /// Centre of the arc in window pixels.
    public var center: Point
    /// Radius of the track in pixels.
    public var radius: Double
    /// Where the track lies.
    public let track: ArcGeometry
    /// The value range.
    public let range: ClosedRange<Double>
    /// Values are multiples of this from `range.lowerBound` (one key or encoder step).
    public let step: Double
    /// Radius of the drawn thumb in pixels.
    public var thumbRadius: Double
    /// How far from the thumb's centre a touch still takes it, in pixels (≥ thumbRadius).
    public var grabRadius: Double
    /// Arc or knob.
    public let mode: Mode
    /// The current value, always in `range` and on a step.
    public private(set) var value: Double
    private var lastSelectedValue: Double
    private var finger: Int?
    private var grip = ArcGrip()

    /// A slider at `value` (clamped and snapped to a step). `step` ≤ 0 means 1/100 of the range.
    /// `center` is in window pixels, the radii in pixels, the angles in screen degrees;
    /// `grabRadius` defaults to twice `thumbRadius`.
    public init(id: String, center: Point, radius: Double, startDegrees: Double = 135, endDegrees: Double = 45,
                range: ClosedRange<Double> = 0...100, step: Double = 1, value: Double = 0,
                thumbRadius: Double = 16, grabRadius: Double? = nil, mode: Mode = .arc) {
        self.id = id
        self.center = center
        self.radius = radius
        track = ArcGeometry(startDegrees: startDegrees, endDegrees: endDegrees)
        self.range = range
        let halfSpan = Self.halfSpan(of: range)
        self.step = step > 0 && step.isFinite ? step : (halfSpan > 0 ? halfSpan / 50 : 1)
        self.thumbRadius = thumbRadius
        self.grabRadius = max(grabRadius ?? thumbRadius * 2, thumbRadius)
        self.mode = mode
        self.value = Self.snap(value, range: range, step: self.step) ?? range.lowerBound
        lastSelectedValue = self.value
    }

    // MARK: - State for drawing and reports

    /// Where the value lies in the range, 0…1.
    public var fraction: Double {
        let span = Self.halfSpan(of: range)
        return span > 0 ? min(max((value / 2 - range.lowerBound / 2) / span, 0), 1) : 0
    }
    /// Screen angle of the thumb's centre, degrees (0° right, clockwise positive).
    public var thumbDegrees: Double { track.degrees(atFraction: fraction) }
    /// The thumb's centre in window pixels.
    public var thumbCenter: Point { Degrees.point(at: thumbDegrees, radius: radius, around: center) }
    /// Which step the value is on (0 at the minimum).
    public var stepIndex: Int { Int(saturating: ((value / 2 - range.lowerBound / 2) / (step / 2)).rounded()) }

    // MARK: - ControlModel

    /// In arc mode, whether `point` lies within ``grabRadius`` pixels of the thumb's centre (the
    /// rest of the track does not take a touch); in knob mode, whether it lies within
    /// `radius + thumbRadius` pixels of the centre, so the whole knob can be grabbed.
    public func hitTest(_ point: Point) -> Bool {
        switch mode {
        case .arc: point.distance(to: thumbCenter) <= grabRadius
        case .knob: point.distance(to: center) <= radius + thumbRadius
        }
    }

    /// One finger at a time holds the slider; the others are ignored until it lifts. A move
    /// sets the value: in arc mode from the finger's angle (pinned at an end while the finger
    /// is in the gap), in knob mode from the distance dragged since `down` times
    /// `valuePerPixel`. Each change of value reports ``ControlEvent/value(id:value:)`` and
    /// ``ControlEvent/detent(id:index:)``; the lift (or a cancel) reports
    /// ``ControlEvent/selected(id:index:label:value:)`` when the value differs from the one
    /// last selected.
    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        switch event.phase {
        case .down:
            guard finger == nil else { return [] }
            finger = event.finger
            grip = ArcGrip(down: event.position, value: value, fingerTrack: fingerTrack(event.position),
                           thumbTrack: track.sweepDegrees * fraction)
            return []
        case .moved:
            guard finger == event.finger else { return [] }
            return set(target(for: event.position))
        case .up, .cancelled:
            guard finger == event.finger else { return [] }
            var events = set(target(for: event.position))
            finger = nil
            events += selectIfChanged()
            return events
        }
    }

    /// `steps(n)` moves the value by `n` steps, `first` and `last` go to the ends of the
    /// range, `item(n)` to the `n`-th step above the minimum. There is no animation: a
    /// change reports `value`, `detent` and `selected` at once. `activate` does nothing, and
    /// neither does any command while a finger holds the slider.
    public mutating func turn(_ command: TurnCommand) -> [ControlEvent] {
        guard finger == nil else { return [] }
        let events: [ControlEvent]
        switch command {
        case .steps(let n): events = set(value + Double(n) * step)
        case .first: events = set(range.lowerBound)
        case .last: events = set(range.upperBound)
        case .item(let n): events = set(range.lowerBound + Double(n) * step)
        case .activate: return []
        }
        return events + selectIfChanged()
    }

    /// Nothing on a slider moves by itself: returns no events whatever `dt` (seconds) is.
    public mutating func advance(by dt: Double) -> [ControlEvent] { [] }
    /// Whether no finger holds the slider.
    public var isAtRest: Bool { finger == nil }
    /// A slider never moves by itself: only a finger or a key changes it.
    public var secondsUntilChange: Double? { nil }

    // MARK: - Internals

    private func fingerTrack(_ point: Point) -> Double {
        track.trackDegrees(of: Degrees.angle(of: point, around: center))
    }

    /// The value the finger at `point` asks for.
    private mutating func target(for point: Point) -> Double {
        switch mode {
        case .arc:
            let along = grip.follow(fingerTrack: fingerTrack(point), sweep: track.sweepDegrees)
            return value(atFraction: along / track.sweepDegrees)
        case .knob(let axis, let perPixel):
            let dx = point.x - grip.downPoint.x, dy = grip.downPoint.y - point.y
            let distance = axis == .vertical ? dy : axis == .horizontal ? dx : dx + dy
            return grip.downValue + distance * perPixel
        }
    }

    /// `v` clamped to `range` and snapped to a multiple of `step` from its start; nil for NaN.
    private static func snap(_ v: Double, range: ClosedRange<Double>, step: Double) -> Double? {
        guard v.isFinite else { return nil }
        let clamped = min(max(v, range.lowerBound), range.upperBound)
        let steps = ((clamped / 2 - range.lowerBound / 2) / (step / 2)).rounded()
        return min(range.lowerBound + steps * step, range.upperBound)  // an overflow to +∞ lands on the top
    }

    /// Half the range's width. Every span is worked out in halves, so a range as wide as
    /// Doubles go never overflows to infinity.
    private static func halfSpan(of range: ClosedRange<Double>) -> Double {
        range.upperBound / 2 - range.lowerBound / 2
    }

    /// The value `fraction` (0…1) of the way along the range.
    private func value(atFraction fraction: Double) -> Double {
        range.lowerBound + Self.halfSpan(of: range) * (2 * fraction)
    }

    private mutating func set(_ newValue: Double) -> [ControlEvent] {
        guard let q = Self.snap(newValue, range: range, step: step), q != value else { return [] }
        value = q
        return [.value(id: id, value: q), .detent(id: id, index: stepIndex)]
    }

    private mutating func selectIfChanged() -> [ControlEvent] {
        guard value != lastSelectedValue else { return [] }
        lastSelectedValue = value
        return [.selected(id: id, index: stepIndex, label: "\(value)", value: value)]
    }
}
