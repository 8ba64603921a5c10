// What one Rotary wheel costs a program that embeds it: a 1280×800 frame on SDL's software
// renderer (adopted, as a game's), a wheel of six items with icons and names (outer radius
// `--radius`, 200 pixels; 380 fills the height), blended over the program's picture. It
// times DrawListExecutor.draw and SDL's flush of what it queued (SDL batches draw calls, so
// the copy of the wheel's texture happens there), the wheel at rest and the wheel turning
// 1.5° a frame, and prints the median and 99th percentile of each in milliseconds. Build it
// as your program is built (`swift run example-wheel-bench`, or `swift run -c release
// example-wheel-bench`): the figures are what Rotary costs your frame in that
// configuration. `--threads` lets the executor use worker threads; `--frames N` times N
// frames of each (600).
import ExampleSupport
import Foundation
import RotarySDL

let frames = ExampleWindow.option("--frames").flatMap { Int($0) }.map { max(1, $0) } ?? 600
let radius = ExampleWindow.option("--radius").flatMap { Double($0) }.map { min(max($0, 40), 400) } ?? 200
let threads: DrawingThreads = CommandLine.arguments.contains("--threads") ? .workers : .callerOnly
SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
guard SDL_Init(SDL_INIT_VIDEO) == 0,
      let window = SDL_CreateWindow("wheel bench", 0, 0, 1280, 800, 0),
      let sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
else { fatalError(String(cString: SDL_GetError())) }

let icons = ["bolt", "flame", "snowflake", "drop", "wind", "sun"]
var wheel = RingControl(id: "wheel", kind: .wheel, labels: ["Bolt", "Fire", "Ice", "Wave", "Gust", "Sun"],
                        center: Point(x: 640, y: 400), innerRadius: radius * 0.24, outerRadius: radius)
let look = RingLook(for: wheel, icons: icons.map { .builtIn("icons/\($0)") })
let executor = DrawListExecutor(renderer: Renderer(adopting: sdlRenderer),
                                fonts: FontBook(path: try FontLocator.locate("DejaVu Sans:bold")), threads: threads)

/// Milliseconds each of `count` frames spent in `executor.draw`, the wheel moved on by
/// `step` item coordinates before each.
@MainActor func time(_ count: Int, step: Double) throws -> [Double] {
    var coordinate = 0.0
    return try (0..<count).map { _ in
        coordinate += step
        wheel.place(atCoordinate: coordinate)
        SDL_SetRenderDrawColor(sdlRenderer, 8, 10, 28, 255)
        SDL_RenderClear(sdlRenderer)  // the program's own frame
        let list = DrawList(RingDrawing.commands(wheel, look: look))
        let start = DispatchTime.now().uptimeNanoseconds
        try executor.draw(list)
        SDL_RenderFlush(sdlRenderer)  // SDL batches draw calls: the copy happens here
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        SDL_RenderPresent(sdlRenderer)
        return ms
    }
}

func summary(_ samples: [Double]) -> (median: Double, p99: Double) {
    let sorted = samples.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
}

_ = try time(30, step: 1.5 / 60)  // the art is made on the first frame
let rest = summary(try time(frames, step: 0))
let turning = summary(try time(frames, step: 1.5 / 60))
print(String(format: "one wheel of radius %.0f at 1280x800, software renderer, %@: at rest %.3f ms median, %.3f ms p99; "
             + "turning %.3f ms median, %.3f ms p99", radius, threads == .workers ? "worker threads" : "caller's thread",
             rest.median, rest.p99, turning.median, turning.p99))
SDL_DestroyRenderer(sdlRenderer)
SDL_DestroyWindow(window)
SDL_Quit()
