/// A set of controls sharing one screen: routes each finger to the control it went down on,
/// so several fingers can turn several controls at once, and steps them all through time.
///
/// Hit testing goes in array order: earlier controls lie on top.
public struct ControlPanel: Sendable {
    /// The controls, topmost first.
    public var controls: [any ControlModel]
    /// Index of the control that keyboard, mouse-wheel and encoder commands go to.
    public var focusIndex = 0
    /// Ids of controls that take no input for now (a locked wheel while a timer runs). A
    /// finger going down on one is still theirs, so it does not fall through to another.
    public var locked: [String] = []
    private var owners: [Int: Int] = [:]

    /// A panel of `controls`, topmost first.
    public init(controls: [any ControlModel]) {
        self.controls = controls
    }

    /// Routes a finger event. A `down` goes to the topmost control that accepts the point
    /// (and to none if no control does); the finger's later events go to that control only.
    /// A `down` for a finger that is already down first ends its old touch (cancelled).
    public mutating func handle(_ event: PointerEvent) -> [ControlEvent] {
        guard event.isValid else { return [] }
        var events: [ControlEvent] = []
        if event.phase == .down, owners[event.finger] != nil {
            var cancel = event
            cancel.phase = .cancelled
            events += handle(cancel)
        }
        switch event.phase {
        case .down:
            guard let index = controls.firstIndex(where: { $0.hitTest(event.position) }) else { return events }
            owners[event.finger] = index
            if !isLocked(index) { events += controls[index].handle(event) }
        case .moved:
            guard let index = owners[event.finger], !isLocked(index) else { return events }
            events += controls[index].handle(event)
        case .up, .cancelled:
            guard let index = owners.removeValue(forKey: event.finger) else { return events }
            events += controls[index].handle(event)
        }
        return events
    }

    /// Sends a key, mouse-wheel or encoder command to the control with `id` (unless locked).
    public mutating func turn(_ id: String, _ command: TurnCommand) -> [ControlEvent] {
        guard let index = index(of: id), !isLocked(index) else { return [] }
        return controls[index].turn(command)
    }

    /// Sends a command to the focused control (unless locked).
    public mutating func turnFocused(_ command: TurnCommand) -> [ControlEvent] {
        guard controls.indices.contains(focusIndex), !isLocked(focusIndex) else { return [] }
        return controls[focusIndex].turn(command)
    }

    /// Changes the control with `id` in place, as its concrete type.
    public mutating func update<Model: ControlModel>(_ id: String, as type: Model.Type = Model.self,
                                                     _ change: (inout Model) -> Void) {
        guard let index = index(of: id), var model = controls[index] as? Model else { return }
        change(&model)
        controls[index] = model
    }

    private func isLocked(_ index: Int) -> Bool { locked.contains(controls[index].id) }

    /// Moves every control on by `dt` seconds, in panel order.
    public mutating func advance(by dt: Double) -> [ControlEvent] {
        controls.indices.flatMap { controls[$0].advance(by: dt) }
    }

    /// Whether every control is still and untouched.
    public var isAtRest: Bool { controls.allSatisfy(\.isAtRest) }

    /// The soonest ``ControlModel/secondsUntilChange`` of any control (nil: none changes
    /// without input).
    public var secondsUntilChange: Double? { controls.compactMap(\.secondsUntilChange).min() }

    /// The index of the control with `id`.
    public func index(of id: String) -> Int? { controls.firstIndex { $0.id == id } }

    /// The topmost control under `point`, if any (for mouse-wheel routing).
    public func control(at point: Point) -> Int? { controls.firstIndex { $0.hitTest(point) } }

    /// The control with `id` as its concrete type.
    public func control<Model: ControlModel>(_ id: String, as type: Model.Type = Model.self) -> Model? {
        index(of: id).flatMap { controls[$0] as? Model }
    }
}
