import CSDL2

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
        var rect = SDL_Rect()
        SDL_RenderGetClipRect(renderer.pointer, &rect)
        clip = SDL_RenderIsClipEnabled(renderer.pointer) == SDL_TRUE ? rect : nil
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
