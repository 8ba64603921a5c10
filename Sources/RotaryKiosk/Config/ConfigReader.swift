import Foundation
import TOMLKit

/// Reads typed values out of a parsed TOML table, collecting every problem with its line
/// instead of stopping at the first.
struct ConfigReader {
    let file: String
    let index: TOMLLineIndex
    /// The config file's folder: relative paths in the file are relative to it.
    let folder: String
    private(set) var problems: [ConfigProblem] = []

    init(file: String, text: String) {
        self.file = file
        index = TOMLLineIndex(text: text)
        folder = (file as NSString).deletingLastPathComponent
    }

    mutating func error(_ path: String, _ message: String, line: Int? = nil) {
        problems.append(ConfigProblem(severity: .error, file: file, line: line ?? index.line(of: path), key: path, message: message))
    }

    /// How many errors were found so far.
    var errorCount: Int { problems.lazy.filter { $0.severity == .error }.count }

    mutating func warning(_ path: String, _ message: String) {
        problems.append(ConfigProblem(severity: .warning, file: file, line: index.line(of: path), key: path, message: message))
    }

    /// Warns about keys of `table` (at `path`) that are not in `known`, suggesting a known key
    /// that looks like a typo of it.
    mutating func warnUnknown(_ table: TOMLTable, at path: String, known: [String]) {
        for key in table.keys where !known.contains(key) {
            let guess = known.first { Self.isLookalike(key, of: $0) }.map { "did you mean \($0)? " } ?? ""
            warning(join(path, key), "unknown key (ignored); \(guess)known here: \(known.joined(separator: ", "))")
        }
    }

    /// Whether `key` looks like a typo of `known`: the same but for case, a plural or a letter
    /// or two (`programs`, `categories`, `Program`, `dim_after_second`; one letter for short keys).
    static func isLookalike(_ key: String, of known: String) -> Bool {
        let a = Array(key.lowercased()), b = Array(known.lowercased())
        if b.last == "y", a == b.dropLast() + Array("ies") { return true }  // `categories`: three letters from `category`
        let limit = b.count >= 6 ? 2 : 1
        guard abs(a.count - b.count) <= limit else { return false }
        var previous = Array(0...b.count)  // edit distances from a's first i letters to each prefix of b
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count] <= limit
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    // MARK: - Typed values

    mutating func table(_ table: TOMLTable, _ key: String) -> TOMLTable? {
        guard let value = table[key] else { return nil }
        guard let t = value.tomlValue.table else { error(key, "must be a table ([\(key)])"); return nil }
        return t
    }

    mutating func string(_ table: TOMLTable, _ key: String, at path: String) -> String? {
        guard let value = table[key] else { return nil }
        guard let s = value.tomlValue.string else { error(join(path, key), "must be a string, not \(value.tomlValue.type)"); return nil }
        return s
    }

    mutating func bool(_ table: TOMLTable, _ key: String, at path: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let b = value.tomlValue.bool else { error(join(path, key), "must be true or false, not \(value.tomlValue.type)"); return nil }
        return b
    }

    /// A whole number, within `bounds` when given.
    mutating func int(_ table: TOMLTable, _ key: String, at path: String, in bounds: ConfigBounds? = nil) -> Int? {
        guard let value = table[key] else { return nil }
        guard let i = value.tomlValue.int else {
            error(join(path, key), "must be a whole number, not \(value.tomlValue.type)")
            return nil
        }
        guard let bounds else { return i }
        return accept(Double(i), bounds, join(path, key)) ? i : nil
    }

    /// A finite number (integer or float) within `bounds`.
    mutating func number(_ table: TOMLTable, _ key: String, at path: String, in bounds: ConfigBounds) -> Double? {
        guard let value = table[key] else { return nil }
        let v = value.tomlValue
        guard let d = v.double ?? v.int.map(Double.init) else { error(join(path, key), "must be a number, not \(v.type)"); return nil }
        guard d.isFinite else { error(join(path, key), "must be a finite number, not \(d)"); return nil }
        return accept(d, bounds, join(path, key)) ? d : nil
    }

    /// Whether `bounds` accept `value`; when not, an error saying why at `path`.
    mutating func accept(_ value: Double, _ bounds: ConfigBounds, _ path: String) -> Bool {
        guard let problem = bounds.problem(value) else { return true }
        error(path, problem)
        return false
    }

    /// An array whose elements all convert with `element` (problems name the index).
    mutating func array<T>(_ table: TOMLTable, _ key: String, at path: String,
                           _ element: (inout ConfigReader, TOMLValue, String) -> T?) -> [T]? {
        guard let value = table[key] else { return nil }
        guard let array = value.tomlValue.array else { error(join(path, key), "must be an array, not \(value.tomlValue.type)"); return nil }
        var out: [T] = []
        for (i, item) in array.enumerated() {
            guard let converted = element(&self, item.tomlValue, "\(join(path, key))[\(i)]") else { return nil }
            out.append(converted)
        }
        return out
    }

    /// An argv array: at least one element, none empty.
    mutating func command(_ table: TOMLTable, _ key: String, at path: String) -> [String]? {
        guard let argv = array(table, key, at: path, { reader, value, itemPath -> String? in
            guard let s = value.string, !s.isEmpty else {
                reader.error(itemPath, "must be a non-empty string (commands are argv arrays, run without a shell)")
                return nil
            }
            return s
        }) else { return nil }
        guard !argv.isEmpty else { error(join(path, key), "must name a program to run, e.g. [\"/usr/bin/logger\", \"done\"]"); return nil }
        if let doubt = CommandLookup.find(argv[0]).doubt { warning(join(path, key), doubt) }
        return argv
    }

    // MARK: - The key being read

    /// An error at `key` (``ConfigSpot/path``).
    mutating func error(_ key: ConfigSpot, _ message: String) { error(key.path, message) }

    /// `key`'s string (nil: left out, or not a string, which is an error).
    mutating func string(_ key: ConfigSpot) -> String? { string(key.table, key.name, at: key.tablePath) }

    /// `key`'s true or false.
    mutating func bool(_ key: ConfigSpot) -> Bool? { bool(key.table, key.name, at: key.tablePath) }

    /// `key`'s whole number, within `bounds` when given.
    mutating func int(_ key: ConfigSpot, in bounds: ConfigBounds? = nil) -> Int? { int(key.table, key.name, at: key.tablePath, in: bounds) }

    /// `key`'s finite number within `bounds`.
    mutating func number(_ key: ConfigSpot, in bounds: ConfigBounds) -> Double? { number(key.table, key.name, at: key.tablePath, in: bounds) }

    /// `key`'s array, each element converted by `element`.
    mutating func array<T>(_ key: ConfigSpot, _ element: (inout ConfigReader, TOMLValue, String) -> T?) -> [T]? {
        array(key.table, key.name, at: key.tablePath, element)
    }

    /// `key`'s argv array.
    mutating func command(_ key: ConfigSpot) -> [String]? { command(key.table, key.name, at: key.tablePath) }

    /// `key`'s string, drawn as one line: trimmed, not empty (unless `allowsEmpty`), at most
    /// `limit` characters, no control or zero-width characters. Nil when it is absent or
    /// wrong: the error names the key and `place`, where it is shown;
    /// an absent key is an error saying `missing` when that is given, a long one says
    /// `tooLong` (default: too long for `place`).
    mutating func label(_ key: ConfigSpot, limit: Int, shownOn place: String,
                        missing: String? = nil, allowsEmpty: Bool = false, tooLong: String? = nil) -> String? {
        let keyPath = key.path
        if key.value == nil, let missing { error(keyPath, "is missing: \(missing)") }
        guard let text = string(key)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if text.isEmpty, !allowsEmpty {
            error(keyPath, "must not be empty: it is shown on \(place); write the text to show")
            return nil
        }
        if let bad = ProgramName.invisibleCharacter(in: text) {
            error(keyPath, "contains \(bad): a name is one line of visible text; remove it")
            return nil
        }
        if text.count > limit {
            error(keyPath, "is \(text.count) characters long, more than \(limit): \(tooLong ?? "too long for \(place); shorten it")")
            return nil
        }
        return text
    }

    /// `path` made absolute: a relative one is taken from the config file's folder.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }

    /// A path to a readable file, relative to the config file's folder.
    mutating func file(_ path: String, for key: String) -> String? {
        let absolute = absolute(path)
        guard FileManager.default.isReadableFile(atPath: absolute) else {
            error(key, "file \(absolute) does not exist or cannot be read")
            return nil
        }
        return absolute
    }

    /// A `#rrggbb` colour, kept as text.
    mutating func colour(_ key: ConfigSpot) -> String? {
        guard let s = string(key) else { return nil }
        guard ColourText.parse(s) != nil else { error(key, "must be a colour like \"#1e2432\", not \"\(s)\""); return nil }
        return s
    }
}

/// `#rrggbb` colours.
enum ColourText {
    /// The red, green and blue of `#rrggbb`, or nil.
    static func parse(_ text: String) -> (UInt8, UInt8, UInt8)? {
        guard text.count == 7, text.hasPrefix("#"), let v = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return (UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }
}
