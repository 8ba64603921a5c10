import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The service screen speaks the panel's language: every built-in language has every word,
/// with the same placeholders as English, and the real executable draws them.
@Suite("The service screen's words in every language")
struct ServiceWordsTests {
    static func placeholders(_ text: String) -> [String] {
        ["{n}", "{m}", "{x}"].filter { text.contains($0) }
    }

    @Test("each built-in language has its own text for every word, with English's placeholders, tab names told apart",
          arguments: KioskLanguage.all.map(\.code).filter { $0 != "en" })
    func complete(code: String) {
        #expect(ServiceWords.translated.contains(code), "\(code) has service words")
        let table = ServiceWords.table(code), english = ServiceWords.table("en")
        for word in ServiceWord.allCases {
            let text = table[word] ?? ""
            #expect(!text.isEmpty, "\(code): \(word)")
            #expect(Self.placeholders(text) == Self.placeholders(english[word] ?? ""), "\(code): \(word): \(text)")
        }
        let tabs = ServiceTab.allCases.map { table[$0.word] ?? "" }
        #expect(Set(tabs).count == tabs.count && !tabs.contains(table[.quit] ?? ""), "\(code): \(tabs)")
    }

    @Test("a word is written with its numbers; a language without words of its own speaks English")
    func filled() {
        let german = ServiceWords(code: "de")
        #expect(german(.lockedOut, n: 5, m: 60) == "Nach 5 falschen PINs gesperrt: in 60 s erneut versuchen")
        #expect(ServiceWords(code: "xx")(.title) == "Service")
    }

    @Test("on a panel of Arabic-Indic digits the PIN pad's keys are written in them, and the PIN typed on them opens the menu")
    func arabicIndicPinPad() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let admin = "[admin]\npin_hash = \"\(try PinHash.make(pin: "2468"))\"\n"
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[locale]\nlanguage = \"ar\"\ndigits = \"arabic-indic\"\n" + admin),
                                          as: "ar.toml", in: dir)
        var service = ServiceTrace()
        service.cornerHold()
        service.trace.wait(300)
        service.trace.stamp()
        let frame = dir.appendingPathComponent("frame.json").path
        let run = try ReplayRun.run(service.trace.text, size: "800x480", extra: ["--config", config, "--draw-list-out", frame])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frame))) as? [String: Any])
        let written = DrawListOutTests.texts(record).compactMap { $0["text"] as? String }
        #expect(Set("١٢٣٤٥٦٧٨٩٠".map(String.init)).isSubset(of: Set(written)), "\(written)")
        #expect(!written.contains("1") && !written.contains("0"), "\(written)")
        // The keys still type the PIN.
        service.enter("2468")
        let typed = try ReplayRun.run(service.trace.text, size: "800x480", extra: ["--config", config])
        #expect(ServiceScreenTests.actions(typed) == ["pin_asked", "opened"], "\(typed.rawEvents)")
    }

    @Test("an Arabic panel's service screen: its title, tabs (from the right, a sign where more lie) and lines in Arabic, the title bar mirrored, the ✕ a finger wide")
    func arabicPanel() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[locale]\nlanguage = \"ar\"\n"), as: "ar.toml", in: dir)
        var trace = Trace()
        trace.wait(100)
        trace.point("down", .init(x: 10, y: 10), finger: 1)
        trace.point("down", .init(x: 470, y: 790), finger: 2)
        trace.wait(5300)
        trace.point("up", .init(x: 10, y: 10), finger: 1)
        trace.point("up", .init(x: 470, y: 790), finger: 2)
        trace.wait(500)
        trace.stamp()
        let frame = dir.appendingPathComponent("frame.json").path
        let run = try ReplayRun.run(trace.text, size: "480x800", extra: ["--config", config, "--draw-list-out", frame])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frame))) as? [String: Any])
        let texts = DrawListOutTests.texts(record)
        let written = texts.compactMap { $0["text"] as? String }
        let arabic = ServiceWords(code: "ar")
        for word in [ServiceWord.title, .display, .sound, .noBacklight] { #expect(written.contains(arabic(word)), "\(word): \(written)") }
        #expect(!written.contains("Service") && !written.contains("Display"), "\(written)")
        // The first tab at the right, where Arabic starts; more tabs beyond the left end.
        let display = try #require(texts.first { $0["text"] as? String == arabic(.display) })
        let sound = try #require(texts.first { $0["text"] as? String == arabic(.sound) })
        #expect(DrawListOutTests.box(display)[0] > DrawListOutTests.box(sound)[0])
        #expect(written.contains("◂"), "\(written)")
        let close = try #require((record["targets"] as? [[String: Any]])?.first { $0["control"] as? String == "service.close" })
        #expect(DrawListOutTests.box(close)[2] >= 48, "9 mm on a 7-inch 800×480 panel: \(close)")
        // The title bar reads from the right too: the title at the right, the ✕ at the end, the left.
        let title = try #require(texts.first { $0["text"] as? String == arabic(.title) })
        #expect(DrawListOutTests.box(title)[0] > 240 && DrawListOutTests.box(close)[0] + DrawListOutTests.box(close)[2] < 240,
                "title \(title), ✕ \(close)")
    }
}
