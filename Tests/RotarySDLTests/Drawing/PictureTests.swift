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

        /// A checkerboard canvas with `draw` done on it.
        static func canvas(_ draw: (Renderer) throws -> Void) throws -> PixelBuffer {
            let canvas = try Canvas()
            _ = try canvas.draw(DrawingTests.checkerboard())
            try draw(canvas.renderer)
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
            for place in Self.places {
                for degrees in [17.3, 45, 90, -120, 180, 233.3, 359.9, -0.05] {
                    let drawn = try Self.canvas { renderer in
                        try Picture(surface, renderer: renderer).draw(centeredAt: place, degrees: degrees,
                                                                      tint: RGBA(255, 220, 200, 230), on: renderer)
                    }
                    let whole = try Self.canvas { renderer in
                        let texture = try Texture(renderer: renderer, surface: surface)
                        texture.setColorModulation(RGBA(255, 220, 200))
                        texture.setAlphaModulation(230)
                        try renderer.draw(texture, centeredAt: place, degrees: degrees)
                    }
                    let off = zip(drawn.pixels, whole.pixels).filter { $0 != $1 }.count
                    #expect(off == 0, "\(art) \(size) at \(place), \(degrees)°: \(off) pixels differ")
                }
            }
        }

        @Test("a picture at a position or angle that is not a number, or far away, draws nothing")
        func nonsense() throws {
            let surface = try ImageLoader.load(.builtIn("ui/knob-pointer"), width: 60, height: 60)
            let empty = try Self.canvas { _ in }
            for (place, degrees) in [(Point(x: .nan, y: 10), 0.0), (Point(x: 10, y: .infinity), 30), (Point(x: 80, y: 80), .nan),
                                     (Point(x: 80, y: 80), -.infinity), (Point(x: 1e30, y: 80), 10), (Point(x: 80, y: -1e12), 0)] {
                let drawn = try Self.canvas { renderer in
                    try Picture(surface, renderer: renderer).draw(centeredAt: place, degrees: degrees, tint: RGBA(255, 255, 255),
                                                                  on: renderer)
                }
                #expect(drawn == empty, "\(place), \(degrees)°")
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
