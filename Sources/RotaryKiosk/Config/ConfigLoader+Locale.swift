import Foundation
import RotaryKit
import TOMLKit

extension ConfigLoader {
    /// A word in `[strings]` is at most this many characters long.
    static let wordLimit = 40

    /// Reads `[locale]` (language, digits, direction) and `[strings]` (any word changed) into
    /// `config.locale`. Returns every word the kiosk will show with the key it comes from (a
    /// built-in word with `locale.language`, a changed one with its `strings.` key), for the
    /// font check (`{n}` left out), and the digits when they are not western; none for the
    /// built-in English.
    static func readLocale(_ root: TOMLTable, _ r: inout ConfigReader, _ config: inout KioskConfig)
        -> [(key: String, name: String)] {
        var locale = KioskLocale.english
        var digits = NumberStyle.Digits.western
        if let table = r.table(root, "locale") {
            r.warnUnknown(table, at: "locale", known: ["language", "digits", "direction"])
            if let tag = r.string(table, "language", at: "locale") {
                if let language = KioskLanguage.named(tag) {
                    locale = KioskLocale(language: language)
                } else {
                    let known = KioskLanguage.all.map(\.code).joined(separator: ", ")
                    r.error("locale.language", "\"\(tag)\" has no built-in words; built in: \(known). "
                        + "For another language keep one of them and write every word in [strings]")
                }
            }
            if let text = r.string(table, "digits", at: "locale") {
                switch text {
                case "western": digits = .western
                case "arabic-indic": digits = .arabicIndic
                default: r.error("locale.digits", "must be \"western\" (0123456789) or \"arabic-indic\" (٠١٢٣٤٥٦٧٨٩), not \"\(text)\"")
                }
            }
            locale = KioskLocale(language: locale.language, digits: digits)
            if let text = r.string(table, "direction", at: "locale") {
                switch text {
                case "left-to-right": locale.direction = .leftToRight
                case "right-to-left": locale.direction = .rightToLeft
                default: r.error("locale.direction", "must be \"left-to-right\" or \"right-to-left\", not \"\(text)\" "
                    + "(leave it out to follow the language)")
                }
            }
        }
        var changed: Set<String> = []
        if let table = r.table(root, "strings") {
            r.warnUnknown(table, at: "strings", known: KioskWords.keys.map(\.key))
            for (key, word) in KioskWords.keys {
                let hint = ["paused", "hold_to_cancel"].contains(key)  // may be left out: "" shows none
                guard let text = label(table, key, at: "strings", limit: wordLimit, shownOn: "the kiosk's screen",
                                       allowsEmpty: hint, &r) else { continue }
                if word == \KioskWords.minutes, text.components(separatedBy: KioskWords.placeholder).count != 2 {
                    r.error("strings.minutes", "must hold \(KioskWords.placeholder) once, where the number of minutes goes, "
                        + "like \"\(KioskWords.placeholder) min\"")
                    continue
                }
                locale.words[keyPath: word] = text
                changed.insert(key)
            }
        }
        config.locale = locale
        let shown = KioskWords.keys.compactMap { key, word -> (key: String, name: String)? in
            let text = locale.words[keyPath: word].replacingOccurrences(of: KioskWords.placeholder, with: "")
            if changed.contains(key) { return (key: "strings.\(key)", name: text) }
            return locale.language == .english ? nil : (key: "locale.language", name: text)
        }
        return shown + (locale.numbers.digits == .western ? [] : [(key: "locale.digits", name: locale.numbers.write("0123456789.5"))])
    }
}
