import CSDL2
import Foundation
import Testing
@testable import RotarySDL

extension DrawingTests {
    @Suite("DrawListExecutor: what changed, the host renderer's state, broken art")
    struct Executor {
        static let disc = DrawCommand.disc(center: Point(x: 40, y: 40), radius: 10, color: RGBA(255, 255, 255))

        @Test("changed regions: everything on the first frame, nothing for the same list, old and new place of a moved command")
        func changedRegions() throws {
            let canvas = try Canvas()
            let background = DrawCommand.fill(nil, RGBA(0, 0, 0))
            _ = try canvas.draw([background, Self.disc])
            #expect(canvas.executor.changedRegions == nil)
            _ = try canvas.draw([background, Self.disc])
            #expect(canvas.executor.changedRegions == [])
            let moved = DrawCommand.disc(center: Point(x: 100, y: 40), radius: 10, color: RGBA(255, 255, 255))
            _ = try canvas.draw([background, moved])
            let regions = try #require(canvas.executor.changedRegions)
            #expect(regions.count == 2)
            #expect(regions.contains { $0.contains(Point(x: 40, y: 40)) } && regions.contains { $0.contains(Point(x: 100, y: 40)) })
            _ = try canvas.draw([background])
            #expect(canvas.executor.changedRegions == nil)
        }

        @Test("the host renderer's draw colour, blend mode and clip are as they were after drawing")
        func restoresHostState() throws {
            let canvas = try Canvas()
            let pointer = canvas.renderer.pointer
            SDL_SetRenderDrawColor(pointer, 1, 2, 3, 4)
            SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_ADD)
            var clip = SDL_Rect(x: 10, y: 20, w: 100, h: 90)
            SDL_RenderSetClipRect(pointer, &clip)
            var look = DrawingTests.look(count: 4, labelSize: 10, labelRadius: 30)
            look.style.gapPixels = 2
            _ = try canvas.draw([
                .clip(Rect(x: 0, y: 0, width: 50, height: 50)),
                .fill(nil, RGBA(200, 0, 0, 100)),
                .ring(RingDraw(look: look, center: Point(x: 80, y: 80), innerRadius: 20, outerRadius: 40, markerDegrees: -90,
                               rotationDegrees: 0, highlighted: 0, backdrop: RGBA(0, 0, 0))),
                .clip(nil),
                .arc(ArcStroke(center: Point(x: 80, y: 80), radius: 50, width: 4, color: RGBA(0, 255, 0))),
                .image(ImageDraw(art: .builtIn("ui/marker"), center: Point(x: 30, y: 30), width: 20, height: 20)),
                .text(TextDraw("Hi", points: 12, center: Point(x: 80, y: 80), maxWidth: 40)),
            ])
            var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
            SDL_GetRenderDrawColor(pointer, &r, &g, &b, &a)
            #expect([r, g, b, a] == [1, 2, 3, 4])
            var mode = SDL_BLENDMODE_NONE
            SDL_GetRenderDrawBlendMode(pointer, &mode)
            #expect(mode == SDL_BLENDMODE_ADD)
            var after = SDL_Rect()
            SDL_RenderGetClipRect(pointer, &after)
            #expect(SDL_RenderIsClipEnabled(pointer) == SDL_TRUE)
            #expect([after.x, after.y, after.w, after.h] == [10, 20, 100, 90])
        }

        @Test("clips stay within the host's clip, and clip(nil) returns to it")
        func clipsWithinHost() throws {
            let canvas = try Canvas()
            try canvas.renderer.clear(RGBA(0, 0, 0))
            var clip = SDL_Rect(x: 40, y: 40, w: 80, h: 80)
            SDL_RenderSetClipRect(canvas.renderer.pointer, &clip)
            let picture = try canvas.draw([
                .clip(Rect(x: 0, y: 0, width: 60, height: 60)),
                .fill(nil, RGBA(255, 0, 0)),
                .clip(nil),
                .fill(Rect(x: 100, y: 100, width: 60, height: 60), RGBA(0, 255, 0)),
                .clip(Rect(x: 0, y: 0, width: 30, height: 30)),  // outside the host's clip: nothing
                .fill(nil, RGBA(0, 0, 255)),
            ])
            #expect(picture.pixel(x: 50, y: 50) == RGBA(255, 0, 0))
            #expect(picture.pixel(x: 30, y: 30) == RGBA(0, 0, 0))
            #expect(picture.pixel(x: 70, y: 50) == RGBA(0, 0, 0))
            #expect(picture.pixel(x: 110, y: 110) == RGBA(0, 255, 0))
            #expect(picture.pixel(x: 130, y: 130) == RGBA(0, 0, 0))
            #expect(picture.pixel(x: 10, y: 10) == RGBA(0, 0, 0))
        }

        @Test("broken art draws nothing, the rest of the frame is drawn, and it is reported once")
        func brokenArt() throws {
            let canvas = try Canvas()
            let missing = ImageDraw(art: .file("/nonexistent/rotary-art.png"), center: Point(x: 80, y: 80), width: 40, height: 40)
            let broken = ImageDraw(art: .svg(Array("not svg".utf8)), center: Point(x: 80, y: 80), width: 40, height: 40)
            let frame: [DrawCommand] = [.fill(nil, RGBA(0, 0, 0)), .image(missing), .image(broken), Self.disc]
            _ = try canvas.draw(frame)
            let picture = try canvas.draw(frame)
            #expect(picture.pixel(x: 80, y: 80) == RGBA(0, 0, 0))
            #expect(picture.pixel(x: 40, y: 40) == RGBA(255, 255, 255))
            #expect(canvas.executor.failures.count == 2, "\(canvas.executor.failures)")
            #expect(canvas.executor.failures.first?.contains("/nonexistent/rotary-art.png") == true)
        }

        @Test("a ring that cannot be drawn is reported, the rest is drawn")
        func impossibleRing() throws {
            let canvas = try Canvas()
            let look = DrawingTests.look(count: 3, labelSize: 10, labelRadius: 30)
            let picture = try canvas.draw([
                .fill(nil, RGBA(0, 0, 0)),
                .ring(RingDraw(look: look, center: Point(x: 80, y: 80), innerRadius: 50, outerRadius: 20, markerDegrees: 0,
                               rotationDegrees: 0, highlighted: 0, backdrop: RGBA(0, 0, 0))),
                Self.disc,
            ])
            #expect(picture.pixel(x: 40, y: 40) == RGBA(255, 255, 255))
            #expect(canvas.executor.failures.count == 1)
        }

        @Test("a ring whose icon or segment art is broken is drawn without that picture, and each is reported once")
        func ringWithBrokenArt() throws {
            let canvas = try Canvas()
            var look = DrawingTests.look(count: 2, labelSize: 10, labelRadius: 45)
            look.fill = RGBA(255, 0, 0)
            look.iconSize = 16
            look.iconRadius = 60
            look.items[0].icon = .file("/nonexistent/rotary-icon.svg")
            look.items[1].texture = .svg(Array("not svg".utf8))
            let ring = DrawCommand.ring(RingDraw(look: look, center: Point(x: 80, y: 80), innerRadius: 30, outerRadius: 75,
                                                 markerDegrees: -90, rotationDegrees: 0, highlighted: 0,
                                                 backdrop: RGBA(0, 0, 0)))
            let picture = try canvas.draw([ring])
            _ = try canvas.draw([ring])
            #expect(picture.pixel(x: 80, y: 140).r > 100, "item 1 shows its fill colour where its texture would be")
            #expect(picture.pixel(x: 80, y: 20).r > 100, "item 0 is drawn without its icon")
            #expect(canvas.executor.failures.count == 2, "\(canvas.executor.failures)")
            #expect(canvas.executor.failures.contains { $0.contains("/nonexistent/rotary-icon.svg") })
        }

        @Test("a ring turned between frames is drawn turned, with its raster kept")
        func ringTurns() throws {
            let canvas = try Canvas()
            var look = DrawingTests.look(count: 2, labelSize: 10, labelRadius: 45)
            look.items[1].label = ""
            look.fill = RGBA(255, 0, 0)
            func ring(_ degrees: Double) -> DrawCommand {
                .ring(RingDraw(look: look, center: Point(x: 80, y: 80), innerRadius: 40, outerRadius: 70, markerDegrees: -90,
                               rotationDegrees: degrees, highlighted: 0, backdrop: RGBA(0, 0, 0)))
            }
            let still = try canvas.draw([ring(0)])
            let turned = try canvas.draw([ring(180)])
            #expect(canvas.executor.changedRegions?.count == 1)
            // Item 0's label sits at the top; turned half round it sits at the bottom.
            func hasLabel(_ picture: Surface, y: Int) -> Bool {
                (60..<100).contains { x in picture.pixel(x: x, y: y).g > 128 }
            }
            #expect(hasLabel(still, y: 35) && !hasLabel(still, y: 125))
            #expect(hasLabel(turned, y: 125) && !hasLabel(turned, y: 35))
        }

        @Test("rings on one backdrop share a texture only when nested: two rings side by side leave what lies between them")
        func ringsSideBySide() throws {
            let canvas = try Canvas(width: 200, height: 80)
            let look = DrawingTests.look(count: 2, labelSize: 10, labelRadius: 25)
            func ring(_ x: Double) -> DrawCommand {
                .ring(RingDraw(look: look, center: Point(x: x, y: 40), innerRadius: 15, outerRadius: 35, markerDegrees: -90,
                               rotationDegrees: 0, highlighted: 0, backdrop: RGBA(0, 0, 0)))
            }
            let picture = try canvas.draw([.fill(nil, RGBA(0, 255, 0)), ring(40), ring(160)])
            #expect(picture.pixel(x: 100, y: 40).g == 255, "the green between the rings' squares is kept")
            #expect(picture.pixel(x: 100, y: 5).g == 255)
            #expect(picture.pixel(x: 40, y: 40).g == 0 && picture.pixel(x: 160, y: 40).g == 0, "each square on its backdrop")
        }
    }
}

extension DrawingTests.Executor {
    @Test("an adopted renderer is drawn on and outlives its wrapper and executor")
    func adoptedRenderer() throws {
        let surface = try Surface(width: 40, height: 40)
        let sdlRenderer = try #require(SDL_CreateSoftwareRenderer(surface.pointer))
        defer { SDL_DestroyRenderer(sdlRenderer) }
        do {
            let renderer = Renderer(adopting: sdlRenderer)
            let executor = DrawListExecutor(renderer: renderer, fonts: DrawingTests.fonts)
            try executor.draw(DrawList([.fill(nil, RGBA(0, 0, 0)), .disc(center: Point(x: 20, y: 20), radius: 8,
                                                                         color: RGBA(255, 255, 255))]))
        }
        SDL_RenderPresent(sdlRenderer)
        #expect(surface.pixel(x: 20, y: 20) == RGBA(255, 255, 255))
        #expect(SDL_RenderClear(sdlRenderer) == 0, "the program's renderer still works")
    }
}

extension DrawingTests.Executor {
    @Test("opaque ring groups composed straight into the frame look as they do through a texture, clip included")
    func framePixelsMatchTexturePath() throws {
        var look = DrawingTests.look(count: 5, labelSize: 10, labelRadius: 45)
        look.style.gapPixels = 3
        let backdrop = RGBA(20, 30, 40)
        let commands: [DrawCommand] = [
            .fill(nil, RGBA(0, 200, 0)),
            .clip(Rect(x: 0, y: 0, width: 130, height: 160)),
            .ring(RingDraw(look: look, center: Point(x: 80.3, y: 79.6), innerRadius: 35, outerRadius: 62, markerDegrees: -90,
                           rotationDegrees: 17.5, highlighted: 2, backdrop: backdrop)),
            .ring(RingDraw(look: DrawingTests.look(count: 3, labelSize: 8, labelRadius: 25), center: Point(x: 80.3, y: 79.6),
                           innerRadius: 12, outerRadius: 32, markerDegrees: -90, rotationDegrees: -40, highlighted: 1,
                           backdrop: backdrop)),
            .clip(nil),
            .disc(center: Point(x: 80, y: 80), radius: 6, color: RGBA(255, 255, 255)),
        ]
        let direct = try DrawingTests.Canvas().draw(commands)

        let surface = try Surface(width: 160, height: 160)
        let sdlRenderer = try #require(SDL_CreateSoftwareRenderer(surface.pointer))
        defer { SDL_DestroyRenderer(sdlRenderer) }
        let adopted = Renderer(adopting: sdlRenderer)
        try DrawListExecutor(renderer: adopted, fonts: DrawingTests.fonts).draw(DrawList(commands))
        SDL_RenderPresent(sdlRenderer)

        var differing = 0
        for y in 0..<160 {
            for x in 0..<160 where direct.pixel(x: x, y: y) != surface.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        #expect(direct.pixel(x: 145, y: 80) == RGBA(0, 200, 0), "right of the clip the fill below stays")
        #expect(direct.pixel(x: 125, y: 140) == backdrop, "inside the clip the group's square is on its backdrop")
    }
}

/// A surface (160×160 unless asked) drawn on through an adopted software renderer, as a
/// program's own; `prepare` sets the renderer up as the program would (a logical size, a
/// scale) before the executor is made.
final class AdoptedCanvas {
    let surface: Surface
    let sdlRenderer: OpaquePointer
    private(set) var executor: DrawListExecutor!

    init(width: Int = 160, height: Int = 160, threads: DrawingThreads = .callerOnly,
         prepare: (OpaquePointer) -> Void = { _ in }) throws {
        surface = try Surface(width: width, height: height)
        sdlRenderer = try #require(SDL_CreateSoftwareRenderer(surface.pointer))
        prepare(sdlRenderer)
        executor = DrawListExecutor(renderer: Renderer(adopting: sdlRenderer), fonts: DrawingTests.fonts, threads: threads)
    }

    /// The executor's textures go before the renderer they belong to.
    deinit {
        executor = nil
        SDL_DestroyRenderer(sdlRenderer)
    }

    /// Draws `list` and presents it; every pixel of the surface, row by row.
    func draw(_ list: DrawList) throws -> [RGBA] {
        try executor.draw(list)
        SDL_RenderPresent(sdlRenderer)
        return (0..<surface.height).flatMap { y in (0..<surface.width).map { x in surface.pixel(x: x, y: y) } }
    }
}

extension DrawingTests.Executor {
    /// A program's frame with one blended ring over it, as an embedder draws it every frame.
    static func embeddedFrame(rotation: Double) -> DrawList {
        DrawList([.fill(nil, RGBA(8, 10, 28)),
                  .ring(RingDraw(look: DrawingTests.look(count: 5, labelSize: 10, labelRadius: 45), center: Point(x: 80, y: 80),
                                 innerRadius: 30, outerRadius: 70, markerDegrees: -90, rotationDegrees: rotation, highlighted: 0))])
    }

    @Test("a blended ring drawn again as it stood is only copied: composed once at rest, again once turned, same pixels")
    func ringAtRestIsCopied() throws {
        let canvas = try AdoptedCanvas()
        let first = try canvas.draw(Self.embeddedFrame(rotation: 10))
        var again: [RGBA] = []
        for _ in 0..<3 { again = try canvas.draw(Self.embeddedFrame(rotation: 10)) }
        #expect(canvas.executor.ringCompositions == 1, "at rest: a texture copy, not the polar lookup")
        #expect(again == first)
        _ = try canvas.draw(Self.embeddedFrame(rotation: 25))
        #expect(canvas.executor.ringCompositions == 2)
    }

    @Test("released textures are made again: the next frame is drawn whole and looks the same")
    func releaseTextures() throws {
        let canvas = try AdoptedCanvas()
        var frame = Self.embeddedFrame(rotation: 10)
        frame.append(.text(TextDraw("Bolt", points: 12, center: Point(x: 80, y: 150), maxWidth: 100)))
        let first = try canvas.draw(frame)
        canvas.executor.releaseTextures()
        #expect(canvas.executor.changedRegions == nil)
        #expect(try canvas.draw(frame) == first)
        #expect(canvas.executor.ringCompositions == 2, "the ring was made again")
    }

    @Test("drawing on worker threads gives the very pixels drawing on the caller's thread gives")
    func threadsSamePixels() throws {
        let frame = Self.embeddedFrame(rotation: 33.3)
        #expect(try AdoptedCanvas(threads: .workers).draw(frame) == AdoptedCanvas(threads: .callerOnly).draw(frame))
    }
}
