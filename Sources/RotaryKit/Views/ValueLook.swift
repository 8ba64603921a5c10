/// How a control's value is written in its middle, with an optional caption under it: shared
/// by ``ArcSliderLook`` and ``KnobLook``.
public struct ValueLook: Equatable, Sendable {
    /// Digits after the decimal point (clamped to 0…9 when written).
    public var decimals: Int
    /// Written after the number with a space, e.g. "°C" gives "80 °C" (empty: the number alone).
    public var unit: String
    /// The digits and decimal separator the value is written with.
    public var numbers = NumberStyle.standard
    /// Size of the value in points (pixels at 72 dpi).
    public var points: Int
    /// Colour of the value.
    public var color = RGBA(255, 255, 255)
    /// A name written under the value (empty: none).
    public var caption: String
    /// Size of the caption in points.
    public var captionPoints: Int
    /// Colour of the caption (dimmer than the value).
    public var captionColor = RGBA(148, 163, 184)
    /// The screen angle that is "up" for the person reading, degrees (−90°: the top of the
    /// window). Texts are turned to match and the caption sits on the opposite side.
    public var upDegrees: Double = -90

    /// A value look: the value `points` high, the caption at 45 % of that.
    public init(points: Int, decimals: Int = 0, unit: String = "", caption: String = "") {
        self.points = points
        self.decimals = decimals
        self.unit = unit
        self.caption = caption
        captionPoints = max(6, points * 45 / 100)
    }

    /// `value` with `decimals` digits after the point and the unit: `"80 °C"`, `"-0.5 V"`,
    /// `"12"`, written in ``numbers`` (`"-0,5 V"`). Rounded half away from zero; never "-0". A
    /// value too large for exact digits is written as Swift prints it ("1e+20"), a
    /// non-finite one as a dash.
    public func text(_ value: Double) -> String {
        let number = numbers.write(Self.number(value, decimals: decimals))
        return unit.isEmpty ? number : number + " " + unit
    }

    /// The fewest decimals (0…6) that show every multiple of `step` exactly: 1 → 0,
    /// 0.5 → 1, 0.25 → 2.
    public static func decimals(forStep step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        var scaled = step
        for places in 0..<6 {
            if abs(scaled - scaled.rounded()) <= 1e-9 * max(1, scaled) { return places }
            scaled *= 10
        }
        return 6
    }

    private static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let places = min(max(decimals, 0), 9)
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 0x1p53 else { return "\(value)" }
        let digits = UInt64(scaled)
        var text = String(digits / scale)
        if places > 0 {
            let fraction = String(digits % scale)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return value < 0 && digits > 0 ? "-" + text : text
    }
}
