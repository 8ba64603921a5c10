import CFontconfig
import Synchronization

/// The installed fonts that draw what the theme's font cannot: for a character, the best
/// font fontconfig sorts first among those whose character set holds it (`FcFontSort`
/// with that character asked for, at the weight of the font it stands in for, so Japanese
/// beside Bold Latin is Bold too), colour fonts first for emoji. Asked once per character
/// in a process; fontconfig's configuration is loaded on the first question and kept
/// (`FontconfigLibrary`), so text the theme's font covers costs nothing.
public enum FontFallback {
    /// A face in a font file (collections such as Noto CJK hold several).
    public struct Face: Hashable, Sendable {
        /// The font file.
        public var path: String
        /// The face's index in the file (0 for a single-face file).
        public var index: Int
    }

    /// The face to draw `scalar` with, or nil when no installed font has it. With `emoji`
    /// only a colour font will do (nil when no installed colour font has it); without, a
    /// colour font is still preferred for a character shown as emoji by default.
    /// `weight` is fontconfig's (`FC_WEIGHT`: 80 regular, 200 bold; nil: any).
    public static func face(for scalar: Unicode.Scalar, emoji: Bool = false, weight: Int32? = nil) -> Face? {
        let key = Question(scalar: scalar.value, emoji: emoji, weight: weight)
        if let known = answers.withLock({ $0[key] }) { return known }
        let answer = FontconfigLibrary.withConfig(keep: true) { search(scalar, emoji: emoji, weight: weight, config: $0) }
        answers.withLock { $0[key] = answer }
        return answer
    }

    /// The weight fontconfig knows the font file at `path` by (`FC_WEIGHT`), or nil when it
    /// does not list that file (a theme's own font outside its folders).
    public static func weight(ofFile path: String) -> Int32? {
        FontconfigLibrary.withConfig(keep: true) { config -> Int32? in
            guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(objects)
            }
            path.withCString { _ = FcPatternAddString(pattern, FC_FILE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            _ = FcObjectSetAdd(objects, FC_WEIGHT)
            guard let listed = FcFontList(config, pattern, objects) else { return nil }
            defer { FcFontSetDestroy(listed) }
            var weight: Int32 = 0
            guard listed.pointee.nfont > 0, let font = listed.pointee.fonts[0],
                  FcPatternGetInteger(font, FC_WEIGHT, 0, &weight) == FcResultMatch else { return nil }
            return weight
        }
    }

    /// A character asked about, as emoji or as text, at a weight.
    private struct Question: Hashable {
        var scalar: UInt32
        var emoji: Bool
        var weight: Int32?
    }

    /// The faces found so far (nil inside: no installed font has it).
    private static let answers = Mutex<[Question: Face?]>([:])

    private static func search(_ scalar: Unicode.Scalar, emoji: Bool, weight: Int32?, config: OpaquePointer) -> Face? {
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(wanted)
        }
        FcCharSetAddChar(wanted, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        let colourFirst = emoji || scalar.properties.isEmojiPresentation
        (colourFirst ? "emoji" : "sans-serif").withCString {
            _ = FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        if colourFirst { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        if let weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar.value) == FcTrue else { continue }
            var colour: FcBool = FcFalse
            if emoji, FcPatternGetBool(font, FC_COLOR, 0, &colour) != FcResultMatch || colour != FcTrue { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            return Face(path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index: Int(index))
        }
        return nil
    }
}
