import CFriBidi
import CHarfBuzz

/// One line of text cut into runs that one font shapes in one direction and one script,
/// listed in the order they stand on screen, left to right. The Unicode bidirectional
/// algorithm (GNU FriBidi) orders mixed right-to-left and left-to-right text; each run's
/// script (HarfBuzz's Unicode data) tells the shaper how to join and place its letters.
public struct TextRuns: Equatable, Sendable {
    /// Characters that one font draws in one direction and script.
    public struct Run: Equatable, Sendable {
        /// The characters, in logical (reading) order.
        public var text: String
        /// Whether the run reads right to left (an odd bidirectional level).
        public var rightToLeft: Bool
        /// The run's ISO 15924 script tag, e.g. "Arab", "Latn"; "Zyyy" for digits and
        /// punctuation alone.
        public var script: String
        /// Which font draws it: the number `font` gave for its characters.
        public var font: Int
    }

    /// Which way a paragraph reads when its own letters do not say.
    public enum BaseDirection: Sendable {
        /// From the first letter with a direction (Unicode's rule P2), else left to right.
        case auto
        case leftToRight
        case rightToLeft
    }

    /// The runs, left to right on screen.
    public let runs: [Run]

    /// Cuts `text` (made ``displayable(_:)`` first) into runs; `font` names the font for each
    /// character, told whether it is to look like an emoji (see ``wantsEmoji(_:before:)``);
    /// marks, joiners and variation selectors go with the character before them.
    public init(_ text: String, base: BaseDirection = .auto, font: (_ scalar: Unicode.Scalar, _ emoji: Bool) -> Int) {
        let scalars = Array(Self.displayable(text).unicodeScalars)
        guard !scalars.isEmpty else {
            runs = []
            return
        }
        let levels = Self.levels(scalars, base: base)
        let scripts = Self.scripts(scalars)
        var fonts: [Int] = []
        for (i, scalar) in scalars.enumerated() {
            let next = i + 1 < scalars.count ? scalars[i + 1] : nil
            fonts.append(i > 0 && Self.followsBase(scalar) ? fonts[i - 1] : font(scalar, Self.wantsEmoji(scalar, before: next)))
        }
        var logical: [(run: Run, level: Int)] = []
        for i in scalars.indices {
            let level = Int(levels[i])
            if let last = logical.last, last.level == level, last.run.script == scripts[i], last.run.font == fonts[i] {
                logical[logical.count - 1].run.text.unicodeScalars.append(scalars[i])
            } else {
                var text = ""
                text.unicodeScalars.append(scalars[i])
                logical.append((Run(text: text, rightToLeft: level % 2 == 1, script: scripts[i], font: fonts[i]), level))
            }
        }
        runs = Self.visualOrder(logical).map(\.run)
    }

    /// `text` as a line on the panel draws it: tabs, line breaks and other control characters
    /// become spaces, and invisible characters that no font draws (zero-width space, word
    /// joiner, byte-order mark, soft hyphen) are left out. Joiners and direction marks, which
    /// shape and order the letters, stay.
    public static func displayable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator {
                out.append(" ")
            } else if !Self.invisible.contains(scalar.value) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar`, followed by `next`, is to be drawn as a colour emoji: a character
    /// shown as emoji by default unless text style is asked for (U+FE0E after it), or any
    /// emoji character with emoji style asked for (U+FE0F after it, as in "🌡️" or "♨️").
    public static func wantsEmoji(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
        switch next?.value {
        case 0xFE0F: scalar.properties.isEmoji
        case 0xFE0E: false
        default: scalar.properties.isEmojiPresentation
        }
    }

    /// Zero-width space, word joiner, zero-width no-break space (byte-order mark), soft hyphen.
    private static let invisible: Set<UInt32> = [0x200B, 0x2060, 0xFEFF, 0x00AD]

    /// Whether `scalar` belongs with the character before it: a combining mark, a joiner, a
    /// variation selector or an emoji modifier.
    private static func followsBase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default:
            return scalar.value == 0x200D || scalar.value == 0x200C || (0xFE00...0xFE0F).contains(scalar.value)
                || (0x1F3FB...0x1F3FF).contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
        }
    }

    /// Each character's bidirectional embedding level (FriBidi: rules P2–I2 and L1).
    private static func levels(_ scalars: [Unicode.Scalar], base: BaseDirection) -> [FriBidiLevel] {
        var characters = scalars.map { FriBidiChar($0.value) }
        let count = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        fribidi_get_bidi_types(&characters, count, &types)
        fribidi_get_bracket_types(&characters, count, &types, &brackets)
        var paragraph: FriBidiParType
        switch base {
        case .auto: paragraph = rotary_fribidi_paragraph_auto()
        case .leftToRight: paragraph = rotary_fribidi_paragraph_ltr()
        case .rightToLeft: paragraph = rotary_fribidi_paragraph_rtl()
        }
        if fribidi_get_par_embedding_levels_ex(&types, &brackets, count, &paragraph, &levels) == 0 {
            return [FriBidiLevel](repeating: base == .rightToLeft ? 1 : 0, count: scalars.count)
        }
        return levels
    }

    /// Each character's script tag. Characters common to all scripts (digits, spaces,
    /// punctuation) and inherited ones (marks) take the script of the letter before them,
    /// or at the start, of the first letter after them.
    private static func scripts(_ scalars: [Unicode.Scalar]) -> [String] {
        let common = ["Zyyy", "Zinh", "Zzzz"]
        let own = scalars.map(script(of:))
        let first = own.first { !common.contains($0) } ?? "Zyyy"
        var current = first
        return own.map { script in
            if !common.contains(script) { current = script }
            return current
        }
    }

    /// The ISO 15924 tag of the script `scalar` belongs to (HarfBuzz's Unicode data), e.g.
    /// "Hani" for a Chinese character; "Zyyy" for one common to all scripts.
    public static func script(of scalar: Unicode.Scalar) -> String {
        tag(hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value).rawValue)
    }

    /// The four letters of a HarfBuzz tag.
    private static func tag(_ value: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }, as: UTF8.self)
    }

    /// Runs in logical order reordered for display (Unicode rule L2): from the highest level
    /// down to the lowest odd one, every stretch of runs at that level or above is reversed.
    private static func visualOrder(_ runs: [(run: Run, level: Int)]) -> [(run: Run, level: Int)] {
        var order = runs
        guard let highest = order.map(\.level).max(),
              let lowestOdd = order.map(\.level).filter({ $0 % 2 == 1 }).min() else { return order }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count, order[end].level >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
        }
        return order
    }
}
