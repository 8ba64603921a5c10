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
    
        @Test("a rect fill gives the colour on exactly its pixels, within the clip and the target, whole or fractional")
        func rect() throws {
            let canvas = try Canvas(width: 131, height: 300)
            let renderer = canvas.renderer
            let back: UInt32 = 0xFF01_0203
            try renderer.clear(RGBA(1, 2, 3))
            // Taller than one copied band, a short band first, one hanging off the target, a
            // fractional one (drawn by SDL's own fill), and one clipped.
            try renderer.fill(RGBA(9, 8, 7), rect: Rect(x: 0, y: 0, width: 131, height: 3))
            try renderer.fill(RGBA(74, 222, 128), rect: Rect(x: 7, y: 5, width: 60, height: 280))
            try renderer.fill(RGBA(200, 10, 20), rect: Rect(x: 100, y: 250, width: 80, height: 80))
            try renderer.fill(RGBA(10, 20, 200), rect: Rect(x: 80.5, y: 20.25, width: 10, height: 10))
            var clip = SDL_Rect(x: 70, y: 100, w: 20, h: 20)
            SDL_RenderSetClipRect(renderer.pointer, &clip)
            try renderer.fill(RGBA(250, 250, 0), rect: Rect(x: 60, y: 90, width: 100, height: 100))
            SDL_RenderSetClipRect(renderer.pointer, nil)
            let pixels = try renderer.readPixels().pixelBuffer()
            for y in 0..<300 {
                for x in 0..<131 {
                    let expected: UInt32 = if y < 3 { 0xFF09_0807 }
                        else if (7..<67).contains(x) && (5..<285).contains(y) { 0xFF4A_DE80 }
                        else if x >= 100 && y >= 250 { 0xFFC8_0A14 }
                        else if (70..<90).contains(x) && (100..<120).contains(y) { 0xFFFA_FA00 }
                        else if (78..<93).contains(x) && (18..<33).contains(y) { pixels.pixels[y * 131 + x] }
                        else { back }
                    #expect(pixels.pixels[y * 131 + x] == expected, "(\(x), \(y))")
                }
            }
            #expect(pixels.pixels[25 * 131 + 85] == 0xFF0A_14C8)
        }
    }
}
