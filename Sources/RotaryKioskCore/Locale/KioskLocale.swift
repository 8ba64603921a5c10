import RotaryKit

/// How the kiosk speaks to the person at it: its words, how it writes numbers and times,
/// and which way rows of text run. Chosen by `[locale]`, words changed by `[strings]`.
public struct KioskLocale: Equatable, Sendable {
    /// The built-in language the words started from.
    public var language: KioskLanguage
    /// The words shown, the language's with any `[strings]` changes.
    public var words: KioskWords
    /// Digits and decimal separator of every number shown: the dial, the time, the set point.
    public var numbers: NumberStyle
    /// Which way the category strip runs and text panels align.
    public var direction: ReadingDirection
    /// How a time of day is written: the language's clock unless `[locale] clock` says.
    public var clock: ClockStyle
    /// The service screen's words, the language's own.
    public let service: ServiceWords

    /// English words, western digits, left to right.
    public static let english = KioskLocale(language: .english)

    /// `language` as built in, with `digits`: Arabic-Indic digits take the Arabic decimal
    /// separator (U+066B).
    public init(language: KioskLanguage, digits: NumberStyle.Digits = .western) {
        self.language = language
        words = language.words
        numbers = NumberStyle(digits: digits, decimalSeparator: digits == .arabicIndic ? "\u{066B}" : language.decimalSeparator)
        direction = language.direction
        clock = language.clock
        service = ServiceWords(code: language.code)
    }

    /// `seconds` since midnight as this locale writes a time of day, in its digits.
    public func timeOfDay(_ seconds: Double) -> String { clock.text(secondsSinceMidnight: seconds, numbers: numbers) }

    /// Where a text panel's lines sit: centred in a left-to-right language, against the
    /// right, where its lines start, in a right-to-left one.
    public var panelAlignment: TextAlignment { direction == .rightToLeft ? .right : .center }
    /// Where a line of running text starts: the left, or the right in a right-to-left language.
    public var lineStart: TextAlignment { direction == .rightToLeft ? .right : .left }
}
