import CFontconfig
import Foundation

/// Finds a font file on this machine: fontconfig's best match for a pattern (what `fc-match`
/// answers, asked through the library, without a process), then well-known paths of the
/// packages the set-up installs.
public enum FontLocator {
    /// Where Debian's fonts-dejavu-core puts its fonts.
    public static let fallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// The file for the fontconfig pattern `pattern` (e.g. "DejaVu Sans:bold"), or a
    /// fallback; throws a message naming what was tried when nothing exists.
    public static func locate(_ pattern: String) throws -> String {
        if let matched = match(pattern), FileManager.default.isReadableFile(atPath: matched) { return matched }
        if let fallback = fallbackPaths.first(where: FileManager.default.isReadableFile(atPath:)) { return fallback }
        throw SDLError("finding a font", message: "fontconfig found no font for \"\(pattern)\" and none of "
            + fallbackPaths.joined(separator: ", ") + " exists; install fontconfig and fonts-dejavu-core")
    }

    /// fontconfig's best match for `pattern`, or nil.
    static func match(_ pattern: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        let parsed = pattern.withCString { FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let parsed else { return nil }
        defer { FcPatternDestroy(parsed) }
        FcConfigSubstitute(config, parsed, FcMatchPattern)
        FcDefaultSubstitute(parsed)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, parsed, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
}
