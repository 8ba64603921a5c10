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
            return turn(ref, .steps(notches))
        case .encoder(let steps):
            return turnFocused(.steps(steps))
        case .key(let name):
            switch KeyBindings.action(forKey: name) {
            case .turn(let command): return turnFocused(command)
            case .pressButton: return pressButton()
            case .nextFocus:
                focusNext()
                return []
            case .quit, nil: return []
            }
        }
    }

    /// Enter: activates the focused control when it is a button, else the first button.
    private mutating func pressButton() -> [ControlEvent] {
        if case .button(let index) = focused { return turn(.button(index), .activate) }
        return buttons.isEmpty ? [] : turn(.button(0), .activate)
    }
}
