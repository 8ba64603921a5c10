/// A set point as a countdown carries it into its events, hooks and saved state: what was
/// set, to which value, in which unit.
public struct SettingReading: Equatable, Sendable {
    /// What is set, e.g. "Temperature".
    public var name: String
    /// The value chosen.
    public var value: Double
    /// Its unit, e.g. "°C" (may be empty).
    public var unit: String

    /// A reading.
    public init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}
