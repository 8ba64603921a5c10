/// Finds, before the TOML parser sees them, the malformed shapes that toml++ (inside
/// TOMLKit) only guards with assertions, which stop the process in a debug build and are
/// undefined in a release one: a table header that does not start with a name (`[=`,
/// `[[[1]]]`) and brackets that close what they did not open (`a = [}`). Strings and
/// comments are skipped; everything else is left to the parser.
enum TOMLPreflight {
    /// What is wrong and on which 1-based line, for the first problem found.
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    static func check(_ text: String) -> Problem? {
        var scanner = Scanner(Array(text.unicodeScalars))
        return scanner.run()
    }

    private struct Scanner {
        let chars: [Unicode.Scalar]
        var i = 0
        var line = 1
        var open: [Unicode.Scalar] = []  // brackets and braces of values, innermost last
        var atLineStart = true

        init(_ chars: [Unicode.Scalar]) { self.chars = chars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }

        mutating func run() -> Problem? {
            while let c = peek() {
                if c == "\n" {
                    line += 1
                    i += 1
                    atLineStart = true
                    continue
                }
                if c == " " || c == "\t" || c == "\r" { i += 1; continue }
                let lineStart = atLineStart
                atLineStart = false
                switch c {
                case "#":
                    while let n = peek(), n != "\n" { i += 1 }
                case "\"", "'":
                    skipString(quote: c)
                case "[" where lineStart && open.isEmpty:
                    if let problem = header() { return problem }
                case "[", "{":
                    open.append(c)
                    i += 1
                case "]", "}":
                    let opener: Unicode.Scalar = c == "]" ? "[" : "{"
                    guard open.last == opener else {
                        return Problem(line: line, message: "\"\(c)\" closes nothing that was opened here (\(open.last.map { "\"\($0)\" is still open" } ?? "no [ or { is open"))")
                    }
                    open.removeLast()
                    i += 1
                default:
                    i += 1
                }
            }
            return nil
        }

        /// A `[name]` or `[[name]]` header: its name must start with a bare-key character or a quote.
        mutating func header() -> Problem? {
            i += 1
            if peek() == "[" { i += 1 }
            while let c = peek(), c == " " || c == "\t" { i += 1 }
            guard let first = peek(), first.isASCII,
                  first.properties.isAlphabetic || ("0"..."9").contains(first) || "_-\"'".unicodeScalars.contains(first) else {
                return Problem(line: line, message: "a table header must start with a name, like [theme] or [[program]]")
            }
            while let c = peek(), c != "\n", c != "#" {
                if c == "\"" || c == "'" { skipString(quote: c) } else { i += 1 }
            }
            return nil
        }

        /// Skips a basic or literal string, single- or multi-line, counting its lines.
        mutating func skipString(quote: Unicode.Scalar) {
            let triple = peek(1) == quote && peek(2) == quote
            i += triple ? 3 : 1
            while let c = peek() {
                if c == "\\" && quote == "\"" { i += 2; continue }
                if c == "\n" {
                    line += 1
                    if !triple { return }  // an unclosed string: the parser says so
                }
                if c == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                    i += triple ? 3 : 1
                    return
                }
                i += 1
            }
        }
    }
}
