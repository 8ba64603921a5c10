/// Time spent making ring art (the slow work before a ring's first frame, and again when its
/// look or layout changes).
public struct RingArtTime: Equatable, Sendable {
    /// Rings made.
    public var rings = 0
    /// Pictures (segment textures, icons) rasterised.
    public var pictures = Duration.zero
    /// Items laid out on a canvas with their texts and unrolled into polar art.
    public var art = Duration.zero
    /// Pixel maps: which texel each window pixel shows.
    public var maps = Duration.zero
    /// Of the rings made, those read from a ``RingArtStore`` instead of painted.
    public var read = 0
    /// Reading and checking those rings' records.
    public var reading = Duration.zero

    /// `rings` rings made in `pictures`, `art` and `maps`, `read` of them read in `reading` (see each).
    public init(rings: Int = 0, pictures: Duration = .zero, art: Duration = .zero, maps: Duration = .zero, read: Int = 0,
                reading: Duration = .zero) {
        self.rings = rings
        self.pictures = pictures
        self.art = art
        self.maps = maps
        self.read = read
        self.reading = reading
    }

    /// The sums of both.
    static func + (a: RingArtTime, b: RingArtTime) -> RingArtTime {
        RingArtTime(rings: a.rings + b.rings, pictures: a.pictures + b.pictures, art: a.art + b.art, maps: a.maps + b.maps,
                    read: a.read + b.read, reading: a.reading + b.reading)
    }

    /// All of it.
    public var total: Duration { pictures + art + maps + reading }
}
