import CFontconfig
import FoundationEssentials
import Synchronization

/// Finds a font file on this machine: fontconfig's best match for a pattern (what `fc-match`
/// answers, asked through the library, without a process), then well-known paths of the
/// packages the set-up installs.
public enum FontLocator {
    /// Where Debian's fonts-dejavu-core puts its fonts.
    public static let fallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// What fontconfig made of a pattern. fontconfig always answers with *some* font, so
    /// whether it is of the family asked for has to be compared.
    public struct Match: Equatable, Sendable {
        /// The families the pattern names (none for a pattern such as ":bold").
        public var requestedFamilies: [String]
        /// The file fontconfig chose.
        public var file: String
        /// That font's family names (some fonts list several, e.g. "DejaVu Sans, DejaVu Sans Condensed").
        public var families: [String]

        /// Whether the chosen font is of a family the pattern names; true when it names none
        /// or a generic one (sans-serif, serif, monospace …), which any font may stand for.
        public var isRequestedFamily: Bool {
            let wanted = requestedFamilies.map { $0.lowercased() }
            if wanted.isEmpty || wanted.contains(where: FontLocator.genericFamilies.contains) { return true }
            return families.contains { wanted.contains($0.lowercased()) }
        }
    }

    /// Family names fontconfig's configuration maps to whatever fonts are installed.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy",
                                               "system-ui", "emoji", "math"]

    /// The font file to draw with, and the files passed over on the way to it.
    public struct Choice: Equatable, Sendable {
        /// A file that opens and draws.
        public var file: String
        /// Files tried first that exist but cannot be drawn with (empty, truncated, corrupt),
        /// in the order tried.
        public var refused: [String] = []
    }

    /// The file for the fontconfig pattern `pattern` (e.g. "DejaVu Sans:bold"), or a
    /// fallback, that opens and draws; throws a message naming what was tried when nothing
    /// usable exists. ``choose(for:pattern:)`` also tells which files were passed over.
    public static func locate(_ pattern: String) throws -> String {
        try choose(for: match(pattern), pattern: pattern).file
    }

    /// The file the kiosk uses when fontconfig answered `match` for `pattern`: the matched
    /// file when it opens and draws (``isUsable(_:)``), else the first fallback that does.
    /// fontconfig may still list a file that has since been damaged (a failing card, a
    /// half-finished upgrade): that one is passed over, never drawn with.
    public static func choose(for match: Match?, pattern: String) throws -> Choice {
        var refused: [String] = []
        for candidate in [match?.file].compactMap({ $0 }) + fallbackPaths where !refused.contains(candidate) {
            guard FileManager.default.isReadableFile(atPath: candidate) else { continue }
            if isUsable(candidate) { return Choice(file: candidate, refused: refused) }
            refused.append(candidate)
        }
        throw SDLError("finding a font", message: "fontconfig found no usable font for \"\(pattern)\" and none of "
            + fallbackPaths.joined(separator: ", ") + " opens and draws" + (refused.isEmpty ? "" : " (damaged: \(refused.joined(separator: ", ")))")
            + "; install fontconfig and fonts-dejavu-core")
    }

    /// Whether the font file at `path` opens and draws text: SDL_ttf refuses an empty or
    /// corrupt file, and a truncated one may open yet draw nothing.
    public static func isUsable(_ path: String) -> Bool {
        guard let font = try? Font(path: path, size: 16), let drawn = try? font.render("Ag", color: RGBA(0, 0, 0)) else {
            return false
        }
        return drawn.width > 1 && drawn.height > 1
    }

    /// fontconfig's best match for `pattern`, or nil when fontconfig cannot load or cannot
    /// parse the pattern. Asked once per pattern in a process: fonts installed later are not
    /// seen until the next start.
    public static func match(_ pattern: String) -> Match? {
        // A start asks the same pattern twice (config check, then the font to draw with).
        if let known = answers.withLock({ $0[pattern] }) { return known }
        let answer = FontconfigLibrary.withConfig(keep: false) { match(pattern, config: $0) }
        answers.withLock { $0[pattern] = answer }
        return answer
    }

    /// fontconfig's answers so far, by pattern (nil inside: no font matched).
    private static let answers = Mutex<[String: Match?]>([:])

    private static func match(_ pattern: String, config: OpaquePointer) -> Match? {
        let parsed = pattern.withCString { FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let parsed else { return nil }
        defer { FcPatternDestroy(parsed) }
        let requested = strings(parsed, FC_FAMILY)  // before substitution adds the fallback families
        FcConfigSubstitute(config, parsed, FcMatchPattern)
        FcDefaultSubstitute(parsed)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, parsed, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard let file = strings(matched, FC_FILE).first else { return nil }
        return Match(requestedFamilies: requested, file: file, families: strings(matched, FC_FAMILY))
    }

    /// Every string value of `object` in `pattern`.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
        }
        return values
    }
}
