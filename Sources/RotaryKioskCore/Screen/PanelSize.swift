/// How large the panel's pixels are, so what a finger taps and what is read from afar can be
/// sized in millimetres: from `[display] diagonal` in the config, from what the display reports
/// (KMSDRM, from the connector), else from a 7-inch 800×480 panel's pixels. Pure arithmetic.
public struct PanelSize: Equatable, Sendable {
    /// Where the size comes from.
    public enum Source: String, Equatable, Sendable {
        /// `[display] diagonal`, inches.
        case config
        /// The display's own report (its dots per inch, from the connector's millimetres).
        case display
        /// Nothing said: a 7-inch 800×480 panel's pixels.
        case assumed
    }

    /// The width (and height) of one pixel, millimetres.
    public let millimetresPerPixel: Double
    /// Where ``millimetresPerPixel`` comes from.
    public let source: Source

    /// A finger's target: ISO 9241-9's and the platforms' least, millimetres.
    public static let fingerMillimetres = 9.0
    /// The least height of the running view's digits where the panel's size is known,
    /// millimetres: read from a bench two metres away.
    public static let heroDigitMillimetres = 15.0
    /// Millimetres in an inch.
    static let inch = 25.4

    /// Pixels `millimetresPerPixel` wide, from `source`; a figure outside 0.05…1 mm (25 to
    /// 500 dots per inch: no kiosk panel's pixel, or a display's garbled report) gives the
    /// assumed panel instead.
    public init(millimetresPerPixel: Double, source: Source) {
        if millimetresPerPixel.isFinite, (0.05...1).contains(millimetresPerPixel) {
            self.millimetresPerPixel = millimetresPerPixel
            self.source = source
        } else {
            self = .assumed
        }
    }

    /// A panel `inches` across its diagonal showing `width`×`height` pixels (square pixels).
    public init(diagonalInches inches: Double, width: Double, height: Double) {
        let pixels = (width * width + height * height).squareRoot()
        self.init(millimetresPerPixel: inches * Self.inch / max(1, pixels), source: .config)
    }

    /// A display reporting `dotsPerInch` (its diagonal figure).
    public init(dotsPerInch: Double) {
        self.init(millimetresPerPixel: Self.inch / dotsPerInch, source: .display)
    }

    /// A 7-inch 800×480 panel's pixels, about 0.19 mm: the kiosk's usual panel, assumed when
    /// nothing says otherwise.
    public static let assumed = PanelSize(sevenInch: ())

    private init(sevenInch: Void) {
        millimetresPerPixel = 7 * Self.inch / (800.0 * 800 + 480 * 480).squareRoot()
        source = .assumed
    }

    /// `millimetres` in pixels.
    public func pixels(millimetres: Double) -> Double { millimetres / millimetresPerPixel }

    /// `pixels` in millimetres.
    public func millimetres(pixels: Double) -> Double { pixels * millimetresPerPixel }

    /// A finger's target (``fingerMillimetres``) in pixels, rounded up.
    public var fingerPixels: Double { pixels(millimetres: Self.fingerMillimetres).rounded(.up) }
}

extension PanelSize: CustomStringConvertible {
    /// A line for the log: the pixel's size, where it comes from and a finger's target.
    public var description: String {
        let where_ = switch source {
        case .config: "from [display] diagonal"
        case .display: "as the display reports"
        case .assumed: "assumed: a 7-inch 800x480 panel's; set [display] diagonal for another"
        }
        let pitch = (millimetresPerPixel * 1000).rounded() / 1000
        return "panel: \(pitch) mm a pixel (\(where_)); a finger's target is \(Int(fingerPixels)) px"
    }
}
