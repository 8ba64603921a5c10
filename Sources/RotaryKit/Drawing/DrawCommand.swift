/// One thing to draw, as plain data in window pixels and screen degrees (0° right, 90°
/// down, clockwise positive). Control views produce these; an executor (RotarySDL's
/// `DrawListExecutor`) turns a list of them into pixels, blending over what is already
/// there unless a command says otherwise.
public enum DrawCommand: Equatable, Sendable {
    /// Fills a rectangle (the whole target when nil) with a colour, blended.
    case fill(Rect?, RGBA)
    /// Limits the commands after it to a rectangle (nil: no limit) until the next `clip`.
    case clip(Rect?)
    /// A ring of items turned to an angle (the program wheel, the timer dial).
    case ring(RingDraw)
    /// An arc or circle stroked with anti-aliased edges.
    case arc(ArcStroke)
    /// A filled, anti-aliased circle: `center` in window pixels, `radius` in pixels.
    case disc(center: Point, radius: Double, color: RGBA)
    /// A picture at a size, turned, tinted.
    case image(ImageDraw)
    /// A line of text centred on a point, turned.
    case text(TextDraw)

    /// The pixels this command can change (nil: the whole target). Texts are bounded by their
    /// largest possible size, so a region is never too small.
    public var bounds: Rect? {
        switch self {
        case .fill(let rect, _): rect
        case .clip(let rect): rect  // what a changed clip reveals or hides lies inside it
        case .ring(let ring): Rect(center: ring.center, radius: ring.outerRadius + 1)
        case .arc(let arc): Rect(center: arc.center, radius: arc.radius + arc.width / 2 + 1)
        case .disc(let center, let radius, _): Rect(center: center, radius: radius + 1)
        case .image(let image): Rect(center: image.center, radius: (image.width * image.width + image.height * image.height).squareRoot() / 2 + 1)
        case .text(let text): Rect(center: text.center, radius: Self.reach(of: text))
        }
    }

    /// How far a text can reach from its centre, pixels: a box at most `maxWidth` wide and 1.6
    /// line heights high, turned any way about its centre.
    private static func reach(of text: TextDraw) -> Double {
        let (w, h) = (text.maxWidth, 1.6 * Double(max(text.points, 4)))
        return (w * w + h * h).squareRoot() / 2 + 1
    }
}

/// A ring control drawn from its look, turned by `rotationDegrees`.
public struct RingDraw: Equatable, Sendable {
    /// Items, pictures, fonts and colours. The ring's art is made once per look and geometry.
    public var look: RingLook
    /// Centre in window pixels.
    public var center: Point
    /// Radius of the hole, pixels: nothing is drawn inside it.
    public var innerRadius: Double
    /// Radius of the rim, pixels.
    public var outerRadius: Double
    /// Screen angle of the marker: where item 0's centre sits when the ring is not turned.
    public var markerDegrees: Double
    /// How far the ring is turned clockwise, degrees (unwrapped: any value).
    public var rotationDegrees: Double
    /// The item drawn at full opacity; the others are dimmed as the look says.
    public var highlighted: Int
    /// A colour the ring's square is painted opaque with around the ring (fast: no blending),
    /// or nil to blend the ring over what is already drawn, as an embedded control does.
    public var backdrop: RGBA?

    /// A ring command; see each property for its meaning and unit.
    public init(look: RingLook, center: Point, innerRadius: Double, outerRadius: Double, markerDegrees: Double,
                rotationDegrees: Double, highlighted: Int, backdrop: RGBA? = nil) {
        self.look = look
        self.center = center
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.markerDegrees = markerDegrees
        self.rotationDegrees = rotationDegrees
        self.highlighted = highlighted
        self.backdrop = backdrop
    }
}

/// A stroke along a circle: `width` pixels wide, centred on `radius`, from `fromDegrees`
/// clockwise through `sweepDegrees` (360: a full circle), optionally with round ends.
public struct ArcStroke: Equatable, Sendable {
    /// Centre of the circle, window pixels.
    public var center: Point
    /// Radius of the stroke's middle line, pixels.
    public var radius: Double
    /// Stroke width, pixels.
    public var width: Double
    /// Screen angle where the stroke starts, degrees.
    public var fromDegrees: Double
    /// Clockwise extent, degrees (≤ 0 draws nothing; ≥ 360 a full ring).
    public var sweepDegrees: Double
    /// Colour of the stroke, blended over what is below (its alpha fades it).
    public var color: RGBA
    /// Whether the ends are rounded (a progress track) rather than cut square.
    public var roundCaps: Bool

    /// A stroke; see each property for its meaning and unit (a full circle by default).
    public init(center: Point, radius: Double, width: Double, fromDegrees: Double = 0, sweepDegrees: Double = 360,
                color: RGBA, roundCaps: Bool = false) {
        self.center = center
        self.radius = radius
        self.width = width
        self.fromDegrees = fromDegrees
        self.sweepDegrees = sweepDegrees
        self.color = color
        self.roundCaps = roundCaps
    }
}

/// A picture drawn centred on `center` at `width`×`height` pixels, turned clockwise by
/// `degrees` about its centre, its colours multiplied by `tint` (white, opaque: unchanged;
/// the tint's alpha fades the picture).
public struct ImageDraw: Equatable, Sendable {
    /// The picture: rasterised by the executor at the pixel size drawn.
    public var art: ArtSource
    /// Where the picture's centre lands, window pixels.
    public var center: Point
    /// Width the picture is drawn at, pixels (before turning).
    public var width: Double
    /// Height the picture is drawn at, pixels (before turning).
    public var height: Double
    /// Clockwise turn about the centre, degrees (0: upright as the art is drawn).
    public var degrees: Double
    /// Multiplies the picture's colours; its alpha fades the picture (opaque white: unchanged).
    public var tint: RGBA

    /// A picture command; see each property for its meaning and unit.
    public init(art: ArtSource, center: Point, width: Double, height: Double, degrees: Double = 0,
                tint: RGBA = RGBA(255, 255, 255)) {
        self.art = art
        self.center = center
        self.width = width
        self.height = height
        self.degrees = degrees
        self.tint = tint
    }
}

/// One line of text centred on `center`, at `points` (pixels at 72 dpi), turned clockwise
/// by `degrees`, drawn `widthScale` as wide as the font sets it. Text wider than `maxWidth`
/// pixels is set smaller (down to 60 %, or `leastPoints` where larger), then squeezed sideways as far as
/// `narrowestFit` allows, and then cut with an ellipsis. The colour's alpha fades it.
public struct TextDraw: Equatable, Sendable {
    /// The text, one line.
    public var text: String
    /// Size in points (pixels at 72 dpi), before any fitting to ``maxWidth``.
    public var points: Int
    /// Where the middle of the text lands, window pixels.
    public var center: Point
    /// The widest the text may be, pixels: wider text is set smaller, then cut.
    public var maxWidth: Double
    /// Clockwise turn about the centre, degrees (0: level, reading left to right).
    public var degrees: Double
    /// Colour of the letters; its alpha fades the text.
    public var color: RGBA
    /// Where a text narrower than `maxWidth` sits in the box `maxWidth` wide centred on
    /// `center`, along its own line (so a turned text keeps its alignment as read).
    public var alignment: TextAlignment
    /// How wide the letters are drawn, as a fraction of the width the font sets them at,
    /// 0.5…1 (1: as the font draws them): a narrower, condensed line for large digits where the
    /// room is narrow, its height kept. ``maxWidth`` holds for the narrowed line.
    public var widthScale: Double
    /// Where even the smallest size is too wide for ``maxWidth``, how far the line may be
    /// squeezed sideways before it is cut, 0.5…1 (1: never squeezed, cut at once): a long
    /// name kept whole.
    public var narrowestFit: Double
    /// The smallest size fitting to ``maxWidth`` may set the text at, points, where it is more
    /// than 60 % of ``points`` (never more than ``points``): a screen's least readable size,
    /// below which a line is squeezed (``narrowestFit``) rather than set smaller.
    public var leastPoints: Int

    /// A text command; see each property for its meaning and unit.
    public init(_ text: String, points: Int, center: Point, maxWidth: Double, degrees: Double = 0,
                color: RGBA = RGBA(255, 255, 255), alignment: TextAlignment = .center, widthScale: Double = 1,
                narrowestFit: Double = 1, leastPoints: Int = 0) {
        self.leastPoints = max(0, leastPoints)
        self.widthScale = widthScale.isFinite ? min(1, max(0.5, widthScale)) : 1
        self.narrowestFit = narrowestFit.isFinite ? min(1, max(0.5, narrowestFit)) : 1
        self.text = text
        self.points = points
        self.center = center
        self.maxWidth = maxWidth
        self.degrees = degrees
        self.color = color
        self.alignment = alignment
    }

    /// Where the middle of a text `width` pixels wide lands: `center`, or moved along the
    /// line towards the box's start or end (not when `maxWidth` is not finite).
    public func middle(forWidth width: Double) -> Point {
        guard alignment != .center, maxWidth.isFinite, width.isFinite else { return center }
        let shift = max(0, maxWidth - width) / 2 * (alignment == .right ? 1 : -1)
        return Degrees.point(at: degrees, radius: shift, around: center)
    }
}

/// Where a text sits in the box it may fill.
public enum TextAlignment: String, Equatable, Sendable, CaseIterable {
    /// In the middle.
    case center
    /// Against the box's left end (its start in a left-to-right language).
    case left
    /// Against the box's right end (its start in a right-to-left language).
    case right
}
