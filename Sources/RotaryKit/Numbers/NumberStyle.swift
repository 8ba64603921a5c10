/// How numbers are written for the person reading: which digits, and what separates the
/// whole part from the decimals. Numbers are first written with ASCII digits and a point
/// (`"12.5"`, `"04:30"`), then rewritten by ``write(_:)``.
///
///     NumberStyle(decimalSeparator: ",").write("12.5")              // "12,5"
///     NumberStyle(digits: .arabicIndic, decimalSeparator: "٫").write("12.5")  // "١٢٫٥"
public struct NumberStyle: Equatable, Sendable {
    /// The ten digits numbers are written with.
    public enum Digits: String, Equatable, Sendable, CaseIterable {
        /// 0123456789, used with most scripts.
        case western
        /// ٠١٢٣٤٥٦٧٨٩ (U+0660…U+0669), used with Arabic.
        case arabicIndic

        /// The digit for `value` (0…9).
        func digit(_ value: UInt32) -> Character {
            switch self {
            case .western: Character(Unicode.Scalar(0x30 + value)!)
            case .arabicIndic: Character(Unicode.Scalar(0x660 + value)!)
            }
        }
    }

    /// The digits.
    public var digits: Digits
    /// Written between the whole part and the decimals: "." in English, "," in German, "٫"
    /// with Arabic-Indic digits.
    public var decimalSeparator: String

    /// Western digits and a decimal point, as Swift prints numbers.
    public static let standard = NumberStyle()

    /// A style with `digits` and `decimalSeparator`.
    public init(digits: Digits = .western, decimalSeparator: String = ".") {
        self.digits = digits
        self.decimalSeparator = decimalSeparator
    }

    /// `ascii` (a number or time written with the digits 0–9 and "." as the decimal point)
    /// with each digit replaced by this style's and each "." by its decimal separator; other
    /// characters stay.
    public func write(_ ascii: String) -> String {
        guard self != .standard else { return ascii }
        var text = ""
        for character in ascii {
            if let value = character.asciiValue, (0x30...0x39).contains(value) {
                text.append(digits.digit(UInt32(value - 0x30)))
            } else if character == "." {
                text += decimalSeparator
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// `value` in this style: `"1400"`, `"-5"`, `"١٤٠٠"`. No grouping of thousands, as on
    /// an appliance's display.
    public func text(_ value: Int) -> String { write(String(value)) }
}
