/// The round button in the hub: what it says is the program's to draw (see
/// ``ButtonDrawing``); the model knows only touch. It shows a pressed state while a finger is on it and reports
/// `pressed` when the finger lifts still inside (or on Enter). Sliding off cancels. With a
/// long press armed, holding it that long reports `longPressed` once instead, and the
/// lift that follows presses nothing.
public struct CenterButton: ControlModel, Equatable {
    /// Names the button in its events and in ``ControlPanel/ref(of:)``; unique within a panel.
    public let id: String
    /// Centre in window pixels.
    public var center: Point
    /// Radius in pixels.
    public var radius: Double
    /// Whether a finger is on the button right now (draw it pressed).
    public private(set) var isPressed = false
    /// How long the current finger has been held down, in seconds (0 when not held).
    public private(set) var heldSeconds = 0.0
    /// Seconds of holding that make a long press; nil: long presses are off.
    public var longPressSeconds: Double?
    private var finger: Int?
    private var longPressFired = false

    /// A button of `radius` pixels at `center` (window pixels), with long presses off.
    public init(id: String, center: Point, radius: Double) {
        self.id = id
        self.center = center
        self.radius = radius
    }

    /// Whether `point` lies within ``radius`` pixels of the centre (the edge included).
    public func hitTest(_ point: Point) -> Bool { point.distance(to: center) <= radius }

    /// `down` presses the button (one finger at a time). While the finger moves, the button
    /// shows pressed only when the finger is on it. A lift on the button reports
    /// ``ControlEvent/pressed(id:)`` unless a long press already fired; a lift elsewhere or a
    /// cancel reports nothing.
    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        switch event.phase {
        case .down:
            guard finger == nil else { return [] }
            finger = event.finger
            isPressed = true
            heldSeconds = 0
            longPressFired = false
            return []
        case .moved:
            guard finger == event.finger else { return [] }
            isPressed = hitTest(event.position)
            return []
        case .up, .cancelled:
            guard finger == event.finger else { return [] }
            let fires = event.phase == .up && hitTest(event.position) && !longPressFired
            finger = nil
            isPressed = false
            heldSeconds = 0
            return fires ? [.pressed(id: id)] : []
        }
    }

    /// `activate` (Enter, Space) reports ``ControlEvent/pressed(id:)``; other commands do nothing.
    public mutating func turn(_ command: TurnCommand) -> [ControlEvent] {
        command == .activate ? [.pressed(id: id)] : []
    }

    /// Adds `dt` seconds to ``heldSeconds`` while a finger holds the button and reports
    /// ``ControlEvent/longPressed(id:)`` once, when the hold reaches ``longPressSeconds`` with
    /// the finger still on the button.
    public mutating func advance(by dt: Double) -> [ControlEvent] {
        guard finger != nil, dt.isFinite, dt > 0 else { return [] }
        heldSeconds += dt
        guard let threshold = longPressSeconds, isPressed, !longPressFired, heldSeconds >= threshold else { return [] }
        longPressFired = true
        return [.longPressed(id: id)]
    }

    /// How far a long press has come, 0…1 (0 when none is armed or under way).
    public var longPressProgress: Double {
        guard let threshold = longPressSeconds, threshold > 0, isPressed, !longPressFired else { return 0 }
        return min(heldSeconds / threshold, 1)
    }

    /// Whether no finger holds the button.
    public var isAtRest: Bool { finger == nil }

    /// Seconds until a held button's long press comes due (it changes by itself only then);
    /// nil unless a long press is armed, a finger is on the button and it has not fired yet.
    public var secondsUntilChange: Double? {
        guard finger != nil, let threshold = longPressSeconds, isPressed, !longPressFired else { return nil }
        return max(0, threshold - heldSeconds)
    }
}
