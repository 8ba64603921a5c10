/// What a control reports, as a value for the shell to act on (tick, callback, JSON line).
public enum ControlEvent: Equatable, Sendable {
    /// The item under the marker changed (a tick for feedback).
    case detent(id: String, index: Int)
    /// The control came to rest on an item (or a slider was let go at a value) other than
    /// the last one. `value` is set for controls that have one.
    case selected(id: String, index: Int, label: String, value: Double?)
    /// A slider's value changed.
    case value(id: String, value: Double)
    /// A button was tapped or activated.
    case pressed(id: String)
    /// A button was held for its long-press time.
    case longPressed(id: String)
}
