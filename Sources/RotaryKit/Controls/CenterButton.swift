/// The round button in the hub: shows a pressed state while a finger is on it and reports
/// `pressed` when the finger lifts still inside (or on Enter). Sliding off cancels.
public struct CenterButton: ControlModel, Equatable {
    public let id: String
    /// Centre in window pixels.
    public var center: Point
    /// Radius in pixels.
    public var radius: Double
    /// The text on the button.
    public var label: String
    /// Whether a finger is on the button right now (draw it pressed).
    public private(set) var isPressed = false
    /// How long the current finger has been held down, in seconds (0 when not held).
    public private(set) var heldSeconds = 0.0
    private var finger: Int?

    /// A button of `radius` pixels at `center`.
    public init(id: String, center: Point, radius: Double, label: String) {
        self.id = id
        self.center = center
        self.radius = radius
        self.label = label
    }

    public func hitTest(_ point: Point) -> Bool { point.distance(to: center) <= radius }

    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        switch event.phase {
        case .down:
            guard finger == nil else { return [] }
            finger = event.finger
            isPressed = true
            heldSeconds = 0
            return []
        case .moved:
            guard finger == event.finger else { return [] }
            isPressed = hitTest(event.position)
            return []
        case .up, .cancelled:
            guard finger == event.finger else { return [] }
            let fires = event.phase == .up && hitTest(event.position)
            finger = nil
            isPressed = false
            heldSeconds = 0
            return fires ? [.pressed(id: id)] : []
        }
    }

    public mutating func turn(_ command: TurnCommand) -> [ControlEvent] {
        command == .activate ? [.pressed(id: id)] : []
    }

    public mutating func advance(by dt: Double) -> [ControlEvent] {
        if finger != nil, dt.isFinite, dt > 0 { heldSeconds += dt }
        return []
    }

    public var isAtRest: Bool { finger == nil }
}
