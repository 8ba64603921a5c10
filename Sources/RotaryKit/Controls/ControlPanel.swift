/// A set of controls sharing one screen: routes each finger to the control it went down on,
/// so several fingers can turn several controls at once, and steps them all through time.
///
/// Controls are kept by kind, each on its own shelf (``rings``, ``buttons``, ``sliders``,
/// ``strips``), so a program reads and changes them as their own types, and ``stack`` gives
/// their order for hit testing: earlier controls lie on top.
///
/// ```swift
/// var panel = ControlPanel()
/// let wheel = panel.add(RingControl(id: "wheel", kind: .wheel, labels: ["A", "B", "C"],
///                                   center: Point(x: 200, y: 200), innerRadius: 40, outerRadius: 180))
/// _ = panel.handle(PointerEvent(.down, at: Point(x: 200, y: 60), time: 0))
/// _ = panel.advance(by: 1.0 / 60)
/// if case .ring(let i) = wheel { print(panel.rings[i].selectedIndex) }
/// ```
public struct ControlPanel: Sendable {
    /// Rings (wheel, dial), in the order added.
    public var rings: [RingControl] = []
    /// Buttons, in the order added.
    public var buttons: [CenterButton] = []
    /// Arc sliders and knobs, in the order added.
    public var sliders: [ArcSlider] = []
    /// Strips, in the order added.
    public var strips: [StripControl] = []
    /// Every control, topmost first.
    public private(set) var stack: [ControlRef] = []
    /// Index in ``stack`` of the control that keyboard, mouse-wheel and encoder commands go to.
    public var focusIndex = 0
    /// Ids of controls that take no input for now (a locked wheel while a timer runs). A
    /// finger going down on one is still theirs, so it does not fall through to another.
    public var locked: Set<String> = []
    /// Ids of controls that are off the screen for now (a program draws none of them): they
    /// take no input and claim no finger, so a touch where one would be reaches whatever
    /// lies under it, keys and the encoder do not reach them, and the focus passes over them
    /// (a focused control that is hidden hands the focus to the topmost one shown: in a
    /// kiosk, the centre button). They still move on through time.
    public var hidden: Set<String> = [] {
        didSet {
            if let focused, isHidden(focused), let shown = stack.firstIndex(where: { !isHidden($0) }) { focusIndex = shown }
        }
    }
    private var owners: [Int: ControlRef] = [:]
    /// Each owned finger's last event, so it can be let go of where it was.
    private var lastSeen: [Int: PointerEvent] = [:]

    /// An empty panel.
    public init() {}

    /// Adds a ring below the controls added before; returns ``ControlRef/ring(_:)`` with its
    /// index in ``rings``.
    @discardableResult
    public mutating func add(_ ring: RingControl) -> ControlRef {
        rings.append(ring)
        return stacked(.ring(rings.count - 1))
    }
    /// Adds a button below the controls added before; returns ``ControlRef/button(_:)`` with
    /// its index in ``buttons``.
    @discardableResult
    public mutating func add(_ button: CenterButton) -> ControlRef {
        buttons.append(button)
        return stacked(.button(buttons.count - 1))
    }
    /// Adds an arc slider or knob below the controls added before; returns
    /// ``ControlRef/slider(_:)`` with its index in ``sliders``.
    @discardableResult
    public mutating func add(_ slider: ArcSlider) -> ControlRef {
        sliders.append(slider)
        return stacked(.slider(sliders.count - 1))
    }
    /// Adds a strip below the controls added before; returns ``ControlRef/strip(_:)`` with its
    /// index in ``strips``.
    @discardableResult
    public mutating func add(_ strip: StripControl) -> ControlRef {
        strips.append(strip)
        return stacked(.strip(strips.count - 1))
    }

    /// Takes the control at `ref` off the panel. A finger holding it is forgotten (its later
    /// events go nowhere), the focus stays on the control it was on (or moves to the next
    /// one), and refs to later controls of the same kind move down by one, as their place
    /// on the shelf does.
    public mutating func remove(_ ref: ControlRef) {
        guard let position = stack.firstIndex(of: ref) else { return }
        switch ref {
        case .ring(let i): rings.remove(at: i)
        case .button(let i): buttons.remove(at: i)
        case .slider(let i): sliders.remove(at: i)
        case .strip(let i): strips.remove(at: i)
        }
        stack.remove(at: position)
        stack = stack.map { $0.shifted(after: ref) }
        owners = owners.filter { $0.value != ref }.mapValues { $0.shifted(after: ref) }
        lastSeen = lastSeen.filter { owners[$0.key] != nil }
        if focusIndex > position || focusIndex >= stack.count { focusIndex = max(0, focusIndex - 1) }
    }

    private mutating func stacked(_ ref: ControlRef) -> ControlRef {
        stack.append(ref)
        return ref
    }

    // MARK: - Reading

    /// The control at `ref`, for what every kind answers (id, hit test, rest).
    public func model(_ ref: ControlRef) -> any ControlModel {
        switch ref {
        case .ring(let i): rings[i]
        case .button(let i): buttons[i]
        case .slider(let i): sliders[i]
        case .strip(let i): strips[i]
        }
    }

    /// Where the control with `id` is kept.
    public func ref(of id: String) -> ControlRef? { stack.first { model($0).id == id } }

    /// The topmost control under `point`, if any (for mouse-wheel routing).
    public func control(at point: Point) -> ControlRef? { stack.first { !isHidden($0) && model($0).hitTest(point) } }

    /// The id of the control keys go to.
    public var focusedID: String? { focused.map { model($0).id } }

    /// Whether every control is still and untouched.
    public var isAtRest: Bool { stack.allSatisfy { model($0).isAtRest } }

    /// The soonest ``ControlModel/secondsUntilChange`` of any control (nil: none changes
    /// without input).
    public var secondsUntilChange: Double? { stack.compactMap { model($0).secondsUntilChange }.min() }

    // MARK: - Input and time

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
            guard let ref = control(at: event.position) else { return events }
            owners[event.finger] = ref
            lastSeen[event.finger] = event
            if !isLocked(ref) { events += send(.pointer(event), to: ref) }
        case .moved:
            guard let ref = owners[event.finger] else { return events }
            lastSeen[event.finger] = event
            if !isLocked(ref) { events += send(.pointer(event), to: ref) }
        case .up, .cancelled:
            guard let ref = owners.removeValue(forKey: event.finger) else { return events }
            lastSeen[event.finger] = nil
            events += send(.pointer(event), to: ref)
        }
        return events
    }

    /// Ends every finger's touch as cancelled where it last was, no earlier than `time`
    /// (seconds): a panel that stops being shown lets go of its fingers, and its controls move
    /// on from there as after a lift.
    public mutating func cancelTouches(at time: Double) -> [ControlEvent] {
        lastSeen.keys.sorted().flatMap { finger -> [ControlEvent] in
            guard var event = lastSeen[finger] else { return [] }
            event.phase = .cancelled
            event.time = max(event.time, time)
            return handle(event)
        }
    }

    /// Sends a key, mouse-wheel or encoder command to the control with `id` (unless locked).
    public mutating func turn(_ id: String, _ command: TurnCommand) -> [ControlEvent] {
        guard let ref = ref(of: id) else { return [] }
        return turn(ref, command)
    }

    /// Sends a key, mouse-wheel or encoder command to the control at `ref` (unless locked or
    /// hidden).
    public mutating func turn(_ ref: ControlRef, _ command: TurnCommand) -> [ControlEvent] {
        isLocked(ref) || isHidden(ref) ? [] : send(.turn(command), to: ref)
    }

    /// Sends a command to the focused control (unless locked).
    public mutating func turnFocused(_ command: TurnCommand) -> [ControlEvent] {
        guard let focused else { return [] }
        return turn(focused, command)
    }

    /// The control keys go to, if the focus is on one.
    public var focused: ControlRef? { stack.indices.contains(focusIndex) ? stack[focusIndex] : nil }

    /// Moves the focus to the next control that is not hidden (Tab), round to the first after
    /// the last; it stays where it is when every other one is hidden.
    public mutating func focusNext() {
        let count = max(1, stack.count)
        for step in 1...count {
            let next = (focusIndex + step) % count
            if stack.indices.contains(next), !isHidden(stack[next]) || step == count {
                focusIndex = next
                return
            }
        }
    }

    /// Moves every control on by `dt` seconds, topmost first.
    public mutating func advance(by dt: Double) -> [ControlEvent] {
        stack.flatMap { send(.advance(dt), to: $0) }
    }

    /// Brings every ring and strip that is settling by itself to rest at once, where its
    /// motion lands, topmost first: their detents and selections, as if the time had passed.
    /// Buttons and sliders are left as they are (a held button's long press is not hurried).
    public mutating func finishSettling() -> [ControlEvent] {
        eachRingAndStrip({ $0.finishSettling() }, { $0.finishSettling() })
    }

    /// Whether a ring or a strip coasts after a fling, no finger on it: what it lands on is
    /// physics' choice, not what anyone named.
    public var isThrown: Bool { rings.contains(where: \.isThrown) || strips.contains(where: \.isThrown) }

    /// Stops every ring and strip that coasts after a fling at once on the item under its
    /// marker, topmost first: their selections (``RingControl/stopThrown()``). What was
    /// stepped, held or still is left as it is.
    public mutating func stopThrown() -> [ControlEvent] {
        eachRingAndStrip({ $0.stopThrown() }, { $0.stopThrown() })
    }

    /// `ring` on every ring and `strip` on every strip, topmost first: their events in order.
    private mutating func eachRingAndStrip(_ ring: (inout RingControl) -> [ControlEvent],
                                           _ strip: (inout StripControl) -> [ControlEvent]) -> [ControlEvent] {
        stack.flatMap { ref -> [ControlEvent] in
            switch ref {
            case .ring(let i): ring(&rings[i])
            case .strip(let i): strip(&strips[i])
            case .button, .slider: []
            }
        }
    }

    private func isLocked(_ ref: ControlRef) -> Bool { locked.contains(model(ref).id) }
    private func isHidden(_ ref: ControlRef) -> Bool { hidden.contains(model(ref).id) }

    private mutating func send(_ message: ControlMessage, to ref: ControlRef) -> [ControlEvent] {
        switch ref {
        case .ring(let i): rings[i].receive(message)
        case .button(let i): buttons[i].receive(message)
        case .slider(let i): sliders[i].receive(message)
        case .strip(let i): strips[i].receive(message)
        }
    }
}

/// What the panel passes to a control.
private enum ControlMessage {
    case pointer(PointerEvent)
    case turn(TurnCommand)
    case advance(Double)
}

private extension ControlModel {
    mutating func receive(_ message: ControlMessage) -> [ControlEvent] {
        switch message {
        case .pointer(let event): handle(event)
        case .turn(let command): turn(command)
        case .advance(let dt): advance(by: dt)
        }
    }
}

private extension ControlRef {
    /// This ref once `removed`, of the same kind and earlier on its shelf, is gone.
    func shifted(after removed: ControlRef) -> ControlRef {
        switch (self, removed) {
        case (.ring(let i), .ring(let r)): i > r ? .ring(i - 1) : self
        case (.button(let i), .button(let r)): i > r ? .button(i - 1) : self
        case (.slider(let i), .slider(let r)): i > r ? .slider(i - 1) : self
        case (.strip(let i), .strip(let r)): i > r ? .strip(i - 1) : self
        case (.ring, _), (.button, _), (.slider, _), (.strip, _): self  // another shelf: unmoved
        }
    }
}
