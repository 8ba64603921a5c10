/// A horizontal strip of names of different widths (the category strip): swiped, flung,
/// snapped with the nearest name's centre under the marker; a tap on a name scrolls to it.
/// With ``Ends/pinned`` ends the names never scroll past the first or last: the marker moves
/// to the names near the ends instead, so the strip's whole width shows names.
///
/// Shares ``SnapAxis`` with the wheel; its axis is the content distance under the marker
/// along the reading direction, so a swipe against it brings the next names: to the left
/// in a left-to-right strip, to the right in a right-to-left one (where the first name is
/// on the right).
public struct StripControl: ControlModel, Equatable {
    /// Names the strip in its events and in ``ControlPanel/ref(of:)``; unique within a panel.
    public let id: String
    /// Left edge in window pixels.
    public var x: Double
    /// Top edge in window pixels.
    public var y: Double
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double
    /// Where the marker rests while the names scroll under it, window x (default: the
    /// strip's middle). With ``Ends/pinned`` ends the marker leaves it to reach the names
    /// near either end.
    public var markerHomeX: Double
    /// How the strip's ends behave.
    public let ends: Ends
    /// All the names' widths together, pixels.
    private let contentWidth: Double
    /// Item names, one per item.
    public let labels: [String]
    /// Which way the names run from the first to the last.
    public let direction: ReadingDirection
    /// Drag, fling and snap state.
    public private(set) var drag: SnapDrag<StripLayout>

    /// What a strip does at its first and last names.
    public enum Ends: Equatable, Sendable {
        /// The names scroll under a marker that stays at ``StripControl/markerHomeX``, so the
        /// first name rests there with nothing before it.
        case scrolling
        /// The names never scroll past either end: the marker moves to the names near the
        /// ends instead, and names narrower in all than the strip are widened to share its
        /// whole width (the marker then moves and the names stay).
        case pinned
    }

    /// A strip of `labels` with item widths `itemWidths` (pixels), at rest on `selected`,
    /// running in `direction`; its rectangle and `markerX` (where the marker rests, see
    /// ``markerHomeX``) are in window pixels.
    public init(id: String, labels: [String], itemWidths: [Double], x: Double, y: Double, width: Double,
                height: Double, markerX: Double? = nil, selected: Int = 0, direction: ReadingDirection = .leftToRight,
                ends: Ends = .scrolling, motion: MotionTuning = .linear, touch: TouchTuning = .standard) {
        self.id = id
        self.labels = labels
        self.direction = direction
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.ends = ends
        markerHomeX = markerX ?? x + width / 2
        var widths = itemWidths
        let room = width - widths.reduce(0, +)
        if ends == .pinned, room > 0, !widths.isEmpty { widths = widths.map { $0 + room / Double(itemWidths.count) } }
        let layout = StripLayout(widths: widths)
        contentWidth = layout.widths.reduce(0, +)
        let axis = SnapAxis(layout: layout, tuning: motion, index: selected)
        drag = SnapDrag(axis: axis, touch: touch)
    }

    /// The item under the marker.
    public var selectedIndex: Int { drag.axis.currentIndex }
    /// The marker's window x now: ``markerHomeX`` unless pinned ends moved it.
    public var markerX: Double { leadingX + direction.sign * (drag.axis.position - scroll) }
    /// Window x of item `index`'s centre now.
    public func itemCenterX(_ index: Int) -> Double {
        leadingX + direction.sign * (drag.axis.layout.centers[index] - scroll)
    }
    /// The item drawn at window x `windowX`.
    public func item(atX windowX: Double) -> Int {
        drag.axis.layout.item(atContentX: scroll + direction.sign * (windowX - leadingX))
    }
    /// Whether names lie beyond the strip's leading end (its left, from right to left its
    /// right), out of sight or cut.
    public var hasNamesBeforeStart: Bool { scroll > 0.5 }
    /// Whether names lie beyond the strip's trailing end.
    public var hasNamesAfterEnd: Bool { contentWidth - scroll > width + 0.5 }
    /// Whether names lie beyond the strip's left and right ends as drawn: its leading and
    /// trailing ends, swapped from right to left.
    public var hasNamesBeyond: (left: Bool, right: Bool) {
        direction == .leftToRight ? (hasNamesBeforeStart, hasNamesAfterEnd) : (hasNamesAfterEnd, hasNamesBeforeStart)
    }

    /// The window x where the names start: the left edge, from right to left the right edge.
    private var leadingX: Double { direction == .leftToRight ? x : x + width }
    /// The content x (pixels from the first name's start) at the leading edge now.
    private var scroll: Double {
        let free = drag.axis.position - direction.sign * (markerHomeX - leadingX)
        guard ends == .pinned else { return free }
        return min(max(free, 0), max(0, contentWidth - width))
    }

    /// Whether `point` lies inside the strip's rectangle (its edges included).
    public func hitTest(_ point: Point) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }

    /// The first finger down holds the strip (a second is ignored) and stops it if it was
    /// moving. Once the finger has moved past the touch slop the names follow it sideways
    /// (with pinned ends, where the names cannot scroll further, the marker moves instead),
    /// reporting a ``ControlEvent/detent(id:index:)`` for each name centre that crosses the
    /// marker. On the lift a swipe is flung and snaps the nearest name under the marker; a
    /// quick tap on a name scrolls that name there.
    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        let coordinate = -direction.sign * event.position.x
        switch event.phase {
        case .down:
            drag.down(event, coordinate: coordinate)
            return []
        case .moved:
            return map(drag.move(event, coordinate: coordinate))
        case .up, .cancelled:
            return map(drag.up(event, coordinate: coordinate, tappedIndex: item(atX: event.position.x)))
        }
    }

    /// `steps(n)` scrolls by `n` names (positive: towards the last), `first` and `last` go to
    /// the ends, `item(n)` to name `n`; all are animated by ``advance(by:)``. `activate` does
    /// nothing. Steps given while a finger holds the strip wait for it to let go.
    public mutating func turn(_ command: TurnCommand) -> [ControlEvent] { map(drag.turn(command)) }
    /// Puts the strip at rest on continuous item `coordinate` at once (restoring a screen), with
    /// no events; the nearest name becomes the one it last rested on.
    public mutating func place(atCoordinate coordinate: Double) { drag.place(atCoordinate: coordinate) }
    /// Moves a fling, snap or step on by `dt` seconds: a ``ControlEvent/detent(id:index:)`` for
    /// each name centre that passes the marker, and ``ControlEvent/selected(id:index:label:value:)``
    /// when the strip comes to rest on a name other than the one it last rested on.
    public mutating func advance(by dt: Double) -> [ControlEvent] { map(drag.advance(by: dt)) }
    /// Brings a fling, snap or step to its end at once, as ``advance(by:)`` would in time: the
    /// same detents and selection. A strip held by a finger is left as it is.
    public mutating func finishSettling() -> [ControlEvent] { map(drag.finishSettling()) }
    /// Stops a fling at once on the name under the marker: its selection when that is a new
    /// name (``SnapAxis/stopThrown()``). A strip at rest, held, or stepped is left as it is.
    public mutating func stopThrown() -> [ControlEvent] { map(drag.stopThrown()) }
    /// Whether the strip coasts after a fling, no finger on it.
    public var isThrown: Bool { drag.isThrown }
    /// Whether the strip is still and no finger holds it.
    public var isAtRest: Bool { drag.isAtRest }
    /// A strip held still by a finger changes only when the finger moves.
    public var secondsUntilChange: Double? { drag.secondsUntilChange }

    private func map(_ events: [AxisEvent]) -> [ControlEvent] {
        events.map { $0.controlEvent(id: id, labels: labels) }
    }
}
