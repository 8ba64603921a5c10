import RotaryKit

/// A program's one set point (a temperature, a spin speed): its range, step, starting value
/// and the control that sets it.
public struct ProgramSetting: Equatable, Sendable {
    /// Which control sets the value.
    public enum Style: String, CaseIterable, Sendable {
        /// A track with a thumb: the value follows the finger around the arc.
        case arc
        /// A knob: dragging up or right by the knob's drag distance goes through the range.
        case knob

        /// What the style is, for a person choosing one.
        public var summary: String {
            switch self {
            case .arc: "a track with a thumb"
            case .knob: "turned by drag distance"
            }
        }
    }

    /// What is set, e.g. "Temperature".
    public var name: String
    /// Written after the value, e.g. "°C" (may be empty).
    public var unit: String
    /// The lowest value.
    public var min: Double
    /// The highest value (greater than `min`).
    public var max: Double
    /// The values are `min`, `min + step`, … up to `max`.
    public var step: Double
    /// The value each time the program is selected (on a step).
    public var defaultValue: Double
    /// The control.
    public var style: Style

    /// A set point.
    public init(name: String, unit: String = "", min: Double, max: Double, step: Double, defaultValue: Double,
                style: Style = .arc) {
        self.name = name
        self.unit = unit
        self.min = min
        self.max = max
        self.step = step
        self.defaultValue = defaultValue
        self.style = style
    }

    /// The control for this set point at `value` (clamped and snapped to a step): an arc, or a
    /// knob that goes through the whole range over `knobDragPixels` of drag. Geometry in pixels.
    func slider(id: String, center: Point, radius: Double, thumbRadius: Double, knobDragPixels: Double,
                value: Double) -> ArcSlider {
        let mode: ArcSlider.Mode = style == .arc ? .arc : .knob(axis: .both, valuePerPixel: (max - min) / knobDragPixels)
        return ArcSlider(id: id, center: center, radius: radius, range: min...max, step: step, value: value,
                         thumbRadius: thumbRadius, mode: mode)
    }
}
