import CSDL2
import RotaryKit

/// A program's own drawing space on its renderer: SDL's logical size, scale and viewport.
/// Rotary draws in output pixels, so that rings, pictures and texts are made at the pixels
/// they cover: it reads the space, sets it aside while it draws (no logical size, scale 1,
/// the whole output) and puts it back, and moves the program's draw list by ``transform``.
struct ProgramSpace {
    private let renderer: Renderer
    private var logicalWidth: Int32 = 0, logicalHeight: Int32 = 0
    private var scaleX: Float = 1, scaleY: Float = 1
    /// The viewport, in the program's units (as SDL gives it).
    private var viewport = SDL_Rect()
    /// How the program's units land on output pixels.
    let transform: DrawScale

    /// `renderer`'s space now.
    init(of renderer: Renderer) {
        self.renderer = renderer
        SDL_RenderGetLogicalSize(renderer.pointer, &logicalWidth, &logicalHeight)
        SDL_RenderGetScale(renderer.pointer, &scaleX, &scaleY)
        SDL_RenderGetViewport(renderer.pointer, &viewport)
        let (x, y) = (Double(scaleX), Double(scaleY))
        transform = DrawScale(x: x, y: y, offsetX: Double(viewport.x) * x, offsetY: Double(viewport.y) * y)
    }

    /// The program's logical size, when it set one.
    var logicalSize: (width: Double, height: Double)? {
        logicalWidth > 0 ? (Double(logicalWidth), Double(logicalHeight)) : nil
    }

    /// Whether the program draws in output pixels already (nothing to set aside).
    var isOutputPixels: Bool { logicalWidth == 0 && transform == .identity }

    /// The renderer in output pixels: no logical size, scale 1, the whole output.
    func setAside() {
        guard !isOutputPixels else { return }
        SDL_RenderSetLogicalSize(renderer.pointer, 0, 0)
        SDL_RenderSetScale(renderer.pointer, 1, 1)
        SDL_RenderSetViewport(renderer.pointer, nil)
    }

    /// The program's space as it was: its logical size (which brings SDL's scale and
    /// viewport for it), or its scale and viewport.
    func restore() {
        guard !isOutputPixels else { return }
        if logicalWidth > 0 {
            SDL_RenderSetLogicalSize(renderer.pointer, logicalWidth, logicalHeight)
        } else {
            SDL_RenderSetScale(renderer.pointer, scaleX, scaleY)
            var viewport = viewport
            SDL_RenderSetViewport(renderer.pointer, &viewport)
        }
    }
}
