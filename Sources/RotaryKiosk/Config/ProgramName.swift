/// Rules for the text of a program's name, which is drawn as one line on a wheel segment.
enum ProgramName {
    /// The first character of `name` that has no place in a one-line label, described for a
    /// message ("a tab (U+0009) at character 6"), or nil. These are the controls (tab, line
    /// feed …), the line and paragraph separators, and the zero-width spaces (U+200B, U+2060,
    /// U+FEFF) that make two names look alike. Joiners and direction marks stay allowed:
    /// scripts and emoji need them.
    static func invisibleCharacter(in name: String) -> String? {
        for (offset, scalar) in name.unicodeScalars.enumerated() where isInvisible(scalar) {
            let what = names[scalar.value].map { "\($0) (\(scalar.codePoint))" } ?? scalar.codePoint
            return "\(what) at character \(offset + 1)"
        }
        return nil
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return [0x200B, 0x2060, 0xFEFF].contains(scalar.value)
        }
    }

    private static let names: [UInt32: String] = [
        0x09: "a tab", 0x0A: "a line feed", 0x0D: "a carriage return", 0x200B: "a zero-width space",
        0x2060: "a word joiner", 0xFEFF: "a zero-width no-break space",
    ]
}

extension Unicode.Scalar {
    /// `U+0009`: the code point the way Unicode's charts write it.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
