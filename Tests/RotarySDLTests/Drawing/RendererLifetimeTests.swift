import CSDL2
import Testing
@testable import RotarySDL

extension DrawingTests {
    @Suite("A renderer's lifetime")
    struct RendererLifetime {
        /// A game opens and closes windows: the renderer of a closed window, with what it keeps
        /// for itself (the solid bands opaque fills copy), must go with it, and its textures
        /// before it (SDL has freed them with the renderer by then).
        @Test("a window's renderer goes when the window is closed, after filling with its solid bands")
        func freedWithItsWindow() throws {
            let system = try SDLSystem(videoDriver: "offscreen")  // serialized with the other windows' tests
            defer { withExtendedLifetime(system) {} }
            weak var closedRenderer: Renderer?
            weak var closedWindow: Window?
            try {
                let window = try Window(system: system, title: "Rotary test", width: 64, height: 48, fullscreen: false)
                let renderer = try Renderer(window: window, kind: .software, vsync: false)
                try renderer.fill(RGBA(74, 222, 128))
                try renderer.fill(RGBA(9, 8, 7), rect: Rect(x: 4, y: 4, width: 20, height: 20))
                #expect(renderer.solidTiles.count == 2, "the fills were not copied from solid bands")
                renderer.present()
                (closedRenderer, closedWindow) = (renderer, window)
                SDL_ClearError()
            }()
            #expect(closedRenderer == nil)
            #expect(closedWindow == nil)
            #expect(String(cString: SDL_GetError()) == "", "a texture was destroyed after its renderer")
        }
    }
}
