import FoundationEssentials
import RotaryKit

/// Paints each item of a ring upright on a canvas with SDL's software renderer (segment
/// texture, icon, label) and unrolls it into a ``PolarRing``: the slow, careful work, done
/// once per layout so that every frame after it is a lookup. The ring's pictures (segment
/// textures, icons) are decoded all at once on every core, then each is let go as its texture
/// is made; one canvas serves every item in turn.
public enum RingArtist {
    /// The polar art of a ring with radii `innerRadius`…`outerRadius` on `background` (an
    /// opaque colour, or nil for a transparent background), texts from `fonts`, item
    /// `selected` bright. A segment texture or icon that cannot be loaded costs only itself
    /// (the item shows its fill colour, or no icon): `artFailure` is told why, once per
    /// picture. Only SDL itself failing throws. `threads` says whether pictures and rows are
    /// made on worker threads.
    public static func polarRing(_ look: RingLook, innerRadius: Double, outerRadius: Double, background: RGBA?,
                                 fonts: FontBook, selected: Int, threads: DrawingThreads = .callerOnly,
                                 artFailure: (String) -> Void) throws -> PolarRing {
        try timedPolarRing(look, innerRadius: innerRadius, outerRadius: outerRadius, background: background, fonts: fonts,
                           selected: selected, threads: threads, artFailure: artFailure).ring
    }

    /// ``polarRing(_:innerRadius:outerRadius:background:fonts:selected:threads:artFailure:)``,
    /// and how long rasterising its pictures took.
    static func timedPolarRing(_ look: RingLook, innerRadius: Double, outerRadius: Double, background: RGBA?,
                               fonts: FontBook, selected: Int, threads: DrawingThreads,
                               artFailure: (String) -> Void) throws -> (ring: PolarRing, pictures: Duration) {
        let art = art(look, innerRadius: innerRadius, outerRadius: outerRadius, background: background)
        var polar = PolarRing(art: art, columns: columns(outerRadius: outerRadius))
        let frame = CanvasFrame(itemCount: art.itemCount, innerRadius: innerRadius, outerRadius: outerRadius)
        let canvas = try Surface(width: frame.width, height: frame.height)
        let renderer = try Renderer(surface: canvas)
        let side = max(frame.width, frame.height), iconSize = Int(look.iconSize.rounded())
        // Every picture once, at the size of its first use, all loaded at once.
        var sizes: [ArtSource: Int] = [:], order: [ArtSource] = []
        for item in look.items {
            for (source, size) in [(item.texture, side), (look.iconSize >= 1 ? item.icon : nil, iconSize)] {
                guard let source, sizes[source] == nil else { continue }
                sizes[source] = size
                order.append(source)
            }
        }
        // Each picture is let go as soon as its texture (a copy) is made: holding both would
        // double the peak memory of the ring's start-up.
        var textures: [ArtSource: Texture] = [:]
        let clock = ContinuousClock(), loading = clock.now
        var pictures = ImageLoader.loadAll(order.map { ($0, sizes[$0]!, sizes[$0]!) }, threads: threads)
        let picturesTime = loading.duration(to: clock.now)
        for source in order {  // a few pictures: taking them from the front costs nothing worth saving
            do { textures[source] = try Texture(renderer: renderer, surface: pictures.removeFirst().get()) } catch {
                artFailure("\(error)")
            }
        }
        for (index, item) in look.items.enumerated() {
            // Premultiplied: SDL's blending over a premultiplied canvas keeps it premultiplied,
            // which is what the polar ring samples (a translucent fill stays right).
            try renderer.clear(premultiplied(look.fill))
            if let source = item.texture, let texture = textures[source] {
                try renderer.draw(texture, centeredAt: Point(x: Double(frame.width) / 2, y: Double(frame.height) / 2))
            }
            if let icon = item.icon, look.iconSize >= 1, let texture = textures[icon] {
                try renderer.draw(texture, centeredAt: frame.point(atRadius: look.iconRadius))
            }
            if !item.label.isEmpty && look.labelOrientation == .turning {
                let text = try fonts.renderFitting(item.label, size: look.labelSize,
                                                   maxWidth: frame.chord(atRadius: look.labelRadius) * 0.86,
                                                   color: look.labelColor)
                try renderer.draw(Texture(renderer: renderer, surface: text), centeredAt: frame.point(atRadius: look.labelRadius))
            }
            renderer.present()
            polar.paint(item: index, picture: canvas.pixelBuffer(), center: (frame.centerX, frame.centerY), threads: threads)
        }
        polar.show(selected: selected)
        return (polar, picturesTime)
    }

    /// The look of a ring with `look` between the radii on `background`, before its items are painted.
    static func art(_ look: RingLook, innerRadius: Double, outerRadius: Double, background: RGBA?) -> RingArt {
        RingArt(innerRadius: innerRadius, outerRadius: outerRadius, itemCount: look.items.count,
                background: RingArt.backgroundWord(background), style: look.style)
    }

    /// The columns asked of a ring's polar art: a little more than one per pixel of its rim.
    static func columns(outerRadius: Double) -> Int { Int((2 * Double.pi * outerRadius * 1.1).rounded(.up)) }

    /// `color` with its channels multiplied by its alpha, as the canvas holds colours.
    private static func premultiplied(_ color: RGBA) -> RGBA {
        func scaled(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * Int(color.a) + 127) / 255) }
        return RGBA(scaled(color.r), scaled(color.g), scaled(color.b), color.a)
    }
}

/// The canvas one upright item is painted on: the bounding box of the ring's sector at
/// 12 o'clock, with the ring's centre at (`centerX`, `centerY`).
struct CanvasFrame {
    let width: Int
    let height: Int
    let centerX: Double
    let centerY: Double
    private let halfAngle: Double

    init(itemCount: Int, innerRadius: Double, outerRadius: Double) {
        halfAngle = 180 / Double(itemCount) * .pi / 180
        let pad = 2.0
        if halfAngle >= .pi / 2 {
            width = Int((2 * (outerRadius + pad)).rounded(.up))
            height = width
            centerX = Double(width) / 2
            centerY = Double(height) / 2
        } else {
            width = Int((2 * (outerRadius * sin(halfAngle) + pad)).rounded(.up))
            height = Int((outerRadius - innerRadius * cos(halfAngle) + 2 * pad).rounded(.up))
            centerX = Double(width) / 2
            centerY = outerRadius + pad
        }
    }

    /// The canvas point straight above the centre at `radius`.
    func point(atRadius radius: Double) -> Point { Point(x: centerX, y: centerY - radius) }

    /// The width of the item's sector at `radius`.
    func chord(atRadius radius: Double) -> Double {
        halfAngle >= .pi / 2 ? 2 * radius : 2 * radius * sin(halfAngle)
    }
}
