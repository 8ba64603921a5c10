import TOMLKit

/// What a config table is read into: the config itself, or the draft of one of its parts
/// (an MQTT link, a program), whose built-in values the key list shows as defaults.
protocol ConfigTarget {
    /// The values a key keeps when the file leaves it out.
    static var defaults: Self { get }
}

/// A key being read: the table it is in, its name there and the table's path, so that a
/// reader reads it and says its problems without spelling either again.
struct ConfigSpot {
    /// The table the key is in.
    let table: TOMLTable
    /// The key's name in it.
    let name: String
    /// The table's path in the file (`display`, `program[2]`; empty: the file's top).
    let tablePath: String

    /// The key's path in the file, as problems name it: `display.rotation`.
    var path: String { tablePath.isEmpty ? name : "\(tablePath).\(name)" }
    /// Its value in the file (nil: left out).
    var value: (any TOMLValueConvertible)? { table[name] }
}

/// One key of a config table, declared once: its name, what it takes, its default and its
/// doc line (the key list in docs/config.md is made from these), and how it is read. The
/// table's unknown-key check knows it by being declared.
struct ConfigKey<Target: ConfigTarget> {
    /// Its line in the key list: its name in its table, what it takes ("10 to 86400 seconds,
    /// or 0 (off)"), its default and what it does.
    let entry: ConfigListing.Key
    /// Reads it (``ConfigSpot``: its table, name and path) into the target; every problem
    /// goes to the reader. Called whether or not the table has it (a required key says it is
    /// missing).
    let read: (_ r: inout ConfigReader, _ key: ConfigSpot, _ target: inout Target) -> Void

    init(name: String, takes: String, defaultText: String, doc: String,
         read: @escaping (_ r: inout ConfigReader, _ key: ConfigSpot, _ target: inout Target) -> Void) {
        entry = ConfigListing.Key(name: name, takes: takes, defaultText: defaultText, doc: doc)
        self.read = read
    }

    /// Its name in its table.
    var name: String { entry.name }
}

/// One table of the config (`[display]`, `[[program]]`, `[program.setting]`…): its keys in
/// the order they are read and listed, and the checks across them.
struct ConfigSection<Target: ConfigTarget> {
    /// How the file writes its header: `[display]`, `[[program]]`.
    let header: String
    /// What the table is for, one line for the key list.
    let doc: String
    let keys: [ConfigKey<Target>]
    /// Checks across its keys once they are read (a certificate needs its key…).
    var check: ((_ r: inout ConfigReader, _ table: TOMLTable, _ path: String, _ target: inout Target) -> Void)?

    /// Its keys' names, what the unknown-key check knows.
    var known: [String] { keys.map(\.name) }

    /// Reads `table` (at `path`) into `target`: unknown keys warned of, each key read, then
    /// the checks across them.
    func read(_ table: TOMLTable, at path: String, _ r: inout ConfigReader, into target: inout Target) {
        r.warnUnknown(table, at: path, known: known)
        for key in keys { key.read(&r, ConfigSpot(table: table, name: key.name, tablePath: path), &target) }
        check?(&r, table, path, &target)
    }

    /// Its entry in the key list.
    var listing: ConfigListing {
        ConfigListing(header: header, doc: doc, keys: keys.map(\.entry))
    }
}

/// A table's keys as the key list shows them.
struct ConfigListing: Sendable {
    /// One key's line: its name, what it takes, its default and its doc line.
    struct Key: Sendable {
        var name: String
        var takes: String
        var defaultText: String
        var doc: String
    }

    var header: String
    var doc: String
    var keys: [Key]
}

// MARK: - Keys of the usual kinds

extension ConfigKey {
    /// A key read by `read`, taking `takes`, `defaultText` when left out.
    static func custom(_ name: String, takes: String, default defaultText: String = "none", doc: String,
                       _ read: @escaping (_ r: inout ConfigReader, _ key: ConfigSpot, _ target: inout Target) -> Void)
        -> ConfigKey {
        ConfigKey(name: name, takes: takes, defaultText: defaultText, doc: doc, read: read)
    }

    /// A required one-line text drawn on `place` into `field`: trimmed, not empty, at most
    /// `limit` characters, nothing invisible (`ConfigReader.label`); left out, an error saying
    /// `missing`.
    static func label(_ name: String, _ field: WritableKeyPath<Target, String?>, limit: Int, shownOn place: String, missing: String,
                      doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: "text, at most \(limit) characters", defaultText: "required", doc: doc) { r, key, target in
            target[keyPath: field] = r.label(key, limit: limit, shownOn: place, missing: missing)
        }
    }

    /// A number within `bounds` into `field`.
    static func number(_ name: String, _ field: WritableKeyPath<Target, Double>, _ bounds: ConfigBounds, doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: bounds.summary, defaultText: ConfigBounds.text(Target.defaults[keyPath: field]), doc: doc) { r, key, target in
            if let value = r.number(key, in: bounds) { target[keyPath: field] = value }
        }
    }

    /// A number within `bounds` into `field`, which is nil (`defaultText`) when left out.
    static func number(_ name: String, _ field: WritableKeyPath<Target, Double?>, _ bounds: ConfigBounds, default defaultText: String,
                       doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: bounds.summary, defaultText: defaultText, doc: doc) { r, key, target in
            if let value = r.number(key, in: bounds) { target[keyPath: field] = value }
        }
    }

    /// A whole number within `bounds` into `field`.
    static func int(_ name: String, _ field: WritableKeyPath<Target, Int>, _ bounds: ConfigBounds, doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: "a whole number, " + bounds.summary, defaultText: String(Target.defaults[keyPath: field]), doc: doc) { r, key, target in
            if let value = r.int(key, in: bounds) { target[keyPath: field] = value }
        }
    }

    /// `true` or `false` into `field`.
    static func bool(_ name: String, _ field: WritableKeyPath<Target, Bool>, doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: "true or false", defaultText: String(Target.defaults[keyPath: field]), doc: doc) { r, key, target in
            if let value = r.bool(key) { target[keyPath: field] = value }
        }
    }

    /// A `#rrggbb` colour into `field` (left out: the theme's own).
    static func colour(_ name: String, _ field: WritableKeyPath<Target, String?>, doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: "a colour, \"#rrggbb\"", defaultText: "the theme's", doc: doc) { r, key, target in
            if let value = r.colour(key) { target[keyPath: field] = value }
        }
    }

    /// A command (an argv array, run without a shell) into `field`.
    static func command(_ name: String, _ field: WritableKeyPath<Target, [String]?>, doc: String) -> ConfigKey {
        ConfigKey(name: name, takes: "a command, [\"/path/to/program\", \"argument\", …]", defaultText: "none", doc: doc) { r, key, target in
            if let argv = r.command(key) { target[keyPath: field] = argv }
        }
    }

    /// A string naming one of `Choice`'s cases into `field`.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ field: WritableKeyPath<Target, Choice>,
                                                                         doc: String) -> ConfigKey where Choice.RawValue == String {
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return ConfigKey(name: name, takes: "one of " + names, defaultText: "\"\(Target.defaults[keyPath: field].rawValue)\"", doc: doc) { r, key, target in
            guard let text = r.string(key) else { return }
            if let value = Choice(rawValue: text) { target[keyPath: field] = value } else {
                r.error(key, "must be \(names), not \"\(text)\"")
            }
        }
    }
}
