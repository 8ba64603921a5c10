import CSDL2
import RotaryKit

/// The parts of a renderer's state that drawing changes (draw colour, blend mode, clip),
/// read before and put back after, so drawing into a program's renderer leaves it as found.
struct RendererState {
    private let renderer: Renderer
    private var color = (r: UInt8(0), g: UInt8(0), b: UInt8(0), a: UInt8(0))
    private var blendMode = SDL_BLENDMODE_NONE
    /// The clip rectangle, or nil when clipping is off.
    let clip: SDL_Rect?

    /// `renderer`'s state now.
    init(of renderer: Renderer) {
        self.renderer = renderer
        SDL_GetRenderDrawColor(renderer.pointer, &color.r, &color.g, &color.b, &color.a)
        SDL_GetRenderDrawBlendMode(renderer.pointer, &blendMode)
        clip = renderer.clipRect
    }

    /// Puts the state back.
    func restore() {
        SDL_SetRenderDrawColor(renderer.pointer, color.r, color.g, color.b, color.a)
        SDL_SetRenderDrawBlendMode(renderer.pointer, blendMode)
        if var rect = clip {
            SDL_RenderSetClipRect(renderer.pointer, &rect)
        } else {
            SDL_RenderSetClipRect(renderer.pointer, nil)
        }
    }
}

extension Rect {
    /// An SDL rectangle, in the same pixels.
    init(_ rect: SDL_Rect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h))
    }

    /// Moved by (`x`, `y`).
    func offsetBy(x dx: Double, y dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

extension SDL_Rect {
    /// The whole pixels `rect` touches (``Rect/pixelAligned``).
    init(wholePixels rect: Rect) {
        let whole = rect.pixelAligned
        self.init(x: Int32(whole.x), y: Int32(whole.y), w: Int32(whole.width), h: Int32(whole.height))
    }
}

extension Renderer {
    /// Clips SDL's drawing to `area`, whole target pixels.
    func clip(to area: Rect) throws {
        var rect = SDL_Rect(wholePixels: area)
        try check(SDL_RenderSetClipRect(pointer, &rect), "SDL_RenderSetClipRect")
    }

    /// The clip rectangle, or nil when clipping is off.
    var clipRect: SDL_Rect? {
        guard SDL_RenderIsClipEnabled(pointer) == SDL_TRUE else { return nil }
        var rect = SDL_Rect()
        SDL_RenderGetClipRect(pointer, &rect)
        return rect
    }

    /// The target pixels SDL lets a copy land on while the program draws in output pixels
    /// (``ProgramSpace/isOutputPixels``): the viewport, within the clip when one is set (SDL
    /// keeps the clip relative to the viewport). The target's own edges are the caller's.
    var drawableArea: (x: Range<Int>, y: Range<Int>) {
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(pointer, &viewport)
        func span(_ start: Int, _ length: Int32) -> Range<Int> { start..<start + max(0, Int(length)) }
        var area = (x: span(Int(viewport.x), viewport.w), y: span(Int(viewport.y), viewport.h))
        if let clip = clipRect {
            area = (area.x.clamped(to: span(Int(viewport.x) + Int(clip.x), clip.w)),
                    area.y.clamped(to: span(Int(viewport.y) + Int(clip.y), clip.h)))
        }
        return area
    }
}
