import RotarySDL

/// Every art file a config names, tried once at a small size before the kiosk uses it (and
/// by `check-config`): one broken file (empty, random bytes, a folder, a truncated or giant
/// PNG) costs only its own piece of the picture, which falls back to the built-in art for it.
public struct ThemeArtCheck: Sendable {
    /// One art file that did not load: the config key that names it and why.
    public struct Failure: Equatable, Sendable {
        /// The config key, e.g. `theme.segments[2]` or `program[0].icon`.
        public var key: String
        /// The file and what is wrong with it.
        public var message: String
    }

    /// Side of the trial rasterisation, in pixels.
    static let trialSize = 48

    /// What failed, in config order.
    public private(set) var failures: [Failure] = []
    /// `theme` with each failed piece replaced by its built-in art (a failed program icon
    /// by no icon).
    public private(set) var theme: Theme

    /// Tries every file of `theme` and of the programs' `icons` (built-in names pass untried).
    public init(theme: Theme, icons: [String]) {
        self.theme = theme
        for (i, source) in theme.segmentTextures.enumerated() where fails(source, key: "theme.segments[\(i)]", instead: Self.builtIn) {
            self.theme.segmentTextures[i] = Self.standard.segmentTextures[i % Self.standard.segmentTextures.count]
        }
        if fails(theme.button, key: "theme.button", instead: Self.builtIn) { self.theme.button = Self.standard.button }
        if fails(theme.marker, key: "theme.marker", instead: Self.builtIn) { self.theme.marker = Self.standard.marker }
        for (i, icon) in icons.enumerated() {
            if let source = theme.iconSource(icon), fails(source, key: "program[\(i)].icon", instead: "the program is shown without an icon") {
                self.theme.brokenIcons.append(icon)
            }
        }
    }

    /// Messages for the log and `error` events, one per failure.
    public var messages: [String] { failures.map { "\($0.key): \($0.message)" } }

    private static let builtIn = "the built-in art is used instead"
    /// The built-in theme, whose art replaces a broken piece.
    private static let standard = Theme()

    private mutating func fails(_ source: ArtSource, key: String, instead: String) -> Bool {
        guard case .file(let path) = source else { return false }
        do {
            _ = try ImageLoader.load(source, width: Self.trialSize, height: Self.trialSize)
            return false
        } catch {
            let reason = (error as? SDLError)?.message ?? "\(error)"
            failures.append(Failure(key: key, message: "\(path): \(reason); \(instead)"))
        }
        return true
    }
}
