/// A discrete request to a focused control, from a key, a mouse-wheel notch or a rotary
/// encoder.
public enum TurnCommand: Equatable, Sendable {
    /// Turn by this many items (positive: the next items, i.e. clockwise for rotary
    /// controls, towards the end for the strip and arc).
    case steps(Int)
    /// Go to the first item (Home).
    case first
    /// Go to the last item (End).
    case last
    /// Go to item `n` by the shortest way (the dial following a picked program).
    case item(Int)
    /// Activate (Enter): presses a button; other controls ignore it.
    case activate
}
