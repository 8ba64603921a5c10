/// What the service screen shows that only the shell can find out: the diagnostics and
/// usage lines, gathered when their tab opens, and the backlight's name.
struct ServiceFacts: Equatable, Sendable {
    /// Diagnostics, one "name: value" line each.
    var diagnostics: [String] = []
    /// Sessions per program for today, 7 and 30 days, one line each (the first is the heading).
    var usage: [String] = []
    /// The backlight device the brightness sets (nil: none).
    var backlight: String?
}
