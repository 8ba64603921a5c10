
/// What a key does to a panel of controls (the kiosk and any program embedding them).
public enum KeyAction: Equatable, Sendable {
    /// Send a command to the focused control.
    case turn(TurnCommand)
    /// Press a button (Enter): the focused control if it is one, else the first button.
    case pressButton
    /// Move focus to the next control (Tab).
    case nextFocus
    /// Quit (Escape). The kiosk honours it only in windowed development mode; a panel
    /// ignores it.
    case quit
}

/// The keyboard map, by SDL key name: arrows turn by one item (Right/Down: next, Left/Up:
/// previous), Home/End jump to the first/last item, Enter presses the centre button, Tab
/// moves focus, Escape quits in windowed mode. A rotary encoder that types keys uses the
/// arrow keys; one that scrolls uses the mouse wheel (one notch = one item).
public enum KeyBindings {
    /// The action for the key named `name`, if any.
    public static func action(forKey name: String) -> KeyAction? {
        switch name {
        case "Right", "Down": .turn(.steps(1))
        case "Left", "Up": .turn(.steps(-1))
        case "Home": .turn(.first)
        case "End": .turn(.last)
        case "Return", "Keypad Enter", "Space": .pressButton
        case "Tab": .nextFocus
        case "Escape": .quit
        default: nil
        }
    }
}
