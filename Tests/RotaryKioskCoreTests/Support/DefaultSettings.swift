@testable import RotaryKioskCore

extension SessionSettings {
    /// The built-in config's settings, as on a panel (Escape does not quit). These tests set
    /// no service PIN, so the hash check (the shell's crypt) is never asked.
    init() { self.init(config: KioskConfig(), windowed: false) { _, _ in false } }
}
