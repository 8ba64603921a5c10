/// What a snapping axis reports as it moves.
public enum AxisEvent: Equatable, Sendable {
    /// The item under the marker changed to `index` (its centre crossed the marker).
    case detent(index: Int)
    /// The axis came to rest on item `index`, a different one from where it last rested.
    case selected(index: Int)
}

/// The one physics behind every snapping control (wheel, dial, strip): held by a finger it
/// follows it; released it coasts and snaps exactly onto an item; stepped by a key or encoder
/// it animates item by item. Pure and deterministic: time enters only through ``advance(by:)``.
public struct SnapAxis<Layout: ItemLayout>: Equatable, Sendable {
    /// What the axis is doing.
    public enum Phase: Equatable, Sendable {
        /// Still, centred on an item.
        case resting
        /// Held by a finger.
        case held
        /// Released or stepped, moving onto ``SnapAxis/targetCoordinate``.
        case settling
    }

    /// Where the items are.
    public let layout: Layout
    /// Friction, spring and fling limits.
    public let tuning: MotionTuning
    /// Current position in axis units.
    public private(set) var position: Double
    /// What the axis is doing.
    public private(set) var phase: Phase = .resting
    /// The coordinate of the item whose centre last crossed the marker: the item under the
    /// marker, with hysteresis, so a control resting on a boundary does not chatter.
    public private(set) var detentCoordinate: Int
    /// The item the axis last came to rest on.
    public private(set) var restedIndex: Int
    private var motion: SettleMotion?
    private var motionTarget: Int = 0
    private var elapsed: Double = 0
    private var pendingSteps: Int = 0
    /// Whether the motion came from a finger's release (a fling), not from a key, an encoder
    /// or a tap that named its target.
    private var thrown = false

    /// An axis at rest on item `index`.
    public init(layout: Layout, tuning: MotionTuning, index: Int = 0) {
        self.layout = layout
        self.tuning = tuning
        let k = layout.coordinate(ofIndex: index, near: 0)
        detentCoordinate = k
        restedIndex = layout.index(ofCoordinate: k)
        position = layout.position(ofCoordinate: k)
    }

    /// The item under the marker (see ``detentCoordinate``).
    public var currentIndex: Int { layout.index(ofCoordinate: detentCoordinate) }
    /// The continuous item coordinate of the current position.
    public var coordinate: Double { layout.coordinate(at: position) }
    /// Whether the axis is still and not held.
    public var isAtRest: Bool { phase == .resting }
    /// Whether the axis is moving onto an item by itself.
    public var isSettling: Bool { phase == .settling }
    /// The item coordinate a settling axis is heading for (nil unless settling).
    public var targetCoordinate: Int? { phase == .settling ? motionTarget : nil }
    /// Whether the axis moves by itself after a finger let it go: the item it lands on is
    /// physics' choice, not one a key, an encoder or a tap named.
    public var isThrown: Bool { phase == .settling && thrown }
    /// Current speed in units per second (zero unless settling).
    public var velocity: Double { motion.map { $0.state(after: elapsed).velocity } ?? 0 }

    // MARK: - Finger

    /// A finger takes hold: any motion stops where it is. Returns whether it was moving.
    @discardableResult
    public mutating func grab() -> Bool {
        let wasMoving = phase == .settling
        motion = nil
        phase = .held
        return wasMoving
    }

    /// The held axis follows the finger to `newPosition`, axis units (clamped by the layout).
    public mutating func move(to newPosition: Double) -> [AxisEvent] {
        guard phase == .held, newPosition.isFinite else { return [] }
        position = layout.clamped(position: newPosition)
        return detents()
    }

    /// The finger lets go at `velocity` (units/s): the axis picks the item that friction would
    /// carry it nearest to and heads there. Steps that arrived while held are added on.
    public mutating func release(velocity: Double) -> [AxisEvent] {
        guard phase == .held else { return [] }
        var v = velocity.isFinite ? velocity : 0
        if abs(v) < tuning.minFlingSpeed { v = 0 }
        v = min(max(v, -tuning.maxFlingSpeed), tuning.maxFlingSpeed)
        let predicted = layout.coordinate(at: position + v / tuning.friction)
        let target = Int(saturating: predicted.rounded()) + pendingSteps
        pendingSteps = 0
        return settle(toCoordinate: target, velocity: v, coasting: true)
    }

    /// Stops a thrown axis (``isThrown``) at once on the item under the marker
    /// (``currentIndex``), as a hand laid on a spinning wheel stops it on what it shows, with
    /// its selection when that is another item than it last rested on. An axis at rest, held,
    /// or stepped onto a named target is left as it is.
    public mutating func stopThrown() -> [AxisEvent] {
        guard isThrown else { return [] }
        position = layout.position(ofCoordinate: detentCoordinate)
        motion = nil
        phase = .resting
        thrown = false
        let index = currentIndex
        guard index != restedIndex else { return [] }
        restedIndex = index
        return [.selected(index: index)]
    }

    // MARK: - Keys, encoder, taps

    /// Turns by `steps` items (positive: next items), animated. Steps queue up: while
    /// settling they add to the current target, while held they wait for the release.
    public mutating func step(by steps: Int) -> [AxisEvent] {
        switch phase {
        case .held:
            pendingSteps += steps
            return []
        case .settling:
            return settle(toCoordinate: motionTarget + steps, velocity: velocity)
        case .resting:
            return settle(toCoordinate: Int(saturating: coordinate.rounded()) + steps, velocity: 0)
        }
    }

    /// Animates to item `index` by the shortest way (cyclic layouts go either way round).
    public mutating func go(toIndex index: Int) -> [AxisEvent] {
        guard phase != .held else { return [] }
        let from = phase == .settling ? Double(motionTarget) : coordinate
        return settle(toCoordinate: layout.coordinate(ofIndex: index, near: from), velocity: velocity)
    }

    /// Puts the axis at rest at continuous item coordinate `coordinate` (clamped by the
    /// layout) with no animation and no events: for displays driven from outside. The
    /// item under the marker becomes the nearest one.
    public mutating func place(atCoordinate coordinate: Double) {
        guard phase != .held, coordinate.isFinite else { return }
        let lower = Int(saturating: coordinate.rounded(.down))
        let fraction = coordinate - Double(lower)
        let from = layout.position(ofCoordinate: lower), to = layout.position(ofCoordinate: lower + 1)
        position = layout.clamped(position: from + (to - from) * fraction)
        motion = nil
        phase = .resting
        pendingSteps = 0
        detentCoordinate = layout.clamped(coordinate: Int(saturating: self.coordinate.rounded()))
        restedIndex = currentIndex
    }

    // MARK: - Time

    /// Moves the animation on by `dt` seconds.
    public mutating func advance(by dt: Double) -> [AxisEvent] {
        guard phase == .settling, let motion, dt.isFinite, dt > 0 else { return [] }
        elapsed += dt
        if motion.isAtRest(after: elapsed) {
            position = motion.target
            self.motion = nil
            phase = .resting
            var events = detents()
            let index = layout.index(ofCoordinate: motionTarget)
            if index != restedIndex {
                restedIndex = index
                events.append(.selected(index: index))
            }
            return events
        }
        position = motion.state(after: elapsed).position
        return detents()
    }

    /// Lands a settling axis at once where its motion is heading, as if the time had passed:
    /// the detents it crosses and its selection. An axis at rest or held is left as it is.
    /// (A start must begin what the person sees the motion land on, not what it passes.)
    public mutating func finishSettling() -> [AxisEvent] {
        guard phase == .settling, let motion else { return [] }
        return advance(by: max(motion.restsWithin - elapsed, 0) + 1)
    }

    // MARK: - Internals

    /// Heads for coordinate `k`: by a friction coast then a spring when `coasting` (a fling),
    /// by the spring alone otherwise (steps, taps: they must arrive briskly).
    private mutating func settle(toCoordinate k: Int, velocity: Double, coasting: Bool = false) -> [AxisEvent] {
        motionTarget = layout.clamped(coordinate: k)
        thrown = coasting
        motion = SettleMotion(from: position, velocity: velocity, to: layout.position(ofCoordinate: motionTarget),
                              coasting: coasting, tuning: tuning, itemSpacing: layout.typicalSpacing)
        elapsed = 0
        phase = .settling
        return []
    }

    /// Detents for every item centre the marker crossed since the last call.
    private mutating func detents() -> [AxisEvent] {
        let c = coordinate
        guard c.isFinite else { return [] }
        if abs(c - Double(detentCoordinate)) > Double(Self.maxDetentsPerUpdate) {
            detentCoordinate = Int(saturating: c.rounded())
            return [.detent(index: currentIndex)]
        }
        var events: [AxisEvent] = []
        // An item counts as reached a little before its exact centre: a snap that eases onto
        // it ticks as it visibly arrives, not at the last sub-pixel, and rounding (k ± 1e-15)
        // cannot hide it. Still far from the boundary, so a held control cannot chatter.
        let reach = 1 - Self.detentTolerance
        while c >= Double(detentCoordinate) + reach || c <= Double(detentCoordinate) - reach {
            let before = currentIndex
            detentCoordinate += c > Double(detentCoordinate) ? 1 : -1
            if currentIndex != before { events.append(.detent(index: currentIndex)) }
        }
        return events
    }

    /// How close (in items) to an item's centre the marker must come to reach it.
    private static var detentTolerance: Double { 0.05 }

    /// Beyond this many items in one update the jump is reported as a single detent.
    private static var maxDetentsPerUpdate: Int { 256 }
}
