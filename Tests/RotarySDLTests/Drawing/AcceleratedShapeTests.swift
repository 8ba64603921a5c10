import Foundation
import Testing
@testable import RotarySDL

extension DrawingTests {
    /// Arcs and discs on a GPU renderer are feathered triangles, not the software renderer's
    /// per-pixel coverage: drawn with SDL's OpenGL renderer on the offscreen video driver
    /// (Mesa's llvmpipe here), they must match the software renderer's reference pictures.
    @Suite("Arcs and discs on an accelerated renderer")
    struct Accelerated {
        @Test("feathered triangles look like the software renderer's per-pixel edges", arguments: ["arc", "disc"])
        func matchesSoftware(scene: String) throws {
            let system = try SDLSystem(videoDriver: "offscreen")
            let window = try Window(system: system, title: "Rotary test", width: 160, height: 160, fullscreen: false)
            let renderer = try Renderer(window: window, kind: .accelerated, vsync: false)
            #expect(!renderer.isSoftware, "SDL gave \(renderer.name)")
            let executor = DrawListExecutor(renderer: renderer, fonts: DrawingTests.fonts)
            try executor.draw(DrawList(scene == "arc" ? Goldens.arcScene : Goldens.discScene))
            // Edge pixels differ by up to about 30 levels (llvmpipe: worst 31 for the hairline); a
            // misplaced edge differs by far more, on every pixel along it.
            try GoldenImage(maxDelta: 40, maxPixels: 12).check(renderer.readPixels(), named: scene, recording: false)
        }
    }
}
