extension ControlPanel {
    /// Applies one input as a program embedding the controls would want it: fingers and the
    /// mouse go to the control they went down on, wheel notches turn the control under the
    /// pointer, keys act through ``KeyBindings`` (arrows, Home/End turn the focused control,
    /// Enter presses a button, Tab moves the focus), encoder steps turn the focused control.
    /// The same function serves live input and a replay, so both give the same events.
    ///
    /// ```swift
    /// for input in inputsThisFrame { events += panel.apply(input) }
    /// events += panel.advance(by: dt)
    /// ```
    public mutating func apply(_ input: ControlInput) -> [ControlEvent] {
        switch input {
        case .pointer(let event):
            return handle(event)
        case .wheel(let notches, let point):
            guard let ref = control(at: point) else { return [] }
            return turn(model(ref).id, .steps(notches))
        case .encoder(let steps):
            return turnFocused(.steps(steps))
        case .key(let name):
            switch KeyBindings.action(forKey: name) {
            case .turn(let command): return turnFocused(command)
            case .pressButton: return pressButton()
            case .nextFocus:
                focusIndex = (focusIndex + 1) % max(1, stack.count)
                return []
            case .quit, nil: return []
            }
        }
    }

    /// Enter: activates the focused control, or, when that is no button, the first button.
    private mutating func pressButton() -> [ControlEvent] {
        let focused = turnFocused(.activate)
        guard focused.isEmpty, let first = buttons.first else { return focused }
        return turn(first.id, .activate)
    }
}
