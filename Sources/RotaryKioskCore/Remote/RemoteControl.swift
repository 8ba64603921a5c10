/// How much a command from outside the kiosk (MQTT's `<base>/set/<what>`) may do: the
/// `[mqtt] control` setting.
public enum RemoteControl: String, CaseIterable, Sendable {
    /// Publish only: every command is rejected.
    case none
    /// `pause` and `cancel` always; `start`, `resume` and changes to the program, minutes and
    /// set point only while a person has armed remote start at the kiosk (a control on its
    /// screen, for ``SessionSettings/armSeconds``) and nobody is using its screen. An
    /// accepted `start` uses the arming up.
    case armed
    /// Every command, always (unattended machines).
    case full

    /// Whether the kiosk's screen shows the arming control.
    public var showsArming: Bool { self == .armed }
}
