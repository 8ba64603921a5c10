import RotaryKit

/// A ring as drawn on one target: its art unrolled once (``PolarRing``) and the table of
/// which texel each target pixel shows (``RingPixelMap``). Drawing it at any angle is a
/// lookup per pixel; choosing another bright item touches only two items' columns.
public struct RingRaster: Sendable {
    /// Everything a raster is made from: a raster is rebuilt only when this changes.
    public struct Recipe: Equatable, Sendable {
        /// Items, pictures, fonts and colours.
        public var look: RingLook
        /// Centre in target pixels.
        public var center: Point
        /// Radius of the hole, pixels.
        public var innerRadius: Double
        /// Radius of the rim, pixels.
        public var outerRadius: Double
        /// Screen angle of item 0's centre when the ring is not turned, degrees.
        public var markerDegrees: Double
        /// The opaque colour baked into gaps, dimming and the rim, or nil for a transparent
        /// background (the ring is then blended over what lies below it).
        public var backdrop: RGBA?
        /// Width of the target the ring is drawn on, pixels (pixels outside are left out).
        public var targetWidth: Int
        /// Height of the target the ring is drawn on, pixels.
        public var targetHeight: Int

        /// A recipe from its parts; see each property for its meaning and unit.
        public init(look: RingLook, center: Point, innerRadius: Double, outerRadius: Double, markerDegrees: Double,
                    backdrop: RGBA?, targetWidth: Int, targetHeight: Int) {
            self.look = look
            self.center = center
            self.innerRadius = innerRadius
            self.outerRadius = outerRadius
            self.markerDegrees = markerDegrees
            self.backdrop = backdrop
            self.targetWidth = targetWidth
            self.targetHeight = targetHeight
        }

        /// The recipe of a ring command on a target of `targetWidth`×`targetHeight` pixels.
        public init(_ ring: RingDraw, targetWidth: Int, targetHeight: Int) {
            self.init(look: ring.look, center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
                      markerDegrees: ring.markerDegrees, backdrop: ring.backdrop, targetWidth: targetWidth,
                      targetHeight: targetHeight)
        }

        /// The largest outer radius a ring may have, pixels (its art is one row per pixel of
        /// radius, one column per pixel of rim).
        public static let maxRadius = 8192.0

        /// Whether the geometry can be drawn: finite, 0 ≤ inner < outer ≤ ``maxRadius``.
        public var isDrawable: Bool {
            center.x.isFinite && center.y.isFinite && innerRadius >= 0 && innerRadius < outerRadius
                && outerRadius <= Self.maxRadius
        }

        /// Whether `other` paints the same art (looks, radii, marker, backdrop) and differs at
        /// most in where the ring stands: its art can be moved there, only its map made anew.
        public func hasSameArt(as other: Recipe) -> Bool {
            look == other.look && innerRadius == other.innerRadius && outerRadius == other.outerRadius
                && markerDegrees == other.markerDegrees && backdrop == other.backdrop
        }

        /// The target pixels the ring may write: its square (`outerRadius + 1` from the centre),
        /// widened to whole pixels and cut to the target; nil when none lie on the target or
        /// the geometry cannot be drawn.
        public var bounds: Rect? {
            guard isDrawable else { return nil }
            return Rect(center: center, radius: outerRadius + 1).pixelAligned
                .intersection(Rect(x: 0, y: 0, width: Double(targetWidth), height: Double(targetHeight)))
        }
    }

    /// What the raster was made from.
    public let recipe: Recipe
    /// The ring's art, with the selected item at full opacity.
    public private(set) var polar: PolarRing
    /// Which target pixels show which texels.
    public let map: RingPixelMap
    /// Whether making and drawing it may use worker threads.
    public let threads: DrawingThreads
    /// How long making it took.
    public let making: RingArtTime

    /// Paints the ring of `recipe` (texts from `fonts`) with item `selected` bright, and maps
    /// it onto its target. Slow: pictures are rasterised and texts set here. A picture that
    /// cannot be loaded is left out and `artFailure` told why. `threads` says whether this and
    /// every ``draw(rotationDegrees:highlighted:into:rows:columns:)`` may use worker threads.
    public init(_ recipe: Recipe, fonts: FontBook, selected: Int, threads: DrawingThreads = .callerOnly,
                artFailure: (String) -> Void) throws {
        self.recipe = recipe
        self.threads = threads
        let clock = ContinuousClock(), start = clock.now
        let (polar, pictures) = try RingArtist.timedPolarRing(recipe.look, innerRadius: recipe.innerRadius,
                                                              outerRadius: recipe.outerRadius, background: recipe.backdrop,
                                                              fonts: fonts, selected: selected, threads: threads,
                                                              artFailure: artFailure)
        self.polar = polar
        let painted = clock.now
        map = RingPixelMap(width: recipe.targetWidth, height: recipe.targetHeight, cx: recipe.center.x,
                           cy: recipe.center.y, innerRadius: recipe.innerRadius, outerRadius: recipe.outerRadius,
                           markerDegrees: recipe.markerDegrees, ring: polar, threads: threads)
        let end = clock.now
        making = RingArtTime(rings: 1, pictures: pictures, art: start.duration(to: painted) - pictures,
                             maps: painted.duration(to: end))
    }

    /// The ring of `recipe` with the art of `other`, whose recipe has the same art
    /// (``Recipe/hasSameArt(as:)``) and stands elsewhere (the picture shifted against
    /// burn-in): only the pixel map is made, on `other`'s threads.
    public init(_ recipe: Recipe, movingArtOf other: RingRaster) {
        self.recipe = recipe
        threads = other.threads
        polar = other.polar
        let clock = ContinuousClock(), start = clock.now
        map = RingPixelMap(width: recipe.targetWidth, height: recipe.targetHeight, cx: recipe.center.x,
                           cy: recipe.center.y, innerRadius: recipe.innerRadius, outerRadius: recipe.outerRadius,
                           markerDegrees: recipe.markerDegrees, ring: polar, threads: threads)
        making = RingArtTime(rings: 1, maps: start.duration(to: clock.now))
    }

    /// The ring of `recipe` from its art and map as a record kept them (``RingArtStore``),
    /// with item `selected` bright, read in `reading`.
    init(_ recipe: Recipe, polar: PolarRing, map: RingPixelMap, selected: Int, threads: DrawingThreads, reading: Duration) {
        self.recipe = recipe
        self.threads = threads
        self.polar = polar
        self.polar.show(selected: selected)
        self.map = map
        making = RingArtTime(rings: 1, read: 1, reading: reading)
    }

    /// Draws the ring turned clockwise by `rotationDegrees` with item `highlighted` bright
    /// into `target`, which must cover ``Recipe/bounds`` within `rows` and `columns` (target
    /// pixels; only those are written).
    public mutating func draw(rotationDegrees: Double, highlighted: Int, into target: RasterTarget,
                              rows: Range<Int> = Int.min..<Int.max, columns: Range<Int> = Int.min..<Int.max) {
        polar.select(highlighted)
        map.draw(polar, rotationDegrees: rotationDegrees, into: target, rows: rows, columns: columns, threads: threads)
    }
}
