/// The operator's settings that outlive the service screen: the backlight's brightness and
/// the feedback volume, as fractions 0…1.
public struct OperatorLevels: Equatable, Sendable {
    /// The backlight's brightness, of its maximum; nil: there is no backlight to set.
    public var brightness: Double?
    /// The feedback sounds' volume.
    public var volume: Double

    public init(brightness: Double?, volume: Double) {
        self.brightness = brightness
        self.volume = volume
    }
}
