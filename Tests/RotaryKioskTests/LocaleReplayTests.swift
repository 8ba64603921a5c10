import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The kiosk's language through the real executable: its words on the button, its digits on
/// the dial and the clock, and a category strip that reads right to left in Arabic.
@Suite("Languages, replayed")
struct LocaleReplayTests {
    typealias Screen = ScreenControlsReplayTests

    static func labels(_ control: [String: Any]?) -> [String] {
        (control?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    @Test("in Arabic the strip starts on the right and a swipe to the right brings the next category; words and digits are Arabic")
    func arabic() throws {
        let (_, config) = try Screen.configFile(extra: "[locale]\nlanguage = \"ar\"\ndigits = \"arabic-indic\"\n")
        let ready = try Screen.ready(config)
        let strip = try #require(ready["categories"])
        let sauna = try #require(Screen.item("Sauna", of: strip)), laundry = try #require(Screen.item("Laundry", of: strip))
        #expect(laundry.x < sauna.x, "the second category lies left of the first")
        #expect(Screen.number(strip, "reading_deg") == 180)
        #expect(ready["button"]?["label"] as? String == "ابدأ")
        #expect(Self.labels(ready["dial"]).prefix(4) == ["٠", "٥", "١٠", "١٥"])
        let y = Screen.number(strip, "y") + Screen.number(strip, "h") / 2
        let from = Point(x: Screen.number(strip, "x") + Screen.number(strip, "w") * 0.2, y: y)
        var trace = Trace()
        Screen.drag(&trace, from: from, to: Point(x: from.x + 160, y: y), milliseconds: 600)
        trace.wait(2500)
        trace.key("Return")
        trace.wait(2000)
        trace.stamp()
        let run = try ReplayRun.run(trace.text, size: "800x480", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.selections("categories") == [1])
        // Laundry's first program is Wash 40° at 45 minutes: 2 s into it, in Arabic-Indic digits.
        #expect(run.exitTime == "٤٤:٥٨")
        #expect(run.exitControl("button")?["label"] as? String == "إيقاف مؤقت", "the button says what a tap does: pause")
    }

    @Test("in German the paused button says Weiter and Stop says Stopp over halten; a word from [strings] replaces the built-in one")
    func german() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Kalt"], minutes: 1, extra: """
            [dial]
            values = [0, 1, 5]
            [locale]
            language = "de"
            [strings]
            done = "Fertig!"

            """), as: "k.toml", in: dir)
        var paused = Trace()
        paused.key("Return")
        paused.wait(2000)
        paused.key("Return")
        paused.wait(500)
        let first = try ReplayRun.run(paused.text, size: "800x480", extra: ["--config", config])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.named("ready").first.flatMap { Self.button($0) }?["label"] as? String == "Start", "German's word is Start too")
        #expect(first.exitTime == "00:58")
        #expect(first.exitControl("button")?["label"] as? String == "Weiter")
        #expect(first.exitControl("stop")?["label"] as? String == "Stopp" && first.exitControl("stop")?["detail"] as? String == "halten")
        #expect(first.exitControl("extend")?["label"] as? String == "+5 Min.")
        var finished = Trace()
        finished.key("Return")
        finished.wait(62_000)
        finished.stamp()
        let second = try ReplayRun.run(finished.text, size: "800x480", extra: ["--config", config])
        #expect(second.exitControl("button")?["label"] as? String == "Fertig!")
    }

    static func button(_ line: [String: Any]) -> [String: Any]? {
        (line["controls"] as? [[String: Any]])?.first { $0["id"] as? String == "button" }
    }

    @Test("check-config names each word and name no installed font can draw, with the package that draws it; the kiosk logs the same")
    func uncoveredWords() throws {
        let dir = try KioskProcess.temporaryDirectory()
        // fontconfig sees only DejaVu: what Noto CJK would draw is missing, as on a panel without it.
        try """
            <?xml version="1.0"?>
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(dir.path)/cache</cachedir></fontconfig>
            """.write(toFile: dir.appendingPathComponent("fonts.conf").path, atomically: true, encoding: .utf8)
        let environment = ["FONTCONFIG_FILE": dir.appendingPathComponent("fonts.conf").path]
        let config = try ConfigText.write(ConfigText.programs(["Onsen 温泉"], extra: "[locale]\nlanguage = \"ja\"\n"),
                                          as: "k.toml", in: dir)
        let check = try KioskProcess.runHeadless(["check-config", config], environment: environment)
        #expect(check.status == 0)
        #expect(check.stdout.contains("\(config):2: warning: program[0].name: no installed font can draw \"温\" (U+6E29), "
            + "\"泉\" (U+6CC9) of \"Onsen 温泉\": they would show as empty boxes; install fonts-noto-cjk"), "\(check.stdout)")
        #expect(check.stdout.contains("\(config):6: warning: locale.language: no installed font can draw \"ス\" (U+30B9), "
            + "\"タ\" (U+30BF), \"ー\" (U+30FC), \"ト\" (U+30C8) of \"スタート\": they would show as empty boxes; install fonts-noto-cjk\n"),
                "\(check.stdout)")
        #expect(check.stdout.hasSuffix("OK: 1 program, 12 dial values, words in Japanese, 17 warnings\n"), "\(check.stdout)")
        let run = try ReplayRun.run("", size: "800x480", extra: ["--config", config], environment: environment)
        #expect(run.status == 0)
        #expect(run.stderr.contains("locale.language: no installed font can draw \"完\" (U+5B8C), \"了\" (U+4E86) of \"完了\""),
                "\(run.stderr)")
    }
}
