import CSDL2
import RotaryKit

/// An SDL texture, destroyed with this object. It holds its renderer strongly, because SDL
/// frees a renderer's textures with it; only a texture the renderer keeps for itself does
/// not (it would keep the renderer alive for ever), and the renderer destroys those first.
public final class Texture {
    let pointer: OpaquePointer
    /// The renderer that made the texture, kept alive by it (nil: the renderer's own).
    private let renderer: Renderer?
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// A texture with a copy of `surface`'s pixels, blended and linearly filtered.
    public init(renderer: Renderer, surface: Surface) throws {
        guard let texture = SDL_CreateTextureFromSurface(renderer.pointer, surface.pointer) else {
            throw SDLError("SDL_CreateTextureFromSurface")
        }
        pointer = texture
        self.renderer = renderer
        width = surface.width
        height = surface.height
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    }

    /// An ARGB texture whose pixels are replaced often (``withLockedRows(_:_:)``), drawn without
    /// blending: the frame the raster code composes.
    public init(streamingFor renderer: Renderer, width: Int, height: Int) throws {
        guard let texture = SDL_CreateTexture(renderer.pointer, Surface.format,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                              Int32(width), Int32(height)) else {
            throw SDLError("SDL_CreateTexture(streaming \(width)x\(height))")
        }
        pointer = texture
        self.renderer = renderer
        self.width = width
        self.height = height
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    }

    /// Takes ownership of `texture`, `width`×`height` pixels, which its renderer keeps for
    /// itself (a solid band, ``Renderer/solidTiles``): the texture does not keep the renderer
    /// alive, and the renderer destroys it before itself.
    init(keptByItsRenderer texture: OpaquePointer, width: Int, height: Int) {
        pointer = texture
        renderer = nil
        self.width = width
        self.height = height
    }

    deinit { SDL_DestroyTexture(pointer) }

    /// Locks rows `rows` of a streaming texture and hands `body` their pixels (0xAARRGGBB,
    /// write-only: the old contents are not promised) and the row stride in pixels.
    public func withLockedRows<Result>(_ rows: Range<Int>,
                                       _ body: (UnsafeMutablePointer<UInt32>, Int) throws -> Result) throws -> Result {
        let clamped = rows.clamped(to: 0..<height)
        var rect = SDL_Rect(x: 0, y: Int32(clamped.lowerBound), w: Int32(width), h: Int32(max(1, clamped.count)))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        try check(SDL_LockTexture(pointer, &rect, &pixels, &pitch), "SDL_LockTexture")
        defer { SDL_UnlockTexture(pointer) }
        guard let pixels, pitch % 4 == 0 else { throw SDLError("SDL_LockTexture", message: "unexpected pitch \(pitch)") }
        return try body(pixels.assumingMemoryBound(to: UInt32.self), Int(pitch) / 4)
    }

    /// Multiplies the texture's colours by `color` when drawing (255: unchanged; the colour's
    /// alpha is ignored, see ``setAlphaModulation(_:)``).
    public func setColorModulation(_ color: RGBA) {
        SDL_SetTextureColorMod(pointer, color.r, color.g, color.b)
    }

    /// Multiplies the texture's alpha by `alpha`/255 when drawing (255: unchanged).
    public func setAlphaModulation(_ alpha: UInt8) {
        SDL_SetTextureAlphaMod(pointer, alpha)
    }

    /// Whether drawing the texture blends it over what is there (straight alpha) or replaces
    /// the pixels it covers.
    func setBlended(_ blended: Bool) {
        SDL_SetTextureBlendMode(pointer, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }
}

extension Renderer {
    /// Draws `texture` centred on `center` at its own size, turned clockwise by `degrees`
    /// about its centre.
    public func draw(_ texture: Texture, centeredAt center: Point, degrees: Double = 0) throws {
        let w = Double(texture.width), h = Double(texture.height)
        var rect = SDL_FRect(x: Float(center.x - w / 2), y: Float(center.y - h / 2), w: Float(w), h: Float(h))
        if degrees == 0 {
            try check(SDL_RenderCopyF(pointer, texture.pointer, nil, &rect), "SDL_RenderCopyF")
        } else {
            try check(SDL_RenderCopyExF(pointer, texture.pointer, nil, &rect, degrees, nil, SDL_FLIP_NONE),
                      "SDL_RenderCopyExF")
        }
    }

    /// Draws the `source` pixels of `texture` unscaled onto the `destination` pixels (both
    /// whole pixels, the same size).
    func draw(_ texture: Texture, from source: Rect, to destination: Rect) throws {
        var from = SDL_Rect(wholePixels: source), to = SDL_Rect(wholePixels: destination)
        try check(SDL_RenderCopy(pointer, texture.pointer, &from, &to), "SDL_RenderCopy")
    }
}
