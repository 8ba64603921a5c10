import CSDL2
import Testing
@testable import RotarySDL

extension DrawingTests {
    @Suite("Opaque fills on the software renderer")
    struct OpaqueFills {
        @Test("a whole-target fill gives the colour everywhere, over anything, within the clip only")
        func wholeTarget() throws {
            let canvas = try Canvas(width: 131, height: 300)
            let renderer = canvas.renderer
            try renderer.clear(RGBA(1, 2, 3, 4))
            try renderer.fill(RGBA(200, 10, 20, 128), rect: Rect(x: 10, y: 10, width: 40, height: 40))
            try renderer.fill(RGBA(74, 222, 128))
            var pixels = try renderer.readPixels().pixelBuffer()
            #expect(pixels.pixels.allSatisfy { $0 == 0xFF4A_DE80 })
            var mode = SDL_BLENDMODE_NONE
            SDL_GetRenderDrawBlendMode(renderer.pointer, &mode)
            #expect(mode == SDL_BLENDMODE_BLEND)
            var clip = SDL_Rect(x: 20, y: 150, w: 50, h: 140)
            SDL_RenderSetClipRect(renderer.pointer, &clip)
            try renderer.fill(RGBA(9, 8, 7))
            SDL_RenderSetClipRect(renderer.pointer, nil)
            pixels = try renderer.readPixels().pixelBuffer()
            for y in 0..<300 {
                for x in 0..<131 {
                    let inside = (20..<70).contains(x) && (150..<290).contains(y)
                    #expect(pixels.pixels[y * 131 + x] == (inside ? 0xFF09_0807 : 0xFF4A_DE80), "(\(x), \(y))")
                }
            }
            // A program's own blend mode is respected: an opaque colour is added, not copied.
            SDL_SetRenderDrawBlendMode(renderer.pointer, SDL_BLENDMODE_ADD)
            try renderer.fill(RGBA(10, 10, 10))
            #expect(try renderer.readPixels().pixel(x: 0, y: 0) == RGBA(84, 232, 138))
        }
    }
}
