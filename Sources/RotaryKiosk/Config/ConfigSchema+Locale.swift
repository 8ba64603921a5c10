import Foundation
import RotaryKit
import TOMLKit

/// `[locale]` as the file gives it.
struct LocaleDraft: ConfigTarget {
    var language = KioskLanguage.english
    var digits = NumberStyle.Digits.western
    /// Nil: the language's own.
    var direction: ReadingDirection?
    /// Nil: the language's own.
    var clock: ClockStyle?

    static var defaults: LocaleDraft { LocaleDraft() }

    /// The locale it makes.
    var locale: KioskLocale {
        var locale = KioskLocale(language: language, digits: digits)
        if let direction { locale.direction = direction }
        if let clock { locale.clock = clock }
        return locale
    }
}

/// `[strings]`: the kiosk's words, the language's with the file's changes.
struct WordsDraft: ConfigTarget {
    var words: KioskWords
    /// The keys the file changed.
    var changed: Set<String> = []

    static var defaults: WordsDraft { WordsDraft(words: KioskLocale.english.words) }
}

extension ConfigSchema {
    static var locale: ConfigSection<LocaleDraft> { ConfigSection<LocaleDraft>(header: "[locale]", doc: "The kiosk's language, digits and reading direction.", keys: [
        .custom("language", takes: KioskLanguage.all.map(\.code).joined(separator: ", "), default: "\"en\"",
                doc: "The built-in words, the service screen's too.") { r, key, draft in
            guard let tag = r.string(key) else { return }
            if let language = KioskLanguage.named(tag) { draft.language = language } else {
                let known = KioskLanguage.all.map(\.code).joined(separator: ", ")
                r.error(key, "\"\(tag)\" has no built-in words; built in: \(known). "
                    + "For another language keep one of them and write every word in [strings]")
            }
        },
        .custom("digits", takes: "\"western\" or \"arabic-indic\"", default: "\"western\"", doc: "The digits of every number shown.") { r, key, draft in
            guard let text = r.string(key) else { return }
            switch text {
            case "western": draft.digits = .western
            case "arabic-indic": draft.digits = .arabicIndic
            default: r.error(key, "must be \"western\" (0123456789) or \"arabic-indic\" (٠١٢٣٤٥٦٧٨٩), not \"\(text)\"")
            }
        },
        .custom("direction", takes: "\"left-to-right\" or \"right-to-left\"", default: "the language's",
                doc: "Which way the category strip runs and text panels align.") { r, key, draft in
            guard let text = r.string(key) else { return }
            switch text {
            case "left-to-right": draft.direction = .leftToRight
            case "right-to-left": draft.direction = .rightToLeft
            default: r.error(key, "must be \"left-to-right\" or \"right-to-left\", not \"\(text)\" "
                + "(leave it out to follow the language)")
            }
        },
        .custom("clock", takes: "\"24h\" or \"12h\"", default: "the language's (12h in English, else 24h)",
                doc: "How a time of day is written: \"until 14:35\", \"Finished at 2:35 PM\".") { r, key, draft in
            guard let text = r.string(key) else { return }
            guard let clock = ClockStyle(rawValue: text) else {
                return r.error(key, "must be \"24h\" (14:35) or \"12h\" (2:35 PM), not \"\(text)\" (leave it out to follow the language)")
            }
            draft.clock = clock
        },
    ]) }

    static var strings: ConfigSection<WordsDraft> { ConfigSection<WordsDraft>(
        header: "[strings]", doc: "Any of the kiosk screen's words, changed (at most \(TextLimit.word) characters).",
        keys: KioskWords.keys.map { name, word in
            let hint = ["paused", "hold_to_cancel"].contains(name)  // may be left out: "" shows none
            return .custom(name, takes: hint ? "text, or \"\" for none" : "text", default: "\"\(WordsDraft.defaults.words[keyPath: word])\"",
                           doc: KioskWords.counting.contains(word) ? "Holds \(KioskWords.placeholder) where the number goes." : "") { r, key, draft in
                guard let text = r.label(key, limit: TextLimit.word, shownOn: "the kiosk's screen",
                                                    allowsEmpty: hint) else { return }
                if KioskWords.counting.contains(word), text.components(separatedBy: KioskWords.placeholder).count != 2 {
                    return r.error(key, "must hold \(KioskWords.placeholder) once, where the number of minutes goes, "
                        + "like \"\(WordsDraft.defaults.words[keyPath: word])\"")
                }
                draft.words[keyPath: word] = text
                draft.changed.insert(name)
            }
        }) }
}

extension ConfigLoader {
    /// Reads `[locale]` (language, digits, direction) and `[strings]` (any word changed) into
    /// `config.locale`. Returns every word the kiosk will show with the key it comes from (a
    /// built-in word with `locale.language`, a changed one with its `strings.` key), for the
    /// font check (`{n}` left out), and the digits when they are not western; none for the
    /// built-in English.
    static func readLocale(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig)
        -> [(key: String, name: String)] {
        var draft = LocaleDraft.defaults
        if let table = r.table(root, "locale") { ConfigSchema.locale.read(table, at: "locale", &r, into: &draft) }
        var locale = draft.locale
        var words = WordsDraft(words: locale.words)
        if let table = r.table(root, "strings") { ConfigSchema.strings.read(table, at: "strings", &r, into: &words) }
        locale.words = words.words
        config.locale = locale
        let shown = KioskWords.keys.compactMap { key, word -> (key: String, name: String)? in
            let text = locale.words[keyPath: word].replacingOccurrences(of: KioskWords.placeholder, with: "")
            if words.changed.contains(key) { return (key: "strings.\(key)", name: text) }
            return locale.language == .english ? nil : (key: "locale.language", name: text)
        }
        return shown + (locale.numbers.digits == .western ? [] : [(key: "locale.digits", name: locale.numbers.write("0123456789.5"))])
    }
}
