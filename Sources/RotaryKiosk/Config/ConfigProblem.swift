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

    /// `FILE:LINE`, or `FILE` alone for a problem no line can show (an unreadable file,
    /// a table the file lacks).
    public var location: String {
        line.map { "\(file):\($0)" } ?? file
    }

    /// `FILE:LINE: error: KEY: MESSAGE`, the way compilers write it (`FILE: error: …`
    /// without a line).
    public var description: String {
        "\(location): \(severity.rawValue): \(key): \(message)"
    }
}
