import CSDL2
import RotaryKit

/// How SDL 2.26 blends a pixel of a texture whose colour or alpha is modulated over a
/// software renderer's 32-bit target: its generated `…_Modulate_Blend` blitters, plain C
/// that is the same on every processor. (An unmodulated texture takes other blitters,
/// MMX or NEON where there is one, whose rounding differs: those stay SDL's to do. In an
/// RGB888 target SDL also writes 0 into the padding byte of every pixel of the box; this
/// leaves the padding of the pixels it does not mix.)
struct ModulatedBlend {
    /// The texture's colour and alpha modulation, 0…255.
    private let red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32
    /// Whether the target keeps alpha (ARGB8888); in an RGB888 target SDL writes it as 0.
    private let keepsAlpha: Bool

    /// Whether SDL blends a texture modulated by `tint` this way: when `tint` modulates
    /// something, so that SDL does not choose another blitter.
    static func applies(to tint: RGBA) -> Bool { tint != RGBA(255, 255, 255, 255) }

    /// Whether the SDL this process runs mixes as ``mix(_:over:)`` does, into both target
    /// formats: seen once, by letting SDL blit every source alpha with a tint and comparing.
    /// Another SDL (SDL 3's rounding, sdl2-compat) keeps drawing its own way.
    static let matchesSDL = [true, false].allSatisfy(sdlMixesAlike(keepsAlpha:))

    /// Whether SDL's blit of 256 pixels, one per source alpha, with colour and alpha tinted,
    /// into a target that keeps alpha or not, gives what ``mix(_:over:)`` gives.
    private static func sdlMixesAlike(keepsAlpha: Bool) -> Bool {
        let format = keepsAlpha ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_RGB888
        guard let source = SDL_CreateRGBSurfaceWithFormat(0, 256, 1, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return false }
        defer { SDL_FreeSurface(source) }
        guard let target = SDL_CreateRGBSurfaceWithFormat(0, 256, 1, 32, format.rawValue) else { return false }
        defer { SDL_FreeSurface(target) }
        let tint = RGBA(201, 150, 99, 180), blend = ModulatedBlend(tint: tint, keepsAlpha: keepsAlpha)
        let sources = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let targets = target.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var expected: [UInt32] = []
        for i in 0..<256 {
            let word = UInt32(i) &* 2_654_435_761
            (sources[i], targets[i]) = (UInt32(i) << 24 | word >> 8, word)
            expected.append(blend.mix(sources[i], over: targets[i]))
        }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
        SDL_SetSurfaceColorMod(source, tint.r, tint.g, tint.b)
        SDL_SetSurfaceAlphaMod(source, tint.a)
        guard SDL_UpperBlit(source, nil, target, nil) == 0 else { return false }
        return (0..<256).allSatisfy { targets[$0] == expected[$0] }
    }

    /// The blend of a texture modulated by `tint` over a target that keeps alpha or not.
    init(tint: RGBA, keepsAlpha: Bool) {
        (red, green, blue, alpha) = (UInt32(tint.r), UInt32(tint.g), UInt32(tint.b), UInt32(tint.a))
        self.keepsAlpha = keepsAlpha
    }

    /// `source` (0xAARRGGBB, straight alpha) modulated and laid over `target`, as SDL does it:
    /// each channel's product divided by 255, rounded down. (No product exceeds 255 · 255, so
    /// the arithmetic wraps without checks.)
    @inline(__always)
    func mix(_ source: UInt32, over target: UInt32) -> UInt32 {
        let a = (source >> 24) &* alpha / 255
        // Where the modulated alpha is 0 SDL adds nothing: the channels scaled by 255/255.
        if a == 0 { return keepsAlpha ? target : target & 0x00FF_FFFF }
        var r = (source >> 16 & 0xFF) &* red / 255, g = (source >> 8 & 0xFF) &* green / 255
        var b = (source & 0xFF) &* blue / 255
        if a < 255 { (r, g, b) = (r &* a / 255, g &* a / 255, b &* a / 255) }
        let keep = 255 &- a
        let mixed = (r &+ keep &* (target >> 16 & 0xFF) / 255) << 16 | (g &+ keep &* (target >> 8 & 0xFF) / 255) << 8
            | (b &+ keep &* (target & 0xFF) / 255)
        return keepsAlpha ? (a &+ keep &* (target >> 24) / 255) << 24 | mixed : mixed
    }
}
