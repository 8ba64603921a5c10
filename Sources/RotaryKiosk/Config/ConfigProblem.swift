/// One thing wrong (or doubtful) in a config file, with where it is.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    /// Errors make the file unusable; warnings (unknown keys) do not.
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// The file it was found in.
    public var file: String
    /// 1-based line, when the key could be found in the text.
    public var line: Int?
    /// The key's path, e.g. `program[2].minutes` or `dial.values`.
    public var key: String
    /// What is wrong, for a person.
    public var message: String

    /// `FILE:LINE: error: KEY: MESSAGE`, the way compilers write it.
    public var description: String {
        "\(file):\(line.map(String.init) ?? "?"): \(severity.rawValue): \(key): \(message)"
    }
}
