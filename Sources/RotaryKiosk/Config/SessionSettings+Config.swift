extension SessionSettings {
    /// The defaults: those of the built-in ``KioskConfig``, Escape not quitting.
    public init() { self.init(config: KioskConfig(), windowed: false) }

    /// The settings of `config`, with Escape quitting when `windowed`; the PIN is checked
    /// with libxcrypt.
    public init(config: KioskConfig, windowed: Bool) {
        self.init(config: config, windowed: windowed) { PinHash.matches(pin: $0, hash: $1) }
    }
}
