/// Which control of a ``ControlPanel``: its kind and its place on that kind's shelf. The
/// closed set of control kinds: a switch over it is checked by the compiler, so a new kind
/// cannot be forgotten anywhere controls are routed, drawn or reported.
public enum ControlRef: Hashable, Sendable {
    /// `panel.rings[index]`: the program wheel or the timer dial.
    case ring(Int)
    /// `panel.buttons[index]`: the centre button.
    case button(Int)
    /// `panel.sliders[index]`: an arc slider or a knob.
    case slider(Int)
    /// `panel.strips[index]`: the category strip.
    case strip(Int)
}
