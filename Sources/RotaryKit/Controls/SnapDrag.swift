/// The finger handling shared by the snapping controls (wheel, dial, strip): a finger
/// catches a moving control, drags it past the touch slop, flings it on release, or taps an
/// item. Each control reduces a finger's position to one *finger coordinate* in axis units
/// (an unwrapped angle, a negated x) and the axis follows its change since the finger went down.
public struct SnapDrag<Layout: ItemLayout>: Equatable, Sendable {
    /// The physics this drag drives.
    public private(set) var axis: SnapAxis<Layout>
    private let touch: TouchTuning
    private var gesture: DragGesture?
    private var caughtMoving = false
    private var grabPosition = 0.0
    private var grabCoordinate = 0.0

    /// A drag handler around `axis`.
    public init(axis: SnapAxis<Layout>, touch: TouchTuning) {
        self.axis = axis
        self.touch = touch
    }

    /// The id of the finger holding the control, if any.
    public var heldBy: Int? { gesture?.finger }

    /// A finger went down at finger coordinate `coordinate`. A second finger is ignored.
    public mutating func down(_ event: PointerEvent, coordinate: Double) {
        guard gesture == nil else { return }
        caughtMoving = axis.grab()
        grabPosition = axis.position
        grabCoordinate = coordinate
        gesture = DragGesture(down: event, value: grabPosition, tuning: touch)
    }

    /// The holding finger moved to finger coordinate `coordinate` (axis units). Until the
    /// finger leaves the touch slop the control does not move.
    public mutating func move(_ event: PointerEvent, coordinate: Double) -> [AxisEvent] {
        guard var g = gesture, g.finger == event.finger else { return [] }
        let target = grabPosition + (coordinate - grabCoordinate)
        let dragging = g.move(to: event.position, value: target, time: event.time)
        gesture = g
        return dragging ? axis.move(to: target) : []
    }

    /// The holding finger lifted (or was cancelled). A tap that did not catch a moving
    /// control goes to `tappedIndex`; a drag flings; anything else snaps to the nearest item.
    public mutating func up(_ event: PointerEvent, coordinate: Double, tappedIndex: Int?) -> [AxisEvent] {
        guard gesture?.finger == event.finger else { return [] }
        var events = move(event, coordinate: coordinate)
        guard let g = gesture else { return events }
        gesture = nil
        let isTap = event.phase == .up && g.isTap(liftedAt: event.time) && !caughtMoving
        events += axis.release(velocity: g.isDragging && event.phase == .up ? g.velocity(at: event.time) : 0)
        if isTap, let tappedIndex { events += axis.go(toIndex: tappedIndex) }
        return events
    }

    /// A key or encoder step, or Home/End.
    public mutating func turn(_ command: TurnCommand) -> [AxisEvent] {
        switch command {
        case .steps(let n): axis.step(by: n)
        case .first: axis.go(toIndex: 0)
        case .last: axis.go(toIndex: axis.layout.count - 1)
        case .item(let index): axis.go(toIndex: index)
        case .activate: []
        }
    }

    /// Shows the control at continuous item coordinate `coordinate` (a display driven from
    /// outside, e.g. a dial unwinding with a countdown). Ignored while a finger holds it.
    public mutating func place(atCoordinate coordinate: Double) {
        guard gesture == nil else { return }
        axis.place(atCoordinate: coordinate)
    }

    /// Moves the animation on by `dt` seconds.
    public mutating func advance(by dt: Double) -> [AxisEvent] { axis.advance(by: dt) }

    /// Lands a settling axis at once (``SnapAxis/finishSettling()``); a held one stays held.
    public mutating func finishSettling() -> [AxisEvent] { axis.finishSettling() }

    /// Stops a fling at once on the item under the marker (``SnapAxis/stopThrown()``).
    public mutating func stopThrown() -> [AxisEvent] { axis.stopThrown() }
    /// Whether the control coasts after a fling, no finger on it (``SnapAxis/isThrown``).
    public var isThrown: Bool { gesture == nil && axis.isThrown }

    /// Whether nothing moves and no finger holds the control.
    public var isAtRest: Bool { gesture == nil && axis.isAtRest }
    /// Whether a finger holds the control and nothing else moves it.
    public var isHeldStill: Bool { gesture != nil && !axis.isSettling }

    /// Seconds until the control changes by itself: nil at rest or held still (only input
    /// moves it then), 0 while it moves.
    public var secondsUntilChange: Double? { isAtRest || isHeldStill ? nil : 0 }
}

extension AxisEvent {
    /// This axis event as a control's event, naming items by `labels`.
    func controlEvent(id: String, labels: [String]) -> ControlEvent {
        switch self {
        case .detent(let index):
            .detent(id: id, index: index)
        case .selected(let index):
            .selected(id: id, index: index, label: labels.indices.contains(index) ? labels[index] : "\(index)", value: nil)
        }
    }
}
