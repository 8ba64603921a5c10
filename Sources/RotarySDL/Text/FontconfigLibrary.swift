import CFontconfig
import Synchronization

/// fontconfig's configuration with every installed font (reading the font caches takes
/// 5–10 ms and about a megabyte), for the theme's font (``FontLocator``) and the fallbacks
/// for characters it lacks (``FontFallback``). One question at a time: a configuration is
/// not safe to share between threads asking at once. Fonts installed later are seen at the
/// next start.
enum FontconfigLibrary {
    private struct Kept: @unchecked Sendable {
        var config: OpaquePointer?
    }

    private static let kept = Mutex(Kept())

    /// Runs `body` with the configuration; nil without calling it when fontconfig cannot
    /// load one. With `keep`, a configuration loaded here stays for the process (fallbacks
    /// are asked for again and again); without, one already kept is used, else one is loaded
    /// for this question and let go after it, so a kiosk whose texts its theme's font covers
    /// holds none while it draws.
    static func withConfig<T>(keep: Bool, _ body: (OpaquePointer) -> T?) -> T? {
        kept.withLock { kept in
            if let config = kept.config { return body(config) }
            guard let config = FcInitLoadConfigAndFonts() else { return nil }
            defer { if keep { kept.config = config } else { FcConfigDestroy(config) } }
            return body(config)
        }
    }
}
