import CSDL2
import Foundation
import RotarySDL

/// The window, loop and screenshot mode the examples share, so each example shows only its
/// own concept.
///
/// Live, it opens a window, and every frame hands the example the input since the last
/// frame and the seconds since it, draws the list the example returns and shows it, until
/// the window is closed or Escape is pressed. With `--screenshot PATH` it instead opens an
/// offscreen window, plays the example's script at exactly 60 frames per second (so the
/// picture is the same on every machine), saves the last frame as a PNG and exits.
public final class ExampleWindow {
    /// The drawing area, pixels.
    public let width: Double
    public let height: Double
    /// The renderer and fonts the examples draw with.
    public let renderer: Renderer
    public let fonts: FontBook
    private let system: SDLSystem
    private let window: Window
    private let screenshotPath: String?

    /// Opens the example's window (offscreen with `--screenshot PATH`), `width`×`height` pixels
    /// unless `--size WxH` asks for another size.
    public init(title: String, width: Int, height: Int) throws {
        screenshotPath = Self.option("--screenshot")
        let asked = Self.option("--size")?.split(separator: "x").compactMap { Int($0) }.filter { $0 >= 64 && $0 <= 8192 }
        let (width, height) = asked?.count == 2 ? (asked![0], asked![1]) : (width, height)
        system = try SDLSystem(videoDriver: screenshotPath == nil ? nil : "offscreen")
        window = try Window(system: system, title: title, width: width, height: height, fullscreen: false)
        renderer = try Renderer(window: window, kind: screenshotPath == nil ? .accelerated : .software,
                                vsync: screenshotPath == nil)
        let size = try renderer.outputSize()
        self.width = Double(size.width)
        self.height = Double(size.height)
        fonts = FontBook(path: try FontLocator.locate("DejaVu Sans:bold"))
    }

    /// The value after `name` on the command line (`--screenshot PATH`), if given.
    public static func option(_ name: String) -> String? {
        let arguments = CommandLine.arguments
        return arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }

    /// Runs the example: `frame` gets the inputs since the last frame and the seconds since
    /// it, and returns what to draw. In screenshot mode the inputs are `script`'s, each at its
    /// time, and the run ends `settleSeconds` after the last.
    public func run(script: [ScriptStep] = [], settleSeconds: Double = 1.5,
                    frame: (_ inputs: [ControlInput], _ dt: Double) throws -> DrawList) throws {
        let executor = DrawListExecutor(renderer: renderer, fonts: fonts)
        if let screenshotPath {
            let dt = 1.0 / 60
            let frames = Int((((script.map(\.seconds).max() ?? 0) + settleSeconds) / dt).rounded(.up))
            var pending = script.sorted { $0.seconds < $1.seconds }[...]
            for n in 0...frames {
                let now = Double(n) * dt
                var inputs: [ControlInput] = []
                while let next = pending.first, next.seconds <= now + dt / 2 {
                    inputs.append(next.input)
                    pending = pending.dropFirst()
                }
                try executor.draw(try frame(inputs, n == 0 ? 0 : dt))
            }
            renderer.present()
            try renderer.savePNG(to: screenshotPath)
            print("saved \(screenshotPath)")
            return
        }
        var mapper = InputMapper(windowWidth: width, windowHeight: height)
        var last = SDL_GetPerformanceCounter()
        while true {
            var inputs: [ControlInput] = []
            var event = SDL_Event()
            while SDL_PollEvent(&event) == 1 {
                switch mapper.translate(event) {
                case .quit: return
                case .input(.key(let name)) where KeyBindings.action(forKey: name) == .quit: return
                case .input(let input): inputs.append(input)
                case .layoutChanged, .exposed, nil: break  // every frame is drawn whole
                }
            }
            let now = SDL_GetPerformanceCounter()
            let dt = Double(now - last) / Double(SDL_GetPerformanceFrequency())
            last = now
            try executor.draw(try frame(inputs, dt))
            renderer.present()
        }
    }
}

/// One scripted input of a screenshot run, at `seconds` from the start.
public struct ScriptStep: Sendable {
    public var seconds: Double
    public var input: ControlInput

    /// An input at a time.
    public init(_ seconds: Double, _ input: ControlInput) {
        self.seconds = seconds
        self.input = input
    }

    /// A finger put down at `from`, moved in a straight line to `to` over `duration` seconds
    /// (one move per frame), held still a moment and lifted.
    public static func drag(from: Point, to: Point, at start: Double, duration: Double, finger: Int = 1) -> [ScriptStep] {
        let steps = max(1, Int((duration * 60).rounded()))
        var script = [ScriptStep(start, .pointer(PointerEvent(.down, finger: finger, at: from, time: start)))]
        for i in 1...steps {
            let f = Double(i) / Double(steps), t = start + duration * f
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            script.append(ScriptStep(t, .pointer(PointerEvent(.moved, finger: finger, at: p, time: t))))
        }
        let end = start + duration + 0.1
        script.append(ScriptStep(end, .pointer(PointerEvent(.up, finger: finger, at: to, time: end))))
        return script
    }

    /// A finger put down on a ring `radius` pixels from `center` at `fromDegrees` and moved
    /// round the centre to `toDegrees` over `duration` seconds, then lifted while still
    /// moving (a fling when fast).
    public static func turn(center: Point, radius: Double, fromDegrees: Double, toDegrees: Double, at start: Double,
                            duration: Double, finger: Int = 1) -> [ScriptStep] {
        let steps = max(1, Int((duration * 60).rounded()))
        func point(_ f: Double) -> Point {
            Degrees.point(at: fromDegrees + (toDegrees - fromDegrees) * f, radius: radius, around: center)
        }
        var script = [ScriptStep(start, .pointer(PointerEvent(.down, finger: finger, at: point(0), time: start)))]
        for i in 1...steps {
            let f = Double(i) / Double(steps), t = start + duration * f
            script.append(ScriptStep(t, .pointer(PointerEvent(i == steps ? .up : .moved, finger: finger, at: point(f), time: t))))
        }
        return script
    }

    /// A quick tap at `point`.
    public static func tap(_ point: Point, at start: Double, finger: Int = 1) -> [ScriptStep] {
        [ScriptStep(start, .pointer(PointerEvent(.down, finger: finger, at: point, time: start))),
         ScriptStep(start + 0.08, .pointer(PointerEvent(.up, finger: finger, at: point, time: start + 0.08)))]
    }
}
