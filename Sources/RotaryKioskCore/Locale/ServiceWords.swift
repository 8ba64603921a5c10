/// A word or line of the operator's service screen: its title and tabs, the PIN pad, its
/// buttons and what it writes. `{n}`, `{m}` and `{x}` mark where a number or a value goes.
public enum ServiceWord: String, CaseIterable, Sendable {
    case title
    case display, sound, touch, diagnostics, errors, usage, exit
    case enterPIN, delete, ok, wrongPIN, lockedOut
    case brightness, volume, backlight, noBacklight, setBacklight
    case noErrors, noUsage
    case test, everyFinger, calibrate, fourTargets, reset, calibration
    case noCalibration, calibrationInUse, calibrated, notCalibrated, notCalibratedUnusable, calibrationReset
    case back, toKiosk, quit, theApp
    case touchAnywhere, fingers, touchCross, touchCheck, step, oneFinger, escapeLeaves
}

/// The service screen's words in one language, each ``ServiceWord`` with its text; a word a
/// language lacks is taken from English.
public struct ServiceWords: Equatable, Sendable {
    private let words: [ServiceWord: String]

    /// The built-in words of the language with ISO 639-1 `code` ("de"), English for a code
    /// without its own.
    public init(code: String) {
        words = Self.english.merging(Self.languages[code] ?? [:]) { _, own in own }
    }

    /// `word`'s text, with `{n}`, `{m}` and `{x}` replaced by `n`, `m` and `x` where given.
    public func callAsFunction(_ word: ServiceWord, n: Int? = nil, m: Int? = nil, x: String? = nil) -> String {
        var text = words[word] ?? word.rawValue
        if let n { text = text.replacing("{n}", with: String(n)) }
        if let m { text = text.replacing("{m}", with: String(m)) }
        if let x { text = text.replacing("{x}", with: x) }
        return text
    }

    /// The codes with words of their own besides English.
    static var translated: [String] { languages.keys.sorted() }
    /// A language's own table, for checks that it is complete.
    static func table(_ code: String) -> [ServiceWord: String] { code == "en" ? english : languages[code] ?? [:] }
}
