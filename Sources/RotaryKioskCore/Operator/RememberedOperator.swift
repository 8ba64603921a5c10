import RotaryKit

/// What the operator's settings file held when the kiosk started, each field when it was
/// there and sensible (the shell reads and checks the file), and the rule for what the
/// operator's levels are at start.
public struct RememberedOperator: Equatable, Sendable {
    /// The backlight's brightness, of its maximum (nil: none kept).
    public var brightness: Double?
    /// The feedback volume, 0…1 (nil: none kept).
    public var volume: Double?
    /// The touch calibration (nil: none, or one that would not leave the panel touchable).
    public var touch: TouchCalibration?
    /// The wrong PINs and the lock as of the start (a lock that has ended is open).
    public var pinLock: PinLock

    /// Settings remembered as given; nothing by default.
    public init(brightness: Double? = nil, volume: Double? = nil, touch: TouchCalibration? = nil, pinLock: PinLock = .open) {
        self.brightness = brightness
        self.volume = volume
        self.touch = touch
        self.pinLock = pinLock
    }

    /// The operator's levels at start on a panel with a backlight or not (`hasBacklight`):
    /// the remembered brightness, else full, where there is a backlight (none without); the
    /// remembered volume, else the config's `configVolume`. Never the backlight's level as
    /// the kiosk finds it: one stopped while dimmed would start dim.
    public func levels(hasBacklight: Bool, configVolume: Double) -> OperatorLevels {
        OperatorLevels(brightness: hasBacklight ? brightness ?? 1 : nil, volume: volume ?? configVolume)
    }
}
