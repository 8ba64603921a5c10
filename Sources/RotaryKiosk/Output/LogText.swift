/// A log line's text made safe to read: a string from a file, the network or a config can
/// hold a line break and a terminal's escape sequences (a forged `critical` line, colours
/// that hide the rest) or megabytes. Every control character (C0, DEL, C1, and the line and
/// paragraph separators) is written as `\u{…}`, and a text longer than ``limit`` bytes is
/// cut at a character with how much was left out.
enum LogText {
    /// The most UTF-8 bytes a log line's text keeps.
    static let limit = 4096

    /// `text` escaped and cut to ``limit`` bytes.
    static func safe(_ text: String) -> String {
        var out = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let piece = isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            guard bytes + piece.utf8.count <= limit else {
                return out + "… (\(text.utf8.count - bytes) bytes more)"
            }
            bytes += piece.utf8.count
            out.unicodeScalars.append(contentsOf: piece.unicodeScalars)
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
