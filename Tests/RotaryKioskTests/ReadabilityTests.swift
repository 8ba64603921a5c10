import Foundation
import RotaryKioskCore
import RotaryKit
import RotarySDL
import Testing
@testable import RotaryKiosk

/// The person at the panel's rules, held in the real executable's own frames: every text
/// readable against what lies under it and large enough, nothing cut, every target a finger
/// wide as drawn; in every state, at five panel sizes, turned, in three scripts, with the
/// built-in programs, the example config and eight zones, and on panels of known size.
@Suite("Readable and touchable, measured in the executable's frames")
struct ReadabilityTests {
    /// The programs a panel shows.
    enum Programs: String, Sendable {
        /// The built-in demo's eight programs.
        case demo
        /// kiosk/deploy/rotary.toml: categories and set points.
        case example
        /// kiosk/deploy/rotary.toml with eight zones, some names too long for one line.
        case zones
        /// The demo's programs on a dial of 120 values, 1 to 120 minutes.
        case busyDial
    }

    /// One panel: a window size, its rotation, its programs, its language and, where known,
    /// its diagonal in inches.
    struct Panel: CustomTestStringConvertible, Sendable {
        var size: String
        var rotate = 0
        var programs = Programs.demo
        var language = "en"
        var diagonal: Double?
        var testDescription: String {
            "\(size) turned \(rotate)° \(programs) \(language)" + (diagonal.map { " \($0)-inch" } ?? "")
        }
    }

    /// What the panel shows when it is measured.
    enum State: String, CaseIterable, Sendable {
        case idle, running, paused, done

        /// The trace that brings a panel showing `programs` to this state.
        func trace(_ programs: Programs) -> Trace {
            var trace = Trace()
            switch self {
            case .idle: trace.wait(300)
            case .running: trace.key("Return"); trace.wait(3000)
            case .paused: return .startThenPause
            case .done:  // two programs on (Infrared's 30 minutes, or Cold plunge's 5), started, run out, "Done" shown
                trace.key("Down"); trace.wait(100); trace.key("Down"); trace.wait(400); trace.key("Return")
                trace.wait((programs == .demo || programs == .busyDial ? 30 : 5) * 60_000 + 2000)
            }
            trace.stamp()
            return trace
        }
    }

    static let panels: [Panel] = ["800x480", "480x800", "1280x800", "1920x1080", "1080x1080"].flatMap { size in
        [Panel(size: size), Panel(size: size, programs: .example)]
    } + ["800x480", "480x800"].flatMap { size in
        ["ar", "ja"].flatMap { language in [Panel(size: size, language: language), Panel(size: size, programs: .example, language: language)] }
    } + [
        Panel(size: "480x800", rotate: 90), Panel(size: "800x480", rotate: 90, programs: .example),
        Panel(size: "800x480", programs: .zones), Panel(size: "480x800", programs: .zones, language: "ar"),
        Panel(size: "1920x1080", programs: .zones),
        Panel(size: "800x480", programs: .example, diagonal: 5), Panel(size: "1280x800", diagonal: 10.1),
        Panel(size: "800x480", programs: .busyDial), Panel(size: "480x800", programs: .busyDial, language: "ar"),
    ]

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../kiosk/deploy/rotary.toml").standardized.path

    /// The config file for `panel`.
    static func config(_ panel: Panel) throws -> String {
        var text: String
        switch panel.programs {
        case .demo, .busyDial:
            text = Program.demo.map { "[[program]]\nname = \"\($0.name)\"\nicon = \"\($0.icon)\"\nminutes = \($0.minutes)\n" }.joined()
        case .example, .zones:
            text = try String(contentsOfFile: example, encoding: .utf8)
                .replacingOccurrences(of: #"(?m)^(language|diagonal)\s*=.*$"#, with: "", options: .regularExpression)
        }
        if panel.programs == .busyDial { text += "[dial]\nvalues = [\((1...120).map(String.init).joined(separator: ", "))]\n" }
        if panel.programs == .zones {
            text += ["Cabin 1", "Sauna Nord", "Dampfbad Süd", "Infrarot 2", "Kalt", "Cabin 6", "Laundry room", "Dryer 8"]
                .map { "\n[[zone]]\nname = \"\($0)\"\n" }.joined()
        }
        text += text.contains("[locale]") ? "" : "\n[locale]\n"
        text = text.replacingOccurrences(of: "[locale]", with: "[locale]\nlanguage = \"\(panel.language)\"")
        if let diagonal = panel.diagonal {
            text += text.contains("[display]") ? "" : "\n[display]\n"
            text = text.replacingOccurrences(of: "[display]", with: "[display]\ndiagonal = \(diagonal)")
        }
        return try ConfigText.write(text, as: "k.toml", in: try KioskProcess.temporaryDirectory())
    }

    @Test("every text 4.5:1 against what lies under it (3:1 from 24 px), none under 14 px at 800×480 (scaled), none cut, all inside; every target a finger (9 mm) wide",
          arguments: panels)
    func panel(_ panel: Panel) throws {
        let config = try Self.config(panel)
        for state in State.allCases {
            let shot = try KioskProcess.temporaryDirectory().appendingPathComponent("shot.png").path
            let (run, record) = try DrawListOutTests.record(state.trace(panel.programs), size: panel.size,
                                                            extra: ["--config", config, "--rotate", String(panel.rotate), "--screenshot", shot])
            #expect(run.status == 0 && !run.stderr.contains(" error "), "\(state): \(run.stderr)")
            #expect(state != .done || run.named("timer").last?["state"] as? String == "finished", "the countdown ran out: \(run.rawEvents)")
            try Self.check(record, picture: try Surface(contentsOf: shot), in: "\(state)")
        }
    }

    @Test("the service screen, opened by the corner hold: the same rules for its texts, tabs and ✕",
          arguments: [Panel(size: "800x480"), Panel(size: "480x800", language: "ar"), Panel(size: "800x480", language: "ar"),
                      Panel(size: "1280x800", language: "ja", diagonal: 10.1)])
    func serviceScreen(_ panel: Panel) throws {
        let size = panel.size.split(separator: "x").compactMap { Double($0) }
        var service = ServiceTrace(width: size[0], height: size[1])
        service.cornerHold()
        service.trace.wait(600)
        service.trace.stamp()
        let shot = try KioskProcess.temporaryDirectory().appendingPathComponent("shot.png").path
        let (run, record) = try DrawListOutTests.record(service.trace, size: panel.size,
                                                        extra: ["--config", try Self.config(panel), "--screenshot", shot])
        #expect(run.status == 0, "\(run.stderr)")
        let targets = (record["targets"] as? [[String: Any]] ?? []).compactMap { $0["control"] as? String }
        #expect(targets.contains("service.close") && targets.contains("service.tabs"), "the service screen is open: \(targets)")
        try Self.check(record, picture: try Surface(contentsOf: shot), in: "service")
    }

    /// Holds `record` and its `picture` to the rules; a failure names the text or target and its numbers.
    static func check(_ record: [String: Any], picture: Surface, in state: String) throws {
        let width = Double(picture.width), height = Double(picture.height)
        let least = (14 * min(width, height) / 480).rounded()
        let targets = record["targets"] as? [[String: Any]] ?? []
        let strips = targets.filter { $0["kind"] as? String == "strip" }
        for text in DrawListOutTests.texts(record) {
            let name = "\(state): \"\(text["text"] ?? "")\" (\(text["control"] ?? "none"))"
            let box = DrawListOutTests.box(text), px = text["px"] as? Int ?? 0
            // A name a strip's end cuts, faded, is the sign that it scrolls on, not a text to read.
            if let strip = strips.first(where: { $0["control"] as? String == text["control"] as? String }),
               !Self.inside(box, DrawListOutTests.box(strip)) {
                #expect((text["alpha"] as? Int ?? 255) < 255, "\(name) at \(box) is cut by its strip's end but not faded")
                continue
            }
            #expect(Double(px) >= least, "\(name) is \(px) px, under \(least)")
            #expect(text["asked"] == nil, "\(name) is cut from \"\(text["asked"] ?? "")\"")
            #expect(Self.inside(box, [0, 0, width, height]), "\(name) at \(box) leaves the panel")
            let rgb = try #require(ColourText.parse(text["color"] as? String ?? ""), "\(name): colour")
            let color = RGBA(rgb.0, rgb.1, rgb.2)
            let contrast = try #require(TextContrast.of(color: color, alpha: text["alpha"] as? Int ?? 255, box: box, in: picture))
            let needed = px >= 24 ? 3.0 : 4.5
            #expect(contrast >= needed, "\(name), \(px) px \(text["color"] ?? "") alpha \(text["alpha"] ?? 255): \((contrast * 100).rounded() / 100):1, under \(needed):1")
        }
        let panel = try #require(record["panel"] as? [String: Any])
        let finger = try #require(panel["finger_px"] as? Double)
        for target in targets where target["locked"] as? Bool != true {
            let reach = target["reach"] as? Double ?? 0
            #expect(reach >= finger - 0.5, "\(state): \(target["control"] ?? "") reaches \(reach) px, under a finger's \(finger) px (\(panel))")
        }
    }

    /// Whether `box` lies within `outer` (both [x, y, w, h]), give or take half a pixel.
    static func inside(_ box: [Double], _ outer: [Double]) -> Bool {
        box[0] >= outer[0] - 0.5 && box[1] >= outer[1] - 0.5 && box[0] + box[2] <= outer[0] + outer[2] + 0.5
            && box[1] + box[3] <= outer[1] + outer[3] + 0.5
    }
}
