/// The program wheel and the timer dial: equal items around a centre, turned by dragging
/// anywhere on the ring (the touch angle around the centre, unwrapped), flung, snapped, tapped.
///
/// Item `i + 1` sits counter-clockwise of item `i`, so turning clockwise brings the next item
/// under the marker. Turns are unlimited. Touches in the hub or outside the rim are not the
/// ring's; once a finger holds it, it may wander anywhere. A second finger is ignored.
public struct RingControl: ControlModel, Equatable {
    /// Which face of the kiosk this ring is (only presentation differs).
    public enum Kind: String, Equatable, Sendable {
        /// The program wheel: one item per program, with icon and name.
        case wheel
        /// The timer dial: one item per duration, usually a ring of numbers.
        case dial
    }

    /// Names the ring in its events and in ``ControlPanel/ref(of:)``; unique within a panel.
    public let id: String
    /// Wheel or dial.
    public let kind: Kind
    /// Centre in window pixels.
    public var center: Point
    /// Radius of the hub (dead zone), pixels.
    public var innerRadius: Double
    /// Radius of the rim, pixels.
    public var outerRadius: Double
    /// Screen angle of the marker (−90° = 12 o'clock).
    public var markerDegrees: Double
    /// Item names, one per item.
    public let labels: [String]
    /// Drag, fling and snap state.
    public private(set) var drag: SnapDrag<CyclicLayout>
    private var unwrapper = AngleUnwrapper(startingAt: 0)

    /// A ring of `labels.count` items at rest on `selected`. `center` is in window pixels, the
    /// radii in pixels, `markerDegrees` in screen degrees (−90: 12 o'clock).
    public init(id: String, kind: Kind, labels: [String], center: Point, innerRadius: Double,
                outerRadius: Double, markerDegrees: Double = -90, selected: Int = 0,
                motion: MotionTuning = .angular, touch: TouchTuning = .standard) {
        self.id = id
        self.kind = kind
        self.labels = labels
        self.center = center
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.markerDegrees = markerDegrees
        let axis = SnapAxis(layout: CyclicLayout(count: labels.count), tuning: motion, index: selected)
        drag = SnapDrag(axis: axis, touch: touch)
    }

    // MARK: - State for drawing and reports

    /// Degrees between neighbouring item centres.
    public var spacingDegrees: Double { drag.axis.layout.spacing }
    /// Current rotation in degrees (clockwise positive, unwrapped).
    public var rotationDegrees: Double { drag.axis.position }
    /// The item under the marker.
    public var selectedIndex: Int { drag.axis.currentIndex }
    /// Screen angle of item `index`'s centre now, in [−180°, 180°).
    public func itemCenterDegrees(_ index: Int) -> Double {
        Degrees.normalized(markerDegrees + rotationDegrees - Double(index) * spacingDegrees)
    }
    /// The item whose sector contains screen angle `degrees`.
    public func item(atDegrees degrees: Double) -> Int {
        Degrees.sectorIndex(of: degrees, count: labels.count, firstCenterDegrees: markerDegrees + rotationDegrees)
    }

    // MARK: - ControlModel

    /// Whether `point` lies on the band between ``innerRadius`` and ``outerRadius`` pixels
    /// from the centre (both edges included): the hub and the outside are not the ring's.
    public func hitTest(_ point: Point) -> Bool {
        let r = point.distance(to: center)
        return r >= innerRadius && r <= outerRadius
    }

    /// The first finger down holds the ring (a second is ignored) and stops it if it was
    /// moving. Once the finger has moved past the touch slop the ring turns with the finger's
    /// angle around the centre, reporting a ``ControlEvent/detent(id:index:)`` for each item
    /// centre that crosses the marker. On the lift a drag is flung and snaps onto an item; a
    /// quick tap that did not stop a moving ring turns the tapped item to the marker. Within
    /// half the hub's radius of the centre (at least 4 pixels) the angle is too unsteady to
    /// follow, so the finger's moves there are ignored.
    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        let tracked = event.position.distance(to: center) >= minTrackingRadius
        let raw = Degrees.angle(of: event.position, around: center)
        switch event.phase {
        case .down:
            guard drag.heldBy == nil else { return [] }
            unwrapper = AngleUnwrapper(startingAt: raw)
            drag.down(event, coordinate: raw)
            return []
        case .moved:
            guard drag.heldBy == event.finger, tracked else { return [] }
            return map(drag.move(event, coordinate: unwrapper.update(raw: raw)))
        case .up, .cancelled:
            guard drag.heldBy == event.finger else { return [] }
            let coordinate = tracked ? unwrapper.update(raw: raw) : unwrapper.degrees
            return map(drag.up(event, coordinate: coordinate, tappedIndex: item(atDegrees: raw)))
        }
    }

    /// `steps(n)` turns by `n` items (positive: clockwise, bringing the next items), `first` and
    /// `last` go to item 0 and the last item, `item(n)` to item `n` the shortest way round;
    /// all are animated by ``advance(by:)``. `activate` does nothing. Steps given while a
    /// finger holds the ring wait for it to let go.
    public mutating func turn(_ command: TurnCommand) -> [ControlEvent] { map(drag.turn(command)) }

    /// Shows the ring at continuous item coordinate `coordinate` without animation or events
    /// (see ``SnapDrag/place(atCoordinate:)``).
    public mutating func place(atCoordinate coordinate: Double) { drag.place(atCoordinate: coordinate) }
    /// Moves a fling, snap or step on by `dt` seconds: a ``ControlEvent/detent(id:index:)`` for
    /// each item centre that passes the marker, and ``ControlEvent/selected(id:index:label:value:)``
    /// when the ring comes to rest on an item other than the one it last rested on.
    public mutating func advance(by dt: Double) -> [ControlEvent] { map(drag.advance(by: dt)) }
    /// Brings a fling, snap or step to its end at once, as ``advance(by:)`` would in time: the
    /// same detents and selection. A ring held by a finger is left as it is.
    public mutating func finishSettling() -> [ControlEvent] { map(drag.finishSettling()) }
    /// Stops a fling at once on the item under the marker: its selection when that is a new
    /// item (``SnapAxis/stopThrown()``). A ring at rest, held, or stepped is left as it is.
    public mutating func stopThrown() -> [ControlEvent] { map(drag.stopThrown()) }
    /// Whether the ring coasts after a fling, no finger on it.
    public var isThrown: Bool { drag.isThrown }
    /// Whether the ring is still and no finger holds it.
    public var isAtRest: Bool { drag.isAtRest }
    /// 0 while the ring moves by itself; nil when it is at rest or held still by a finger
    /// (then only the finger's moves change it).
    public var secondsUntilChange: Double? { drag.secondsUntilChange }

    // MARK: - Internals

    /// Closer to the centre than this the touch angle is too jumpy to follow.
    private var minTrackingRadius: Double { max(4, innerRadius / 2) }

    private func map(_ events: [AxisEvent]) -> [ControlEvent] {
        events.map { $0.controlEvent(id: id, labels: labels) }
    }
}
