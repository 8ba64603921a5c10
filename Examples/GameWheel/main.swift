// A game's own frame with one Rotary wheel in its corner. The game keeps its SDL window,
// renderer and loop; Rotary adopts the renderer, takes the game's SDL events, moves on with
// the game's time step and draws the wheel over the game's picture, blending, touching
// nothing else. Picking a weapon on the wheel changes the ship's colour.
// Run it, or `example-game-wheel --screenshot game.png` (offscreen, scripted, 60 fps).
// `--scale 2` makes the window twice as large and keeps the game's 720×420 space as SDL's
// logical size: SDL magnifies the game's drawing, Rotary draws the wheel at the output's
// pixels, sharp, and the mapper brings touches and clicks into the game's space.
import ExampleSupport
import Foundation
import RotarySDL

let screenshot = ExampleWindow.option("--screenshot")
let scale = ExampleWindow.option("--scale").flatMap { Double($0) }.map { min(max($0, 1), 4) } ?? 1

// --- The game's own SDL set-up: Rotary owns none of it.
if screenshot != nil { SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen") }
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fatalError("SDL_Init: \(String(cString: SDL_GetError()))") }
defer { SDL_Quit() }
let width = 720.0, height = 420.0
guard let window = SDL_CreateWindow("A game with a Rotary wheel", rotary_windowpos_centered(), rotary_windowpos_centered(),
                                    Int32(width * scale), Int32(height * scale), 0),
      let gameRenderer = SDL_CreateRenderer(window, -1, screenshot == nil
          ? SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue : SDL_RENDERER_SOFTWARE.rawValue)
else { fatalError("SDL: \(String(cString: SDL_GetError()))") }

// --- Rotary: one wheel of weapons in the bottom-right corner.
let weapons: [(name: String, icon: String, color: RGBA)] = [
    ("Bolt", "icons/bolt", RGBA(250, 204, 21)), ("Fire", "icons/flame", RGBA(249, 115, 22)),
    ("Ice", "icons/snowflake", RGBA(125, 211, 252)), ("Wave", "icons/drop", RGBA(59, 130, 246)),
    ("Gust", "icons/wind", RGBA(167, 243, 208)), ("Sun", "icons/sun", RGBA(253, 224, 71)),
]
let wheelCenter = Point(x: width - 112, y: height - 112)
var panel = ControlPanel()
panel.add(RingControl(id: "weapon", kind: .wheel, labels: weapons.map(\.name), center: wheelCenter,
                      innerRadius: 34, outerRadius: 100))
var look = RingLook(items: weapons.map { RingItemLook(label: $0.name, icon: .builtIn($0.icon)) },
                    fill: RGBA(30, 41, 59, 220))
look.iconSize = 26
look.iconRadius = 78
look.labelSize = 11
look.labelRadius = 52
look.style.gapPixels = 2
look.style.dimmedOpacity = 0.55
let marker = MarkerLook(size: 14)
let rotary = DrawListExecutor(renderer: Renderer(adopting: gameRenderer),
                              fonts: FontBook(path: try FontLocator.locate("DejaVu Sans:bold")))
if scale != 1 { SDL_RenderSetLogicalSize(gameRenderer, Int32(width), Int32(height)) }  // the game draws in 720×420
var mapper = InputMapper(windowWidth: width, windowHeight: height)
try mapper.follow(Renderer(adopting: gameRenderer))

// --- The game's state: a ship bobbing through a field of stars.
struct Star { var x: Double, y: Double, speed: Double }
var stars = (0..<90).map { (i: Int) -> Star in
    Star(x: Double(i * 263 % 720), y: Double(i * 131 % 420), speed: 20 + Double(i % 5) * 25)
}
var shipColor = weapons[0].color
var clock = 0.0

/// The screenshot's scripted drag round the wheel, on the game's clock (SDL stamps pushed
/// events with the wall clock, which would make the fling differ from run to run).
func scriptedTouch(frame: Int) -> ControlInput? {
    guard (10...40).contains(frame) else { return nil }
    let point = Degrees.point(at: -90 + Double(frame - 10) * 4.2, radius: 70, around: wheelCenter)
    let phase: PointerEvent.Phase = frame == 10 ? .down : frame == 40 ? .up : .moved
    return .pointer(PointerEvent(phase, at: point, time: Double(frame) / 60))
}

var frame = 0
var running = true
while running {
    let dt = 1.0 / 60  // the game's fixed step
    if screenshot != nil, let touch = scriptedTouch(frame: frame) {
        for case .selected(_, let index, _, _) in panel.apply(touch) { shipColor = weapons[index].color }
    }
    var event = SDL_Event()
    while SDL_PollEvent(&event) == 1 {
        if event.type == SDL_QUIT.rawValue { running = false }
        if case .input(let input) = mapper.translate(event) {
            for case .selected(_, let index, _, _) in panel.apply(input) { shipColor = weapons[index].color }
        }
    }
    for case .selected(_, let index, _, _) in panel.advance(by: dt) { shipColor = weapons[index].color }
    clock += dt

    // The game draws its frame as it always did...
    SDL_SetRenderDrawColor(gameRenderer, 8, 10, 28, 255)
    SDL_RenderClear(gameRenderer)
    SDL_SetRenderDrawColor(gameRenderer, 226, 232, 240, 255)
    for i in stars.indices {
        stars[i].x -= stars[i].speed * dt
        if stars[i].x < 0 { stars[i].x += width }
        var dot = SDL_FRect(x: Float(stars[i].x), y: Float(stars[i].y), w: 2, h: 2)
        SDL_RenderFillRectF(gameRenderer, &dot)
    }
    let shipY = Float(height / 2 + sin(clock * 2) * 40)
    let c = SDL_Color(r: shipColor.r, g: shipColor.g, b: shipColor.b, a: 255)
    let ship = [SDL_Vertex(position: SDL_FPoint(x: 120, y: shipY - 22), color: c, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: 190, y: shipY), color: c, tex_coord: SDL_FPoint()),
                SDL_Vertex(position: SDL_FPoint(x: 120, y: shipY + 22), color: c, tex_coord: SDL_FPoint())]
    SDL_RenderGeometry(gameRenderer, nil, ship, 3, nil, 0)

    // ...and Rotary draws the wheel over it, blending, in its corner only.
    try rotary.draw(DrawList(RingDrawing.commands(panel.rings[0], look: look, marker: marker)))
    SDL_RenderPresent(gameRenderer)

    frame += 1
    if let screenshot, frame == 100 {
        try Renderer(adopting: gameRenderer).savePNG(to: screenshot)
        print("saved \(screenshot)")
        running = false
    }
}
SDL_DestroyRenderer(gameRenderer)
SDL_DestroyWindow(window)
