/// What the service screen shows that only the shell can find out, gathered when a tab
/// opens: the diagnostics, the last errors, the usage table and the backlight's name.
package struct ServiceFacts: Equatable, Sendable {
    /// Diagnostics, one "name: value" line each.
    package var diagnostics: [String] = []
    /// The last errors, newest first, each with its local time.
    package var errors: [String] = []
    /// Sessions per program for today, 7 and 30 days: a heading row, then one per program.
    package var usage: [[String]] = []
    /// The backlight device the brightness sets (nil: none).
    var backlight: String?

    package init(diagnostics: [String] = [], errors: [String] = [], usage: [[String]] = [], backlight: String? = nil) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.usage = usage
        self.backlight = backlight
    }
}
