import RotaryKit

/// One SDL event translated into what the app cares about, in window pixels and seconds.
public enum InputFact: Equatable, Sendable {
    /// Input for the controls: a finger or the mouse's left button (finger
    /// ``InputMapper/mouseFinger``), wheel notches, a key.
    case input(ControlInput)
    /// The window was resized, or render targets or the device were lost: re-layout and
    /// rebuild textures.
    case layoutChanged
    /// The window's picture was lost on the display (shown, exposed or restored): draw and
    /// present the whole frame again, though nothing in it changed.
    case exposed
    /// The window was closed or the process asked to quit.
    case quit
}
