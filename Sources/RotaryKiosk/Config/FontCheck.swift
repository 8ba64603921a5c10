import RotarySDL

/// Warnings about text the kiosk would draw badly. fontconfig answers every pattern with
/// *some* font, so a `[theme] font` of a family that is not installed quietly becomes
/// another; and a name with characters that neither that font nor any installed fallback
/// has a glyph for shows empty boxes.
enum FontCheck {
    /// How many missing characters a warning lists before it only counts the rest.
    static let listed = 8

    /// Checks `pattern` (nil: the built-in theme's) and the `names` (of programs and
    /// categories, set point names and units: every text from the file that is drawn, each
    /// with its key) against the font the kiosk would use, adding warnings to `r`.
    static func check(pattern: String?, names: [(key: String, name: String)], _ r: inout ConfigReader) {
        let asked = pattern ?? Theme().fontPattern
        let match = FontLocator.match(asked)
        if pattern != nil {
            if let match, !match.isRequestedFamily {
                let family = match.requestedFamilies.joined(separator: ", ")
                r.warning("theme.font", "\"\(asked)\" matches no installed font of the family \(family); "
                    + "fontconfig would use \(match.families.first ?? "another font") (\(match.file)) instead")
            } else if match == nil {
                r.warning("theme.font", "fontconfig cannot read \"\(asked)\" as a font pattern (like \"DejaVu Sans:bold\")")
            }
        }
        guard !names.isEmpty else { return }
        let missing: [[Unicode.Scalar]]
        do {
            let choice = try FontLocator.choose(for: match, pattern: asked)
            for damaged in choice.refused {
                r.warning("theme.font", "the font file \(damaged) cannot be drawn with (empty, truncated or damaged); "
                    + "the kiosk would draw with \(choice.file)")
            }
            let file = choice.file
            missing = try Font.inspecting(path: file) { font in names.map { font.undrawableCharacters(in: $0.name) } }
        } catch {
            r.warning("theme.font", "cannot check which characters the font can draw: \(error)")
            return
        }
        for (entry, scalars) in zip(names, missing) where !scalars.isEmpty {
            let shown = scalars.prefix(listed).map { "\"\($0)\" (\($0.codePoint))" }.joined(separator: ", ")
            let more = scalars.count > listed ? " and \(scalars.count - listed) more" : ""
            let packages = Set(scalars.compactMap(fontPackage(for:))).sorted()
            r.warning(entry.key, "no installed font can draw \(shown)\(more) of \"\(entry.name)\": "
                + "they would show as empty boxes; "
                + (packages.isEmpty ? "no font package has them" : "install \(packages.joined(separator: " "))"))
        }
    }

    /// The Debian package whose fonts draw `scalar`: Noto CJK for Chinese, Japanese and
    /// Korean (and the marks and forms only they use), Noto Color Emoji for emoji, else the Noto core set; nil for a code point
    /// Unicode assigns no character or leaves to private use, which no package draws.
    static func fontPackage(for scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: break
        }
        if scalar.properties.isEmojiPresentation { return "fonts-noto-color-emoji" }
        if cjkShared.contains(where: { $0.contains(scalar.value) }) { return "fonts-noto-cjk" }
        switch TextRuns.script(of: scalar) {
        case "Hani", "Hira", "Kana", "Hang", "Bopo": return "fonts-noto-cjk"
        default: return "fonts-noto-core"
        }
    }

    /// Blocks written only with Chinese, Japanese and Korean, including their characters
    /// common to several scripts (the long vowel mark ー, 、。「」, full-width forms): Noto CJK
    /// has them, the core set does not.
    static let cjkShared: [ClosedRange<UInt32>] = [0x3000...0x303F, 0x3040...0x30FF, 0x3200...0x33FF, 0xFE30...0xFE4F,
                                                    0xFF00...0xFFEF]
}
