import CSDL2
import Foundation
import Testing
@testable import RotarySDL

extension DrawingTests {
    /// Pictures are drawn from a texture of the part that shows, upright ones cut into opaque
    /// blocks and the rest, turned ones sampled by PictureTurn on the software renderer; the
    /// reference is the whole picture drawn by SDL, as before.
    @Suite("Pictures cropped to what shows, cut into opaque bands, turned")
    struct Pictures {
        static let arts: [(ArtSource, Int)] = [
            (.builtIn("ui/knob-face"), 150), (.builtIn("ui/knob-face"), 331), (.builtIn("ui/knob-pointer"), 150),
            (.builtIn("ui/knob-pointer"), 97),
            (.builtIn("ui/marker"), 40), (.builtIn("ui/button"), 120), (.builtIn("icons/flame"), 33),
        ]
        static let places: [Point] = [Point(x: 80, y: 80), Point(x: 80.3, y: 79.6), Point(x: 20.5, y: -10.75),
                                      Point(x: -7.25, y: 150.5), Point(x: 159.9, y: 60.1)]

        /// A checkerboard canvas, or one of a translucent colour, with `draw` done on it within
        /// `clip`, and within a viewport of its top-left 110×95 pixels when `viewport`.
        static func canvas(translucent: Bool = false, clip: Rect? = nil, viewport: Bool = false,
                           _ draw: (Renderer) throws -> Void) throws -> PixelBuffer {
            let canvas = try Canvas()
            if translucent {
                try canvas.renderer.clear(RGBA(40, 90, 160, 100))
            } else {
                _ = try canvas.draw(DrawingTests.checkerboard())
            }
            if viewport {
                var rect = SDL_Rect(x: 0, y: 0, w: 110, h: 95)
                SDL_RenderSetViewport(canvas.renderer.pointer, &rect)
            }
            if let clip { try canvas.renderer.clip(to: clip) }
            try draw(canvas.renderer)
            SDL_RenderSetViewport(canvas.renderer.pointer, nil)  // SDL reads back the viewport only
            canvas.renderer.present()
            return try canvas.renderer.readPixels().pixelBuffer()
        }

        @Test("upright: the same pixels as the whole picture", arguments: arts.indices)
        func upright(_ index: Int) throws {
            let (art, size) = Self.arts[index]
            let surface = try ImageLoader.load(art, width: size, height: size)
            for place in Self.places {
                for tint in [RGBA(255, 255, 255), RGBA(255, 180, 120), RGBA(255, 255, 255, 128)] {
                    let drawn = try Self.canvas { renderer in
                        try Picture(surface, renderer: renderer).draw(centeredAt: place, degrees: 0, tint: tint, on: renderer)
                    }
                    let whole = try Self.canvas { renderer in
                        let texture = try Texture(renderer: renderer, surface: surface)
                        texture.setColorModulation(tint)
                        texture.setAlphaModulation(tint.a)
                        try renderer.draw(texture, centeredAt: place)
                    }
                    #expect(drawn == whole, "\(art) \(size) at \(place), tint \(tint)")
                }
            }
        }

        @Test("turned: the same pixels as SDL's turn of the whole picture", arguments: arts.indices)
        func turned(_ index: Int) throws {
            let (art, size) = Self.arts[index]
            let surface = try ImageLoader.load(art, width: size, height: size)
            // Modulated (a text's alpha, a tint), which the frame takes straight, and not, which
            // SDL blends; over opaque and translucent pixels; clipped and not, in a viewport and not.
            let tints = [RGBA(255, 220, 200, 230), RGBA(255, 255, 255, 128), RGBA(90, 255, 255), RGBA(255, 255, 255)]
            let clip = Rect(x: 25, y: 35, width: 90, height: 70)
            for place in Self.places {
                for (i, degrees) in [17.3, 45, 90, -120, 180, 233.3, 359.9, -0.05].enumerated() {
                    let (translucent, clip, viewport) = (i % 3 == 0, i % 2 == 0 ? nil : clip, i % 3 == 1)
                    for tint in tints {
                        var textureMade = false
                        let drawn = try Self.canvas(translucent: translucent, clip: clip, viewport: viewport) { renderer in
                            let picture = try Picture(surface, renderer: renderer)
                            try picture.draw(centeredAt: place, degrees: degrees, tint: tint, on: renderer)
                            textureMade = picture.turned != nil
                        }
                        // Only an untinted turn goes through a texture; a quarter turn is SDL's copy.
                        let quarter = (degrees / 90).rounded() == degrees / 90
                        #expect(textureMade == (!quarter && !ModulatedBlend.applies(to: tint)), "\(tint), \(degrees)°")
                        let whole = try Self.canvas(translucent: translucent, clip: clip, viewport: viewport) { renderer in
                            let texture = try Texture(renderer: renderer, surface: surface)
                            texture.setColorModulation(tint)
                            texture.setAlphaModulation(tint.a)
                            try renderer.draw(texture, centeredAt: place, degrees: degrees)
                        }
                        let off = zip(drawn.pixels, whole.pixels).filter { $0 != $1 }.count
                        #expect(off == 0, "\(art) \(size) at \(place), \(degrees)°, tint \(tint), clip \(String(describing: clip)), viewport \(viewport): \(off) pixels differ")
                    }
                }
            }
        }

        @Test("a modulated blend mixes as SDL's own blit does, into ARGB8888 and RGB888",
              arguments: [RGBA(255, 220, 200, 230), RGBA(255, 255, 255, 128), RGBA(90, 255, 255), RGBA(0, 0, 0, 1)])
        func modulatedBlend(_ tint: RGBA) throws {
            // Every source alpha (across) against a spread of colours and targets (down).
            let side = 256
            func word(_ x: Int, _ y: Int, _ seed: UInt32) -> UInt32 {
                UInt32(truncatingIfNeeded: (x &* 7919 &+ y &* 104_729) &* Int(seed)) &* 2_654_435_761
            }
            for (format, keepsAlpha) in [(SDL_PIXELFORMAT_ARGB8888, true), (SDL_PIXELFORMAT_RGB888, false)] {
                let source = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
                let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, format.rawValue))
                defer { SDL_FreeSurface(source); SDL_FreeSurface(target) }
                let sources = source.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                let targets = target.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                var expected: [UInt32] = []
                let blend = ModulatedBlend(tint: tint, keepsAlpha: keepsAlpha)
                for y in 0..<side {
                    for x in 0..<side {
                        let (s, t) = (UInt32(x) << 24 | word(x, y, 3) & 0x00FF_FFFF, word(x, y, 11))
                        sources[y * side + x] = s
                        targets[y * side + x] = t
                        expected.append(blend.mix(s, over: t))
                    }
                }
                SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
                SDL_SetSurfaceColorMod(source, tint.r, tint.g, tint.b)
                SDL_SetSurfaceAlphaMod(source, tint.a)
                #expect(SDL_UpperBlit(source, nil, target, nil) == 0)
                let off = (0..<side * side).filter { targets[$0] != expected[$0] }.count
                #expect(off == 0, "\(tint) into \(keepsAlpha ? "ARGB8888" : "RGB888"): \(off) of \(side * side) pixels differ")
            }
            #expect(ModulatedBlend.applies(to: tint))
            #expect(!ModulatedBlend.applies(to: RGBA(255, 255, 255)))
            #expect(ModulatedBlend.matchesSDL, "this SDL's own probe agrees, so the kiosk takes the direct path")
        }

        @Test("a picture at a position or angle that is not a number, or far away, draws nothing, tinted or not")
        func nonsense() throws {
            let surface = try ImageLoader.load(.builtIn("ui/knob-pointer"), width: 60, height: 60)
            let empty = try Self.canvas { _ in }
            for (place, degrees) in [(Point(x: .nan, y: 10), 0.0), (Point(x: 10, y: .infinity), 30), (Point(x: 80, y: 80), .nan),
                                     (Point(x: 80, y: 80), -.infinity), (Point(x: 1e30, y: 80), 10), (Point(x: 80, y: -1e12), 0),
                                     (Point(x: -16_000_000, y: 80), 33), (Point(x: 80, y: 16_000_000), 211)] {
                for tint in [RGBA(255, 255, 255), RGBA(255, 255, 255, 200)] {
                    let drawn = try Self.canvas { renderer in
                        try Picture(surface, renderer: renderer).draw(centeredAt: place, degrees: degrees, tint: tint, on: renderer)
                    }
                    #expect(drawn == empty, "\(place), \(degrees)°, \(tint)")
                }
            }
        }

        @Test("a turned picture within an empty clip draws nothing, tinted or not")
        func emptyClip() throws {
            let surface = try ImageLoader.load(.builtIn("ui/knob-face"), width: 150, height: 150)
            let empty = try Self.canvas { _ in }
            for tint in [RGBA(255, 255, 255), RGBA(255, 255, 255, 200)] {
                let drawn = try Self.canvas(clip: Rect(x: 60, y: 60, width: 0, height: 0)) { renderer in
                    try Picture(surface, renderer: renderer).draw(centeredAt: Point(x: 80, y: 80), degrees: 30, tint: tint, on: renderer)
                }
                #expect(drawn == empty, "\(tint)")
            }
        }

        @Test("a knob's face is cut into a few bands, the pointer is not")
        func bands() throws {
            let face = try ImageLoader.load(.builtIn("ui/knob-face"), width: 400, height: 400).pixelBuffer()
            let bands = try #require(OpaqueBands(face))
            #expect(bands.bands.count > 3 && bands.bands.count < 40)
            var opaque = 0
            for band in bands.bands {
                #expect(band.visible.lowerBound <= band.opaque.lowerBound || band.opaque.isEmpty)
                #expect(band.opaque.upperBound <= band.visible.upperBound || band.opaque.isEmpty)
                opaque += band.opaque.count * band.rows.count
                for y in band.rows {
                    for x in band.opaque { #expect(face.pixels[y * 400 + x] >> 24 == 255) }
                    for x in 0..<400 where !band.visible.contains(x) { #expect(face.pixels[y * 400 + x] >> 24 == 0) }
                }
            }
            #expect(zip(bands.bands, bands.bands.dropFirst()).allSatisfy { $0.rows.upperBound <= $1.rows.lowerBound })
            #expect(opaque > 400 * 400 / 2, "\(opaque) opaque pixels copied")
            let pointer = try ImageLoader.load(.builtIn("ui/knob-pointer"), width: 60, height: 60).pixelBuffer()
            #expect(OpaqueBands(pointer) == nil)
        }
    }
}
