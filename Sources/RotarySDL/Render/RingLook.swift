import RotaryKit

/// How one item of a ring looks, drawn upright as if under a 12 o'clock marker.
public struct RingItemLook: Sendable {
    /// The item's name, drawn in the ring (empty: none).
    public var label: String
    /// A texture covering the item (segment art), or nil for the ring's fill colour.
    public var texture: ImageLoader.Source?
    /// An icon drawn above the label, or nil.
    public var icon: ImageLoader.Source?

    /// An item look.
    public init(label: String, texture: ImageLoader.Source? = nil, icon: ImageLoader.Source? = nil) {
        self.label = label
        self.texture = texture
        self.icon = icon
    }
}

/// How a whole ring looks: its items, where icon and label sit, fonts, colours, gaps,
/// dimming and tick marks. Distances are pixels from the ring's centre.
public struct RingLook: Sendable {
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
    /// Gaps, dimming and ticks (colours as 0xAARRGGBB).
    public var style = RingStyle()

    /// A ring look with `items` on `fill`, around which lies `background`.
    public init(items: [RingItemLook], fill: RGBA, background: RGBA) {
        self.items = items
        self.fill = fill
        self.background = background
    }
}
