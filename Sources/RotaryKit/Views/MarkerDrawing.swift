/// The small pointer that shows which item of a ring is chosen, drawn outside the ring at
/// the marker's angle and pointing at the centre.
public struct MarkerLook: Equatable, Sendable {
    /// The picture, drawn pointing down (it is turned to point at the centre).
    public var art: ArtSource = .builtIn("ui/marker")
    /// Width and height, pixels.
    public var size: Double
    /// Multiplies the picture's colours (white: unchanged).
    public var tint = RGBA(255, 255, 255)

    /// A marker `size` pixels square.
    public init(size: Double) {
        self.size = size
    }

    /// A marker sized for `ring`: a tenth of its band's width, at least 8 pixels.
    public init(for ring: RingControl) {
        self.init(size: max(8, (ring.outerRadius - ring.innerRadius) * 0.1))
    }
}

/// How a marker is drawn.
public enum MarkerDrawing {
    /// A marker whose centre lies `radius` pixels from `center` at screen angle `degrees`,
    /// moved `nudge` pixels sideways (clockwise positive; a refused start shakes it).
    public static func commands(center: Point, radius: Double, degrees: Double, look: MarkerLook,
                                nudge: Double = 0) -> [DrawCommand] {
        let point = Degrees.point(at: degrees, radius: radius, around: center)
        let moved = Degrees.point(at: degrees + 90, radius: nudge, around: point)
        return [.image(ImageDraw(art: look.art, center: moved, width: look.size, height: look.size,
                                 degrees: degrees + 90, tint: look.tint))]
    }
}
