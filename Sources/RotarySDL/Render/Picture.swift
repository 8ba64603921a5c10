import CSDL2
import RotaryKit

/// A picture as a texture of the part of it that shows: the smallest rectangle holding every
/// pixel that is not wholly transparent, with one pixel more on each side where the picture
/// has it (so a turned picture is sampled at its edges just as the whole would be). Drawn
/// where, and turned about the point where, the whole picture would be.
///
/// On SDL's software renderer, which places a picture at whole pixels, a picture drawn
/// upright gives the same pixels as the whole; a turned one is sampled by ``PictureTurn``:
/// the same pixels as SDL's own turn of the whole, which samples its whole bounding box into
/// a new surface every time. Tinted (a text's alpha), its samples are mixed straight into the
/// frame as SDL's modulating blitter would mix them (``ModulatedBlend``); untinted, they go
/// into a texture kept for the next frame, which SDL blends. A quarter turn is left to SDL,
/// which copies whole pixels then.
final class Picture {
    /// The part that shows, nil when nothing does.
    let texture: Texture?
    /// Size of the whole picture, pixels.
    let width: Int, height: Int
    /// Where ``texture`` lies in the whole picture: its top-left pixel.
    let offsetX: Int, offsetY: Int
    /// About how many bytes of memory it holds: its part's texture, and on the software
    /// renderer that part's pixels and a turned copy as large again (for a cache's budget).
    var bytes: Int { (texture.map { $0.width * $0.height * 4 } ?? 0) * (pixels == nil ? 1 : 3) }
    /// The part's pixels, kept on the software renderer to turn them.
    private let pixels: PixelBuffer?
    /// The part cut into opaque blocks and the rest, on the software renderer, when that
    /// draws it upright faster than blending it whole.
    private let bands: OpaqueBands?
    /// Where the part is drawn turned and untinted on the software renderer, made when first
    /// needed, and the angle it holds the part turned by: a turn depends on nothing else, so
    /// a picture drawn at the same angle again (a marker, a knob at rest) is not sampled again.
    private(set) var turned: Texture?
    private var turnedDegrees: Double?

    /// `surface`'s visible part as a texture made by `renderer`.
    init(_ surface: Surface, renderer: Renderer) throws {
        width = surface.width
        height = surface.height
        guard let shown = surface.visibleBounds() else {
            (texture, offsetX, offsetY, pixels, bands) = (nil, 0, 0, nil, nil)
            return
        }
        let x = max(0, shown.x - 1), y = max(0, shown.y - 1)
        let w = min(width, shown.x + shown.width + 1) - x, h = min(height, shown.y + shown.height + 1) - y
        let part = w == width && h == height ? surface : try surface.cropped(x: x, y: y, width: w, height: h)
        texture = try Texture(renderer: renderer, surface: part)
        (offsetX, offsetY) = (x, y)
        pixels = renderer.isSoftware ? part.pixelBuffer() : nil
        bands = pixels.flatMap { OpaqueBands($0) }
    }

    /// Draws the picture centred on `center`, turned clockwise by `degrees` about its centre,
    /// its colours and alpha multiplied by `tint`.
    func draw(centeredAt center: Point, degrees: Double, tint: RGBA, on renderer: Renderer) throws {
        guard let texture, center.x.isFinite, center.y.isFinite, degrees.isFinite else { return }
        var left = Float(center.x - Double(width) / 2), top = Float(center.y - Double(height) / 2)
        if renderer.isSoftware {
            // Where SDL's software renderer puts the whole picture: it cuts the position to
            // whole pixels, towards zero. Far off the target there is nothing to draw.
            (left, top) = (left.rounded(.towardZero), top.rounded(.towardZero))
            guard abs(left) < 16_777_216, abs(top) < 16_777_216 else { return }
        }
        // A quarter turn moves whole pixels: SDL does that by copying them.
        if degrees != 0, (degrees / 90).rounded() != degrees / 90, let pixels {
            return try drawTurned(pixels, left: Int(left), top: Int(top), degrees: degrees, tint: tint, on: renderer)
        }
        texture.setColorModulation(tint)
        texture.setAlphaModulation(tint.a)
        if degrees == 0, tint.a == 255, let bands {
            return try drawInBands(bands, texture: texture, left: Int(left) + offsetX, top: Int(top) + offsetY, on: renderer)
        }
        var rect = SDL_FRect(x: left + Float(offsetX), y: top + Float(offsetY), w: Float(texture.width),
                             h: Float(texture.height))
        if degrees == 0 {
            try check(SDL_RenderCopyF(renderer.pointer, texture.pointer, nil, &rect), "SDL_RenderCopyF")
        } else {
            var pivot = SDL_FPoint(x: Float(width) / 2 - Float(offsetX), y: Float(height) / 2 - Float(offsetY))
            try check(SDL_RenderCopyExF(renderer.pointer, texture.pointer, nil, &rect, degrees, &pivot, SDL_FLIP_NONE),
                      "SDL_RenderCopyExF")
        }
    }

    /// The software renderer's upright picture, the part's top-left corner at (`left`, `top`):
    /// each band's opaque block copied, the rest blended. The same pixels as blending the
    /// whole: a pixel blended at full alpha is the pixel.
    private func drawInBands(_ bands: OpaqueBands, texture: Texture, left: Int, top: Int, on renderer: Renderer) throws {
        func copy(_ columns: Range<Int>, _ rows: Range<Int>) throws {
            guard !columns.isEmpty else { return }
            var source = SDL_Rect(x: Int32(columns.lowerBound), y: Int32(rows.lowerBound), w: Int32(columns.count),
                                  h: Int32(rows.count))
            var rect = SDL_Rect(x: Int32(left + columns.lowerBound), y: Int32(top + rows.lowerBound), w: source.w, h: source.h)
            try check(SDL_RenderCopy(renderer.pointer, texture.pointer, &source, &rect), "SDL_RenderCopy")
        }
        texture.setBlended(false)
        for band in bands.bands { try copy(band.opaque, band.rows) }
        texture.setBlended(true)
        for band in bands.bands {
            if band.opaque.isEmpty {
                try copy(band.visible, band.rows)
            } else {
                try copy(band.visible.lowerBound..<band.opaque.lowerBound, band.rows)
                try copy(band.opaque.upperBound..<band.visible.upperBound, band.rows)
            }
        }
    }

    /// The software renderer's turn: the whole picture's top-left corner at (`left`, `top`).
    private func drawTurned(_ pixels: PixelBuffer, left: Int, top: Int, degrees: Double, tint: RGBA,
                            on renderer: Renderer) throws {
        let turn = PictureTurn(sourceWidth: pixels.width, sourceHeight: pixels.height, left: left + offsetX,
                               top: top + offsetY, pivotX: Double(width) / 2 - Double(offsetX),
                               pivotY: Double(height) / 2 - Double(offsetY), degrees: degrees)
        guard turn.width > 0, turn.height > 0 else { return }
        if try blendTurned(turn, of: pixels, tint: tint, on: renderer) { return }
        if turned.map({ $0.width < turn.width || $0.height < turn.height }) ?? true {
            // Large enough for any angle: the part's diagonal, and a pixel each side.
            let side = Int(Double(pixels.width * pixels.width + pixels.height * pixels.height).squareRoot().rounded(.up)) + 2
            turned = try Texture(streamingFor: renderer, width: max(side, turn.width), height: max(side, turn.height))
            turned?.setBlended(true)
            turnedDegrees = nil
        }
        guard let turned else { return }
        if turnedDegrees != degrees {
            try turned.withLockedRows(0..<turn.height) { target, stride in
                pixels.pixels.withUnsafeBufferPointer { source in
                    turn.render(source.baseAddress!, into: target, stride: stride)
                }
            }
            turnedDegrees = degrees
        }
        turned.setColorModulation(tint)
        turned.setAlphaModulation(tint.a)
        var source = SDL_Rect(x: 0, y: 0, w: Int32(turn.width), h: Int32(turn.height))
        var rect = SDL_Rect(x: Int32(turn.x), y: Int32(turn.y), w: Int32(turn.width), h: Int32(turn.height))
        try check(SDL_RenderCopy(renderer.pointer, turned.pointer, &source, &rect), "SDL_RenderCopy")
    }

    /// Lays `turn` straight over the software renderer's frame when `tint` modulates (as a
    /// text's alpha does), the program draws in output pixels and this process's SDL mixes as
    /// ``ModulatedBlend`` does: SDL would mix every pixel of the turned box, most of them
    /// transparent; this mixes only the pixels the picture covers, within the viewport and
    /// clip as SDL would. False when it cannot, and nothing is drawn.
    private func blendTurned(_ turn: PictureTurn, of pixels: PixelBuffer, tint: RGBA, on renderer: Renderer) throws -> Bool {
        guard ModulatedBlend.applies(to: tint), ModulatedBlend.matchesSDL, ProgramSpace(of: renderer).isOutputPixels else {
            return false
        }
        let area = renderer.drawableArea
        // Wholly outside: nothing to draw, by this way or SDL's.
        guard area.x.overlaps(turn.x..<turn.x + turn.width), area.y.overlaps(turn.y..<turn.y + turn.height) else { return true }
        return try renderer.withFramePixels { frame in
            let within = (x: area.x.clamped(to: 0..<frame.width), y: area.y.clamped(to: 0..<frame.height))
            pixels.pixels.withUnsafeBufferPointer { source in
                turn.blend(source.baseAddress!, into: frame.target, within: within,
                           mixing: ModulatedBlend(tint: tint, keepsAlpha: frame.keepsAlpha))
            }
        }
    }
}
