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
    /// One look per item, item 0 first. The ring's art has as many items as this list, so
    /// give it one per label of the ``RingControl`` it draws.
    public var items: [RingItemLook]
    /// Colour under items without a texture.
    public var fill: RGBA
    /// Width and height of each item's icon, pixels (below 1: icons are not drawn).
    public var iconSize: Double = 0
    /// Distance from the ring's centre to each icon's centre, pixels.
    public var iconRadius: Double = 0
    /// Size of the item names in points (pixels at 72 dpi); a name too wide for its item is
    /// set smaller, then cut.
    public var labelSize: Int = 16
    /// Distance from the ring's centre to the middle of each name, pixels.
    public var labelRadius: Double = 0
    /// Colour of the item names.
    public var labelColor = RGBA(255, 255, 255)
    /// How the names stand as the ring turns: painted into its art and turning with it (the
    /// default, the cheapest), or drawn each frame so they read from where a person stands.
    public var labelOrientation = RingLabelOrientation.turning
    /// Opacity of the names drawn as texts (``RingLabelOrientation/readable`` and
    /// ``RingLabelOrientation/upright``) on items other than the selected one, 0…1; nil: the
    /// items' own ``RingStyle/dimmedOpacity``. A name faded less than its segment's art keeps
    /// its contrast on the dimmed art.
    public var dimmedLabelOpacity: Double?
    /// Gaps, dimming and ticks.
    public var style = RingStyle()

    /// A ring look with `items` on `fill`. What lies around the ring is the draw command's
    /// `backdrop`, or what was drawn before.
    public init(items: [RingItemLook], fill: RGBA) {
        self.items = items
        self.fill = fill
    }
}

/// How a ring's item names stand as it turns.
public enum RingLabelOrientation: String, Equatable, Sendable, CaseIterable {
    /// Part of the ring's art: along the ring, turning with it, so upside down at the bottom.
    case turning
    /// Along the ring, turned round on its lower half, so never more than 90° from level:
    /// drawn as texts over the ring each frame.
    case readable
    /// Level all round, as a clock face's numbers: drawn as texts over the ring each frame.
    case upright
}

/// How a ring's items are separated, dimmed and ticked: the parts of a ring's look that are
/// drawn straight into its polar art.
public struct RingStyle: Equatable, Sendable {
    /// Width in pixels of the gap between neighbouring items (0: continuous band).
    public var gapPixels: Double = 0
    /// Opacity of items other than the selected one (1: no dimming).
    public var dimmedOpacity: Double = 1
    /// Radial tick marks per item, spread evenly with the first on the item's centre (0: no
    /// ticks). The ticks run out to the rim.
    public var ticksPerItem: Int = 0
    /// Where the minor ticks (all but the one on an item's centre) start, pixels from the
    /// ring's centre.
    public var tickFromRadius: Double = 0
    /// Where the major tick (the one on an item's centre) starts, pixels from the ring's
    /// centre: smaller than ``tickFromRadius`` makes it the longer one.
    public var majorTickFromRadius: Double = 0
    /// Width of every tick, pixels.
    public var tickWidth: Double = 2
    /// Colour of the ticks.
    public var tickColor = RGBA(255, 255, 255)

    /// No gaps, no dimming, no ticks.
    public init() {}
}
