import Foundation
import Testing
@testable import RotarySDL

/// A program's logical size, render scale and viewport: the executor draws the program's list
/// where SDL would put the program's own drawing, made at the output's pixels, and leaves the
/// space as it found it; the mapper brings touches and the mouse into the same space.
extension DrawingTests {
@Suite("The program's drawing space: logical size, render scale, high DPI")
struct ProgramSpace {
    /// A ring with names, a text and a disc in a 400×200 space.
    static let list = DrawList([
        .fill(nil, RGBA(8, 10, 28)),
        .ring(RingDraw(look: DrawingTests.look(count: 4, labelSize: 10, labelRadius: 55), center: Point(x: 100, y: 100),
                       innerRadius: 30, outerRadius: 80, markerDegrees: -90, rotationDegrees: 12, highlighted: 1)),
        .text(TextDraw("Rotary", points: 14, center: Point(x: 300, y: 60), maxWidth: 160)),
        .disc(center: Point(x: 300, y: 140), radius: 20, color: RGBA(250, 204, 21)),
    ])

    /// The pixels of an 800×400 surface after `prepare` set up its renderer and `list` was
    /// drawn on it.
    static func picture(_ list: DrawList, prepare: (OpaquePointer) -> Void = { _ in }) throws -> [RGBA] {
        try AdoptedCanvas(width: 800, height: 400, prepare: prepare).draw(list)
    }

    @Test("with a logical size of half the output, the list lands as the same list at twice the size drawn in pixels would, made sharp at 2x; the logical size stays")
    func logicalSize() throws {
        var kept: (Int32, Int32, Float) = (0, 0, 0)
        let logical = try Self.picture(Self.list) { SDL_RenderSetLogicalSize($0, 400, 200) }
        let doubled = try Self.picture(DrawScale(x: 2, y: 2).apply(Self.list))
        #expect(logical == doubled)
        // The space is put back: read it after a draw.
        let canvas = try AdoptedCanvas(width: 800, height: 400) { SDL_RenderSetLogicalSize($0, 400, 200) }
        _ = try canvas.draw(Self.list)
        SDL_RenderGetLogicalSize(canvas.sdlRenderer, &kept.0, &kept.1)
        var scaleY: Float = 0
        SDL_RenderGetScale(canvas.sdlRenderer, &kept.2, &scaleY)
        #expect(kept.0 == 400 && kept.1 == 200 && kept.2 == 2)
    }

    @Test("a render scale of 2 and a letterboxing logical size (its viewport moved) are drawn as SDL places the program's drawing")
    func scaleAndLetterbox() throws {
        let scaled = try Self.picture(Self.list) { SDL_RenderSetScale($0, 2, 2) }
        #expect(try scaled == Self.picture(DrawScale(x: 2, y: 2).apply(Self.list)))
        // 400x400 in 800x400: scale 1, the program's square centred, 200 pixels in.
        let boxed = try Self.picture(Self.list) { SDL_RenderSetLogicalSize($0, 400, 400) }
        #expect(try boxed == Self.picture(DrawScale(x: 1, y: 1, offsetX: 200, offsetY: 0).apply(Self.list)))
    }

    @Test("the mapper lands touches and the mouse in the program's space: logical size, render scale, high DPI")
    func mapping() {
        // A logical size: SDL gives the mouse in it and touches normalised over it.
        let logical = InputMapper.spaces(logical: (400, 400), output: (1000, 500), window: (1000, 500), program: .identity)
        #expect(logical.touch.apply(Point(x: 0.1, y: 0.5)) == Point(x: 40, y: 200))
        #expect(logical.mouse.apply(Point(x: 200, y: 200)) == Point(x: 200, y: 200))
        // A render scale of 2: output pixels halved.
        let scaled = InputMapper.spaces(logical: nil, output: (1000, 500), window: (1000, 500), program: DrawScale(x: 2, y: 2))
        #expect(scaled.touch.apply(Point(x: 0.5, y: 0.5)) == Point(x: 250, y: 125))
        #expect(scaled.mouse.apply(Point(x: 500, y: 250)) == Point(x: 250, y: 125))
        // High DPI: a 500x250-point window whose output has 1000x500 pixels, drawn in pixels.
        let dense = InputMapper.spaces(logical: nil, output: (1000, 500), window: (500, 250), program: .identity)
        #expect(dense.mouse.apply(Point(x: 100, y: 50)) == Point(x: 200, y: 100))
        #expect(dense.touch.apply(Point(x: 0.5, y: 0.5)) == Point(x: 500, y: 250))
    }

    @Test("through SDL: a window with a letterboxing logical size; a finger and a click land in the program's space")
    func mappingThroughSDL() throws {
        let system = try SDLSystem(videoDriver: "offscreen")  // serialized with the other windows' tests
        defer { withExtendedLifetime(system) {} }
        let window = try #require(SDL_CreateWindow("space", 0, 0, 1000, 500, 0))
        defer { SDL_DestroyWindow(window) }
        let sdlRenderer = try #require(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        defer { SDL_DestroyRenderer(sdlRenderer) }
        SDL_RenderSetLogicalSize(sdlRenderer, 400, 400)
        var mapper = InputMapper(windowWidth: 1000, windowHeight: 500)
        try mapper.follow(Renderer(adopting: sdlRenderer))
        var finger = SDL_Event()
        finger.type = SDL_FINGERDOWN.rawValue
        finger.tfinger.touchId = 7
        (finger.tfinger.x, finger.tfinger.y) = (0.3, 0.5)  // 300, 250 in the window: 50 px into the square
        var click = SDL_Event()
        click.type = SDL_MOUSEBUTTONDOWN.rawValue
        click.button.windowID = SDL_GetWindowID(window)
        click.button.button = UInt8(SDL_BUTTON_LEFT)
        (click.button.x, click.button.y) = (500, 250)
        SDL_PumpEvents()
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        SDL_PushEvent(&finger)
        SDL_PushEvent(&click)
        var event = SDL_Event(), points: [Point] = []
        while SDL_PollEvent(&event) == 1 {
            if case .input(.pointer(let pointer))? = mapper.translate(event, at: 0) { points.append(pointer.position) }
        }
        #expect(points.count == 2)
        #expect(points.first.map { abs($0.x - 40) < 0.01 && abs($0.y - 200) < 0.01 } == true, "\(points)")
        #expect(points.last == Point(x: 200, y: 200))
    }
}
}
