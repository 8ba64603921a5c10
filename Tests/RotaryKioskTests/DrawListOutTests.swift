import Foundation
import Testing

/// `--draw-list-out`: the last frame as data, written by the real executable.
@Suite("The frame as data (--draw-list-out)")
struct DrawListOutTests {
    /// The record of a replay of `trace` at `size`.
    static func record(_ trace: Trace, size: String = "800x480", extra: [String] = []) throws -> (run: ReplayRun, record: [String: Any]) {
        let dir = try KioskProcess.temporaryDirectory()
        let path = dir.appendingPathComponent("frame.json").path
        let run = try ReplayRun.run(trace.text, size: size, extra: ["--draw-list-out", path] + extra)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return (run, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    static func texts(_ record: [String: Any]) -> [[String: Any]] { record["texts"] as? [[String: Any]] ?? [] }
    static func box(_ item: [String: Any]) -> [Double] { (item["box"] as? [NSNumber] ?? []).map(\.doubleValue) }

    @Test("paused at 800×480: the state's texts with their sizes, the button's, every box inside the panel; Resume, Stop and +5 min the targets")
    func paused() throws {
        let (run, record) = try Self.record(.startThenPause)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((record["width"] as? Int) == 800 && (record["height"] as? Int) == 480)
        let texts = Self.texts(record)
        let state = texts.filter { $0["control"] as? String == "state" }.compactMap { $0["text"] as? String }
        #expect(state == ["Finnish sauna", "14:59", "paused"], "\(texts)")
        // The paused time keeps the size asked for: never set smaller.
        let time = try #require(texts.first { $0["text"] as? String == "14:59" && $0["control"] as? String == "state" })
        #expect(time["asked_px"] == nil && (time["px"] as? Int ?? 0) >= 40, "\(time)")
        #expect(texts.contains { $0["control"] as? String == "button" && $0["text"] as? String == "Resume" })
        #expect(texts.filter { $0["control"] as? String == "stop" }.compactMap { $0["text"] as? String } == ["Stop", "hold"])
        #expect(texts.filter { $0["control"] as? String == "extend" }.compactMap { $0["text"] as? String } == ["+5 min"])
        for text in texts {
            let b = Self.box(text)
            #expect(b.count == 4 && b[0] >= 0 && b[1] >= 0 && b[0] + b[2] <= 800 && b[1] + b[3] <= 480, "\(text)")
            #expect((text["color"] as? String)?.range(of: "^#[0-9a-f]{6}$", options: .regularExpression) != nil, "\(text)")
        }
        let targets = try #require(record["targets"] as? [[String: Any]])
        let locked = Dictionary(uniqueKeysWithValues: targets.compactMap { t in (t["control"] as? String).map { ($0, t["locked"] as? Bool) } })
        #expect(locked == ["button": false, "stop": false, "extend": false], "the rings stepped back for the running view: \(targets)")
        let button = try #require(targets.first { $0["control"] as? String == "button" })
        #expect(Self.box(button).count == 4 && (button["reach"] as? Double ?? 0) > 40)
    }

    @Test("a panel turned 90°: boxes in the window's pixels, and a text cut short says what it was asked to write")
    func turned() throws {
        var trace = Trace()
        trace.wait(300)
        trace.stamp()
        let (run, record) = try Self.record(trace, size: "480x800", extra: ["--rotate", "90"])
        #expect(run.status == 0, "\(run.stderr)")
        for text in Self.texts(record) {
            let b = Self.box(text)
            #expect(b[0] >= 0 && b[1] >= 0 && b[0] + b[2] <= 480 && b[1] + b[3] <= 800, "\(text)")
            if let asked = text["asked"] as? String { #expect((text["text"] as? String)?.hasSuffix("…") == true, "\(asked)") }
        }
        let name = try #require(Self.texts(record).first { $0["text"] as? String == "Finnish sauna" && $0["control"] as? String == "state" })
        #expect(name["degrees"] as? Double == 90, "\(name)")
        // Turned by 90°, the name's box is taller than wide.
        let b = Self.box(name)
        #expect(b[3] > b[2], "\(name)")
    }
}
