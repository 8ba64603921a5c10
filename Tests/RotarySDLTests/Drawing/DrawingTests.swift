import Foundation
import Testing
@testable import RotarySDL

/// Every test that draws with SDL or sets text, nested here so they run one at a time: SDL's
/// software renderer and SDL_image keep some state per process, and one renderer must not
/// be used from two threads.
@Suite("Drawing with SDL", .serialized)
struct DrawingTests {
    /// The font every drawing test sets its texts in.
    nonisolated(unsafe) static let fonts = FontBook(path: try! FontLocator.locate("DejaVu Sans:bold"))

    /// A `width`×`height` surface with a software renderer and an executor on it.
    struct Canvas {
        let surface: Surface
        let renderer: Renderer
        let executor: DrawListExecutor

        init(width: Int = 160, height: Int = 160) throws {
            surface = try Surface(width: width, height: height)
            renderer = try Renderer(surface: surface)
            executor = DrawListExecutor(renderer: renderer, fonts: DrawingTests.fonts)
        }

        /// Draws `commands` and returns what the surface holds.
        func draw(_ commands: [DrawCommand]) throws -> Surface {
            try executor.draw(DrawList(commands))
            renderer.present()
            return try renderer.readPixels()
        }
    }

    /// A grey checkerboard of 10-pixel squares over the whole canvas, to see transparency by.
    static func checkerboard(size: Int = 160) -> [DrawCommand] {
        var commands: [DrawCommand] = [.fill(nil, RGBA(200, 200, 200))]
        for y in stride(from: 0, to: size, by: 10) {
            for x in stride(from: (y / 10) % 2 * 10, to: size, by: 20) {
                commands.append(.fill(Rect(x: Double(x), y: Double(y), width: 10, height: 10), RGBA(120, 120, 120)))
            }
        }
        return commands
    }

    /// A ring look of `count` items named 1…count on a blue fill.
    static func look(count: Int, labelSize: Int, labelRadius: Double) -> RingLook {
        var look = RingLook(items: (1...count).map { RingItemLook(label: String($0)) }, fill: RGBA(37, 99, 235))
        look.labelSize = labelSize
        look.labelRadius = labelRadius
        return look
    }
}
