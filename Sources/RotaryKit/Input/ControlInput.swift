/// One input a person gives a screen of controls, as a fact: what live SDL input and replay
/// trace lines both become, so that the same input takes the same path and gives the same
/// events whichever way it arrived.
public enum ControlInput: Equatable, Sendable {
    /// A finger or the mouse went down, moved, lifted or was cancelled.
    case pointer(PointerEvent)
    /// Mouse-wheel notches over a window point; positive `notches` turn towards the user
    /// (scrolling down), which brings the next item under the marker.
    case wheel(notches: Int, at: Point)
    /// A key by SDL's name for it ("Right", "Return", "Tab" …).
    case key(String)
    /// Rotary-encoder detents to the focused control; positive is clockwise (next item).
    case encoder(steps: Int)
}
