import GoldenSupport
import RotaryKit
import RotarySDL
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

extension DrawingTests {
/// The whole 800×480 screen with names in the scripts kiosks are sold with, shaped, ordered
/// and drawn from fallback fonts, and the kiosk's own words in the language where it has them.
@Suite("Golden images in every script")
struct WorldGoldenTests {
    let golden = GoldenImage(besides: #filePath, maxPixels: 40)

    /// A kiosk's names in one script: two categories, four programs, a set point on the first.
    struct Script: Sendable, CustomTestStringConvertible {
        var name: String
        var language: String
        var digits = NumberStyle.Digits.western
        var categories: [String]
        var programs: [String]
        var setting: String
        var testDescription: String { name }

        var locale: KioskLocale { KioskLocale(language: KioskLanguage.named(language)!, digits: digits) }

        func screen() throws -> KioskScreen {
            let icons = ["flame", "steam", "snowflake", "wash-warm"]
            let list = programs.enumerated().map { i, name in
                Program(name: name, icon: icons[i], minutes: [15, 20, 5, 45][i], category: categories[i < 3 ? 0 : 1],
                        setting: i == 0 ? ProgramSetting(name: setting, unit: "°C", min: 60, max: 100, step: 0.5, defaultValue: 80.5)
                                        : nil)
            }
            let layout = try OffscreenRendering.withFonts {
                try ScreenLayout(width: 800, height: 480, hasStrip: true, hasSetting: true).measuringStrip(categories, with: $0)
            }
            return KioskScreen(layout: layout, programs: list, dialMinutes: Program.defaultDialMinutes, categories: categories,
                               locale: locale)
        }
    }

    static let scripts = [
        Script(name: "arabic", language: "ar", digits: .arabicIndic, categories: ["ساونا", "غسيل"],
               programs: ["ساونا فنلندية", "حمام بخار", "غطس بارد 5°", "غسيل 40° Eco"], setting: "الحرارة"),
        Script(name: "hebrew", language: "he", categories: ["סאונה", "כביסה"],
               programs: ["סאונה פינית", "אמבט אדים", "טבילה קרה", "כביסה 40°"], setting: "טמפרטורה"),
        Script(name: "japanese", language: "ja", categories: ["サウナ", "洗濯"],
               programs: ["フィンランド式サウナ", "スチームバス", "水風呂", "洗濯 40°"], setting: "温度"),
        Script(name: "chinese", language: "zh", categories: ["桑拿", "洗衣"],
               programs: ["芬兰桑拿", "蒸汽浴", "冷水浴", "洗衣 40°"], setting: "温度"),
        Script(name: "hindi", language: "en", categories: ["सौना", "धुलाई"],
               programs: ["फ़िनिश सौना", "भाप स्नान", "ठंडा स्नान", "धुलाई 40°"], setting: "तापमान"),
        Script(name: "polish", language: "pl", categories: ["Sauna", "Pranie"],
               programs: ["Sauna fińska", "Łaźnia parowa", "Zimna kąpiel", "Pranie 40° – żółte"], setting: "Temperatura"),
        Script(name: "emoji", language: "en", categories: ["Sauna 🔥", "Laundry 🧺"],
               programs: ["Sauna 🔥", "Steam ♨️", "Cold plunge 🧊", "Wash 👕 40°"], setting: "Heat 🌡️"),
    ]

    @Test("at rest: names on the wheel, the strip and the state, the set point and the words", arguments: scripts)
    func atRest(script: Script) throws {
        try golden.check(OffscreenRendering.render(script.screen()), named: "world-\(script.name)-800x480")
    }

    @Test("paused after 2 s: the time in the language's digits, its words for paused, Resume, Stop and hold, and +5 min",
          arguments: scripts.filter { ["arabic", "japanese"].contains($0.name) })
    func paused(script: Script) throws {
        var session = KioskSession(screen: try script.screen(), settings: SessionSettings())
        _ = session.key("Return")
        for _ in 0..<120 { _ = session.advance(by: 1.0 / 60) }
        _ = session.key("Return")
        #expect(session.buttonFace.label == script.locale.words.resume)
        #expect(ScreenOverlay(session).countdownSecondsLeft == 898)
        #expect(session.face(of: .stop).label == script.locale.words.stop)
        try golden.check(OffscreenRendering.render(session), named: "world-\(script.name)-paused-800x480")
    }
}
}
