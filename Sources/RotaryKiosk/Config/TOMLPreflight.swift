import Foundation

/// Finds, before the TOML parser sees them, the malformed shapes that toml++ (inside
/// TOMLKit) only guards with assertions, which stop the process in a debug build and are
/// undefined in a release one: a table header that does not start with a name (`[=`,
/// `[[[1]]]`) and brackets that close what they did not open (`a = [}`); and a NUL
/// character in a string (`"a\u0000b"`), which TOMLKit hands over cut at the NUL, so that a
/// name would silently lose its end. Strings and comments are skipped; everything else is
/// left to the parser.
enum TOMLPreflight {
    /// What is wrong and on which 1-based line, for the first problem found; `key` is the
    /// key it is about as the file writes it (`zone.name`), where known.
    struct Problem: Equatable {
        var line: Int
        var message: String
        var key: String? = nil
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
        /// The last table header's name and the key of the line being read, as written.
        var table = ""
        var key = ""

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
                    if lineStart && open.isEmpty { key = keyOfLine() }
                    if let problem = skipString(quote: c) { return problem }
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
                    if lineStart && open.isEmpty { key = keyOfLine() }
                    i += 1
                }
            }
            return nil
        }

        /// The key this line sets, as written before its `=`, with the table it is in.
        func keyOfLine() -> String {
            var end = i
            while end < chars.count, chars[end] != "=", chars[end] != "\n" { end += 1 }
            let name = String(String.UnicodeScalarView(chars[i..<end])).trimmingCharacters(in: .whitespaces)
            return table.isEmpty || name.isEmpty ? name : "\(table).\(name)"
        }

        /// A `[name]` or `[[name]]` header: its name must start with a bare-key character or a quote.
        mutating func header() -> Problem? {
            let start = i
            i += 1
            if peek() == "[" { i += 1 }
            while let c = peek(), c == " " || c == "\t" { i += 1 }
            guard let first = peek(), first.isASCII,
                  first.properties.isAlphabetic || ("0"..."9").contains(first) || "_-\"'".unicodeScalars.contains(first) else {
                return Problem(line: line, message: "a table header must start with a name, like [theme] or [[program]]")
            }
            while let c = peek(), c != "\n", c != "#" {
                if c == "\"" || c == "'" {
                    if let problem = skipString(quote: c) { return problem }
                } else {
                    i += 1
                }
            }
            table = String(String.UnicodeScalarView(chars[start..<i])).trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "[]")).trimmingCharacters(in: .whitespaces)
            return nil
        }

        /// Skips a basic or literal string, single- or multi-line, counting its lines; a NUL in
        /// it, written or escaped, is a problem.
        mutating func skipString(quote: Unicode.Scalar) -> Problem? {
            let triple = peek(1) == quote && peek(2) == quote
            i += triple ? 3 : 1
            while let c = peek() {
                if c == "\0" || (c == "\\" && quote == "\"" && escapesNul()) {
                    return Problem(line: line, message: "a string holds a NUL character (U+0000), which would cut it short "
                                   + "there: a name or a path is text without control characters; remove it",
                                   key: key.isEmpty ? nil : key)  // a line with no key before its `=`: a syntax problem
                }
                if c == "\\" && quote == "\"" { i += 2; continue }
                if c == "\n" {
                    line += 1
                    if !triple { return nil }  // an unclosed string: the parser says so
                }
                if c == quote && (!triple || (peek(1) == quote && peek(2) == quote)) {
                    i += triple ? 3 : 1
                    return nil
                }
                i += 1
            }
            return nil
        }

        /// Whether the escape at the cursor is `\u0000` or `\U00000000`.
        func escapesNul() -> Bool {
            let digits = peek(1) == "u" ? 4 : peek(1) == "U" ? 8 : 0
            return digits > 0 && (0..<digits).allSatisfy { peek(2 + $0) == "0" }
        }
    }
}
