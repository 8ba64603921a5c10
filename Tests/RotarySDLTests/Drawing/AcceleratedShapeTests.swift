import GoldenSupport
import Foundation
import Testing
@testable import RotarySDL

extension DrawingTests {
    /// Arcs and discs on a GPU renderer are feathered triangles, not the software renderer's
    /// per-pixel coverage, and rings are streaming textures a GPU blends itself: drawn with
    /// SDL's OpenGL renderer on the offscreen video driver (Mesa's llvmpipe here), they must
    /// match the software renderer's reference pictures.
    @Suite("Arcs, discs and rings on an accelerated renderer")
    struct Accelerated {
        static let scenes = ["arc": Goldens.arcScene, "disc": Goldens.discScene, "ring-opaque": Goldens.ringOpaqueScene,
                             "ring-blended": Goldens.ringBlendedScene]

        @Test("the GPU's pictures look like the software renderer's", arguments: ["arc", "disc", "ring-opaque", "ring-blended"])
        func matchesSoftware(scene: String) throws {
            let system = try SDLSystem(videoDriver: "offscreen")
            let window = try Window(system: system, title: "Rotary test", width: 160, height: 160, fullscreen: false)
            let renderer = try Renderer(window: window, kind: .accelerated, vsync: false)
            #expect(!renderer.isSoftware, "SDL gave \(renderer.name)")
            let executor = DrawListExecutor(renderer: renderer, fonts: DrawingTests.fonts)
            try executor.draw(DrawList(try #require(Self.scenes[scene])))
            // Edge pixels differ by up to about 30 levels (llvmpipe: worst 31 for the hairline); a
            // misplaced edge differs by far more, on every pixel along it.
            try GoldenImage(besides: #filePath, maxDelta: 40, maxPixels: 12).check(renderer.readPixels(), named: scene, recording: false)
        }
    }
}
