import Foundation

/// Finds the line each key of a TOML document stands on, for messages that point at it
/// (TOMLKit parses values but does not say where they were). It reads table headers
/// (`[dial]`, `[[program]]`, counting each array table, and sub-tables of its elements such as
/// `[program.setting]`) and `key =` lines; that is all a config key needs.
struct TOMLLineIndex {
    private var lines: [String: Int] = [:]

    init(text: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[[") {
                // `[[program.setting]]` after the third `[[program]]` is `program[2].setting[0]`.
                let name = Self.elementPath(Self.headerName(line.dropFirst(2)), arrayCounts)
                let index = arrayCounts[name, default: 0]
                arrayCounts[name] = index + 1
                table = "\(name)[\(index)]"
                lines[table] = offset + 1
                if lines[name] == nil { lines[name] = offset + 1 }  // the array as a whole: where it starts
            } else if line.hasPrefix("[") {
                table = Self.elementPath(Self.headerName(line.dropFirst()), arrayCounts)
                lines[table] = offset + 1
                // `[extras.more]` alone also defines `extras`: a warning about `extras` points here.
                var parent = table
                while let dot = parent.lastIndex(of: ".") {
                    parent = String(parent[..<dot])
                    if lines[parent] == nil { lines[parent] = offset + 1 }
                }
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                let path = table.isEmpty ? key : "\(table).\(key)"
                if lines[path] == nil { lines[path] = offset + 1 }
            }
        }
    }

    /// The line of `path` (e.g. `program[1].name`), else of its table, if known.
    func line(of path: String) -> Int? {
        if let line = lines[path] { return line }
        if path.hasSuffix("]"), let open = path.lastIndex(of: "["), path[..<open].last != "." {
            let element = String(path[..<open])  // `dial.values[2]` stands on the line of `dial.values`
            if lines[element] != nil || element.contains(".") { return line(of: element) }
        }
        guard let dot = path.lastIndex(of: ".") else {
            let bare = path.split(separator: "[").first.map(String.init) ?? path
            return lines[bare]
        }
        return line(of: String(path[..<dot]))
    }

    /// `[program.extra]` after the third `[[program]]` belongs to that element: `program[2].extra`.
    private static func elementPath(_ name: String, _ arrayCounts: [String: Int]) -> String {
        guard let dot = name.firstIndex(of: "."), let count = arrayCounts[String(name[..<dot])] else { return name }
        return "\(name[..<dot])[\(count - 1)]\(name[dot...])"
    }

    private static func headerName(_ text: Substring) -> String {
        text.prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
}
