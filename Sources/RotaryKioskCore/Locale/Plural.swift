/// Counts in messages and log lines: "1 program", "2 programs", "0 warnings".
public enum Plural {
    /// `count` and the noun in the matching number; `plural` for nouns that do not just add "s".
    public static func of(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
