/// The interface every control model offers to ``ControlPanel``: a pure value that takes
/// pointer facts, turn commands and time, and returns what happened as ``ControlEvent``s.
public protocol ControlModel: Sendable {
    /// A stable id, unique within a panel (used in events).
    var id: String { get }
    /// Whether a finger going down at `point` belongs to this control.
    func hitTest(_ point: Point) -> Bool
    /// A finger event. `down` is only delivered where ``hitTest(_:)`` accepted the point;
    /// the other phases only for fingers that went down on this control.
    mutating func handle(_ event: PointerEvent) -> [ControlEvent]
    /// A key, mouse-wheel or encoder request.
    mutating func turn(_ command: TurnCommand) -> [ControlEvent]
    /// Moves animations on by `dt` seconds.
    mutating func advance(by dt: Double) -> [ControlEvent]
    /// Whether nothing moves and no finger holds the control.
    var isAtRest: Bool { get }
    /// Seconds until the control changes by itself (0: it is moving now), or nil when only
    /// input can change it. Advancing by less than this in one step gives the same events as
    /// stepping through it, which is how a replay skips over a long wait. The default: 0
    /// unless at rest.
    var secondsUntilChange: Double? { get }
}

extension ControlModel {
    public var secondsUntilChange: Double? { isAtRest ? nil : 0 }
}
