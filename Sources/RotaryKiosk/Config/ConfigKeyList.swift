extension ConfigSchema {
    /// The key list of docs/config.md, made from the declared keys: each table's header and
    /// purpose, then its keys with what they take, their default and what they do, as
    /// Markdown tables. A test holds the file to it.
    static var keyList: String {
        listings.map { table in
            let rows = table.keys.map { key in
                "| `\(key.name)` | \(cell(key.takes)) | \(cell(key.defaultText)) | \(cell(key.doc)) |"
            }
            return (["### `\(table.header)`", "", table.doc, "", "| key | takes | default | what it does |", "| --- | --- | --- | --- |"] + rows)
                .joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }

    /// `text` fit for a table cell: its bars escaped.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
