import RotaryKit

/// One SDL event translated into what the app cares about, in window pixels and seconds.
public enum InputFact: Equatable, Sendable {
    /// A finger or the mouse's left button (finger ``InputMapper/mouseFinger``).
    case pointer(PointerEvent)
    /// Mouse-wheel notches over a point: positive `notches` scroll down (towards the user).
    case wheel(notches: Int, at: Point)
    /// A key by SDL's name for it ("Right", "Return", "Escape", …).
    case key(String)
    /// The window was resized, or render targets or the device were lost: re-layout and
    /// rebuild textures.
    case layoutChanged
    /// The window was closed or the process asked to quit.
    case quit
}
