import Foundation
import RotarySDL
import Testing

/// The running view through the real executable, measured in its own screenshot: the time
/// left is what a person reads from the bench, so its digits are measured in pixels, at every
/// panel size, turned, in three scripts and with both configs.
@Suite("The running view, measured in the picture")
struct RunningViewTests {
    /// One panel: a window size, its rotation, a config (nil: the built-in one) and a language.
    struct Panel: CustomTestStringConvertible, Sendable {
        var size: String
        var rotate = 0
        var config: String?
        var language: String?
        /// The panel's diagonal, inches, where the config gives it.
        var diagonal: Double?
        var testDescription: String {
            "\(size) turned \(rotate)° \(config ?? "built-in") \(language ?? "en")" + (diagonal.map { " \($0)-inch" } ?? "")
        }
    }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../kiosk/deploy/rotary.toml").standardized.path
    static let panels: [Panel] = ["800x480", "480x800", "1280x800", "1920x1080", "1080x1080"].flatMap { size in
        [Panel(size: size), Panel(size: size, config: example)]
    } + [Panel(size: "480x800", rotate: 90), Panel(size: "800x480", rotate: 90, config: example),
         Panel(size: "800x480", language: "ar"), Panel(size: "480x800", language: "ja"),
         Panel(size: "480x800", config: example, language: "ar"), Panel(size: "800x480", config: example, language: "ja"),
         Panel(size: "800x480", config: example, diagonal: 5), Panel(size: "800x480", config: example, diagonal: 4.3)]

    /// The config for `panel`: its file, with the language set in a copy where one is asked.
    static func config(_ panel: Panel) throws -> [String] {
        guard panel.language != nil || panel.diagonal != nil else { return panel.config.map { ["--config", $0] } ?? [] }
        let programs: ReadabilityTests.Programs = panel.config == nil ? .demo : .example
        return ["--config", try ReadabilityTests.config(.init(size: panel.size, programs: programs, language: panel.language ?? "en",
                                                              diagonal: panel.diagonal))]
    }

    @Test("paused after a start: the time left's digits stand at least 18 % of the panel's height in the picture unless its width holds them, never squeezed under 90 %, and no state text is cut",
          arguments: panels)
    func heroDigits(panel: Panel) throws {
        let shot = try KioskProcess.temporaryDirectory().appendingPathComponent("shot.png").path
        let (run, record) = try DrawListOutTests.record(.startThenPause, size: panel.size,
                                                        extra: try Self.config(panel) + ["--rotate", String(panel.rotate), "--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        let state = DrawListOutTests.texts(record).filter { $0["control"] as? String == "state" }
        for text in state { #expect(text["asked"] == nil, "cut: \(text)") }
        let time = try #require(state.max { ($0["px"] as? Int ?? 0) < ($1["px"] as? Int ?? 0) })
        #expect((time["text"] as? String)?.contains(where: \.isNumber) == true, "the largest text is the time: \(time)")
        let turned = (time["degrees"] as? Double ?? 0).truncatingRemainder(dividingBy: 180) != 0
        let picture = try Surface(contentsOf: shot)
        // The person's view: the panel's height as they see it.
        let viewHeight = Double(turned ? picture.width : picture.height)
        let digits = Self.inkExtent(picture, box: DrawListOutTests.box(time), across: turned)
        // Squeezed as far as allowed: the view's width holds the time, no larger size fits it.
        let squeeze = time["width_scale"] as? Double ?? 1
        #expect(squeeze >= 0.9, "digits squeezed to \(squeeze) of their width: \(time)")
        let widthBound = squeeze < 0.91
        #expect(Double(digits) >= 0.18 * viewHeight || widthBound,
                "\(time["text"] ?? "") at \(time["px"] ?? "") px: digits \(digits) px, \(Double(digits) / viewHeight * 100) % of \(viewHeight)")
        // Where the panel's size is known, at least 15 mm too (unless its width holds them).
        let size = try #require(record["panel"] as? [String: Any])
        if size["source"] as? String != "assumed", let pitch = size["mm_per_px"] as? Double {
            #expect(Double(digits) * pitch >= 15 || widthBound, "digits \(digits) px of \(pitch) mm: \(Double(digits) * pitch) mm")
        }
    }

    /// How far the bright (near-white) pixels of `box` reach, across the text's line: rows,
    /// or columns for a text turned a quarter (`across`).
    static func inkExtent(_ picture: Surface, box: [Double], across: Bool) -> Int {
        let x0 = max(0, Int(box[0])), y0 = max(0, Int(box[1]))
        let x1 = min(picture.width, Int((box[0] + box[2]).rounded(.up))), y1 = min(picture.height, Int((box[1] + box[3]).rounded(.up)))
        var lines: [Int] = []
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = picture.pixel(x: x, y: y)
                if p.r > 200 && p.g > 200 && p.b > 200 { lines.append(across ? x : y) }
            }
        }
        guard let low = lines.min(), let high = lines.max() else { return 0 }
        return high - low + 1
    }
}
