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
}
