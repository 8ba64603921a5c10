/// How one item of a ring looks, drawn upright as if under a 12 o'clock marker.
public struct RingItemLook: Equatable, Sendable {
    /// The item's name, drawn in the ring (empty: none).
    public var label: String
    /// A texture covering the item (segment art), or nil for the ring's fill colour.
    public var texture: ArtSource?
    /// An icon drawn above the label, or nil.
    public var icon: ArtSource?

    /// An item look.
    public init(label: String, texture: ArtSource? = nil, icon: ArtSource? = nil) {
        self.label = label
        self.texture = texture
        self.icon = icon
    }
}

/// How a whole ring looks: its items, where icon and label sit, fonts, colours, gaps,
/// dimming and tick marks. Distances are pixels from the ring's centre. A ring's art is
/// made from its look once (slow: pictures, text) and reused while the look is equal.
public struct RingLook: Equatable, Sendable {
    public var items: [RingItemLook]
    /// Colour under items without a texture.
    public var fill: RGBA
    /// The opaque colour around the ring.
    public var background: RGBA
    /// Icon size (square) and the radius its centre sits at.
    public var iconSize: Double = 0
    public var iconRadius: Double = 0
    /// Label font size (points) and the radius its centre sits at.
    public var labelSize: Int = 16
    public var labelRadius: Double = 0
    public var labelColor = RGBA(255, 255, 255)
    /// Gaps, dimming and ticks.
    public var style = RingStyle()

    /// A ring look with `items` on `fill`, around which lies `background`.
    public init(items: [RingItemLook], fill: RGBA, background: RGBA) {
        self.items = items
        self.fill = fill
        self.background = background
    }
}

/// How a ring's items are separated, dimmed and ticked: the parts of a ring's look that are
/// drawn straight into its polar art.
public struct RingStyle: Equatable, Sendable {
    /// Width in pixels of the gap between neighbouring items (0: continuous band).
    public var gapPixels: Double = 0
    /// Opacity of items other than the selected one (1: no dimming).
    public var dimmedOpacity: Double = 1
    /// Radial tick marks: `ticksPerItem` ticks per item (the first at the item's centre),
    /// minor ones from `tickFromRadius` and the centre one from `majorTickFromRadius` out to
    /// the rim, `tickWidth` pixels wide. 0 draws none.
    public var ticksPerItem: Int = 0
    public var tickFromRadius: Double = 0
    public var majorTickFromRadius: Double = 0
    public var tickWidth: Double = 2
    public var tickColor = RGBA(255, 255, 255)

    /// No gaps, no dimming, no ticks.
    public init() {}
}
