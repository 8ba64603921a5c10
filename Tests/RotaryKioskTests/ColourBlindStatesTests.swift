import Foundation
import RotaryKit
import RotarySDL
import Testing

/// Running, paused and done told apart by a red-green colour-blind eye: the state bands'
/// colours, taken from screenshots of the real executable and seen through Machado, Oliveira
/// and Fernandes' (2009) protanopia and deuteranopia simulations, stay far apart; and each
/// state differs in shape as well.
@Suite("States apart for a colour-blind eye, from screenshots")
struct ColourBlindStatesTests {
    /// Machado et al.'s matrices for full protanopia and deuteranopia, on linear RGB.
    static let simulations: [(String, [[Double]])] = [
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    ]

    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }

    /// CIELAB of linear RGB `rgb` (D65).
    static func lab(_ rgb: [Double]) -> [Double] {
        let x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
        let y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
        let z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    /// `color` as `matrix` sees it (nil: as drawn), in CIELAB.
    static func seen(_ color: RGBA, through matrix: [[Double]]?) -> [Double] {
        let rgb = [color.r, color.g, color.b].map { linear(Double($0) / 255) }
        guard let matrix else { return lab(rgb) }
        return lab(matrix.map { row in min(1, max(0, zip(row, rgb).map { $0 * $1 }.reduce(0, +))) })
    }

    /// The screenshot and texts of a replay of `keys` (with `wait` ms after) at 800×480.
    static func state(_ build: (inout Trace) -> Void) throws -> (picture: Surface, texts: [[String: Any]]) {
        let dir = try KioskProcess.temporaryDirectory()
        let shot = dir.appendingPathComponent("shot.png").path
        var trace = Trace()
        build(&trace)
        trace.add(["type": "end"])
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 1, extra: "[dial]\nvalues = [0, 1, 5]\n"), as: "k.toml", in: dir)
        let (run, record) = try DrawListOutTests.record(trace, size: "800x480", extra: ["--config", config, "--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        return (try Surface(contentsOf: shot), DrawListOutTests.texts(record))
    }

    /// The band's colour beside its word `word`, read from the picture.
    static func band(_ state: (picture: Surface, texts: [[String: Any]]), word: String) throws -> RGBA {
        let text = try #require(state.texts.first { $0["text"] as? String == word && $0["control"] as? String == "state" }, "\(state.texts)")
        let box = DrawListOutTests.box(text)
        return state.picture.pixel(x: Int(box[0] + box[2] + 12), y: Int(box[1] + box[3] / 2))
    }

    @Test("the running, paused and done bands stay more than 40 ΔE apart as drawn and under protanopia and deuteranopia; done shows no digits, paused digits pulse")
    func apart() throws {
        let running = try Self.state { $0.key("Return"); $0.wait(2000) }
        let paused = try Self.state { $0.key("Return"); $0.wait(1000); $0.key("Return"); $0.wait(1000) }
        let done = try Self.state { $0.key("Return"); $0.wait(62_000) }
        let colours = [("running", try Self.band(running, word: "running")), ("paused", try Self.band(paused, word: "paused")),
                       ("done", try Self.band(done, word: "Done"))]
        for (name, matrix) in [("as drawn", nil)] + Self.simulations.map({ ($0.0, Optional($0.1)) }) {
            for (i, a) in colours.enumerated() {
                for b in colours.dropFirst(i + 1) {
                    let distance = zip(Self.seen(a.1, through: matrix), Self.seen(b.1, through: matrix)).map { ($0 - $1) * ($0 - $1) }
                        .reduce(0, +).squareRoot()
                    #expect(distance > 40, "\(name): \(a.0) \(a.1) and \(b.0) \(b.1) only \(Int(distance)) ΔE apart")
                }
            }
        }
        // Shapes: the time's digits while running, faded in the pulse while paused, none on "Done".
        let digits = { (texts: [[String: Any]]) in
            texts.filter { $0["control"] as? String == "state" && ($0["text"] as? String)?.first?.isNumber == true }
        }
        #expect(digits(running.texts).first?["alpha"] == nil)
        #expect(digits(paused.texts).first?["alpha"] != nil, "paused at 1 s: the pulse at its faintest")
        #expect(digits(done.texts).isEmpty, "\(done.texts)")
    }
}
