/// What the service screen shows that only the shell can find out, gathered when a tab
/// opens: the diagnostics, the last errors, the usage table and the backlight's name.
struct ServiceFacts: Equatable, Sendable {
    /// Diagnostics, one "name: value" line each.
    var diagnostics: [String] = []
    /// The last errors, newest first, each with its local time.
    var errors: [String] = []
    /// Sessions per program for today, 7 and 30 days: a heading row, then one per program.
    var usage: [[String]] = []
    /// The backlight device the brightness sets (nil: none).
    var backlight: String?
}
