import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("Config: [locale] and [strings]")
struct LocaleConfigTests {
    static let oneProgram = "[[program]]\nname = \"Sauna\"\nicon = \"flame\"\nminutes = 15\n"

    static func load(_ extra: String) -> ConfigLoader.Outcome {
        ConfigLoader.load(text: oneProgram + extra, file: "/etc/rotary.toml")
    }

    @Test("every language the issue names is built in with all five words, {n} once in the minutes, one visible line each")
    func builtIn() {
        let codes = ["en", "de", "fr", "es", "it", "fi", "sv", "pl", "ja", "zh", "ar", "he"]
        #expect(KioskLanguage.all.map(\.code) == codes)
        for language in KioskLanguage.all {
            for (key, word) in KioskWords.keys {
                let text = language.words[keyPath: word]
                #expect(!text.isEmpty && ProgramName.invisibleCharacter(in: text) == nil, "\(language.code).\(key)")
                #expect(text.count <= TextLimit.word, "\(language.code).\(key)")
            }
            #expect(language.words.minutes.components(separatedBy: KioskWords.placeholder).count == 2, "\(language.code)")
            if language != .english { #expect(language.words != KioskLanguage.english.words, "\(language.code) is English") }
        }
        #expect(KioskLanguage.all.filter { $0.direction == .rightToLeft }.map(\.code) == ["ar", "he"])
    }

    @Test("a language, with or without a region, gives its words, separator and direction",
          arguments: [("de", "pausiert", ",", ReadingDirection.leftToRight), ("de-AT", "pausiert", ",", .leftToRight),
                      ("FR_ch", "en pause", ",", .leftToRight), ("ja", "一時停止中", ".", .leftToRight),
                      ("he", "מושהה", ".", .rightToLeft)])
    func language(tag: String, paused: String, separator: String, direction: ReadingDirection) throws {
        let outcome = Self.load("[locale]\nlanguage = \"\(tag)\"\n")
        let locale = try #require(outcome.config?.locale, "\(outcome.problems)")
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(locale.words.paused == paused && locale.numbers.decimalSeparator == separator && locale.direction == direction)
        #expect(locale.numbers.digits == .western)
    }

    @Test("Arabic-Indic digits take the Arabic decimal separator; the direction can be set against the language")
    func digitsAndDirection() throws {
        let arabic = try #require(Self.load("[locale]\nlanguage = \"ar\"\ndigits = \"arabic-indic\"\n").config?.locale)
        #expect(arabic.numbers == NumberStyle(digits: .arabicIndic, decimalSeparator: "\u{066B}"))
        #expect(arabic.words.minutes(15, numbers: arabic.numbers) == "١٥ د")
        let persian = try #require(Self.load("[locale]\ndirection = \"right-to-left\"\n[strings]\nstart = \"شروع\"\n").config?.locale)
        #expect(persian.direction == .rightToLeft && persian.words.start == "شروع" && persian.words.done == "Done")
        #expect(persian.panelAlignment == .right && KioskLocale.english.panelAlignment == .center)
        #expect(KioskLanguage.named("zh-TW") == nil && KioskLanguage.named("zh_Hant_HK") == nil && KioskLanguage.named("zh-CN")?.code == "zh")
    }

    @Test("[strings] changes single words of the language; the hints may be emptied")
    func strings() throws {
        let outcome = Self.load("[locale]\nlanguage = \"de\"\n[strings]\nstart = \"Los!\"\nminutes = \"{n} Minuten\"\nhold_to_cancel = \"\"\n")
        let words = try #require(outcome.config?.locale.words, "\(outcome.problems)")
        #expect(words.start == "Los!" && words.paused == "pausiert" && words.holdToCancel == "")
        #expect(words.minutes(45, numbers: .standard) == "45 Minuten")
    }

    @Test("each bad value is an error naming its key and line", arguments: [
        ("[locale]\nlanguage = \"xx\"\n", "locale.language", 6, "\"xx\" has no built-in words; built in: en, de, fr"),
        ("[locale]\nlanguage = 5\n", "locale.language", 6, "must be a string"),
        ("[locale]\ndigits = \"roman\"\n", "locale.digits", 6, "must be \"western\" (0123456789) or \"arabic-indic\""),
        ("[locale]\ndirection = \"up\"\n", "locale.direction", 6, "must be \"left-to-right\" or \"right-to-left\", not \"up\""),
        ("[strings]\nminutes = \"min\"\n", "strings.minutes", 6, "must hold {n} once"),
        ("[strings]\nminutes = \"{n}:{n}\"\n", "strings.minutes", 6, "must hold {n} once"),
        ("[strings]\nstart = \"Go\\tnow\"\n", "strings.start", 6, "contains a tab (U+0009)"),
        ("[strings]\ndone = \"\"\n", "strings.done", 6, "must not be empty"),
        ("[strings]\npaused = \"\(String(repeating: "x", count: 41))\"\n", "strings.paused", 6, "is 41 characters long, more than 40"),
    ] as [(String, String, Int, String)])
    func errors(toml: String, key: String, line: Int, message: String) {
        expectRefused(Self.load(toml), key: key, line: line, message: message)
    }

    @Test("an unknown word is a warning naming the one it looks like")
    func unknownWord() {
        let outcome = Self.load("[strings]\nstat = \"Go\"\n")
        #expect(outcome.config != nil)
        #expect(outcome.problems.map(\.key) == ["strings.stat"])
        #expect(outcome.problems.first?.message.contains("did you mean start?") == true, "\(outcome.problems)")
    }
}
