import Foundation

/// A JSON value whose object keys keep their order, written compactly on one line, so the
/// event stream reads the same every run (`"t"` and `"event"` first) and numbers print the
/// same way everywhere.
public enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case number(Double)
    /// A number with every digit it needs to read back the same (a state file's, not an
    /// event's).
    case exact(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case null

    /// Equal as JSON values: numbers as numbers, whichever case holds them (`.int(2)` is
    /// `.number(2.0)`, and `.number(0.0004)` is not `.int(0)` though both are written `0`); a
    /// number that is not finite is the `null` it is written as; objects pair by pair, in order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        if let x = a.finite, let y = b.finite { return x == y }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return a.isNull && b.isNull
        }
    }

    /// The number it holds, when it holds a finite one.
    private var finite: Double? {
        switch self {
        case .int(let i): Double(i)
        case .number(let d), .exact(let d): d.isFinite ? d : nil
        case .string, .bool, .array, .object, .null: nil
        }
    }

    /// Whether it is written `null`: null itself, or a number that is not finite.
    private var isNull: Bool {
        switch self {
        case .null: true
        case .number(let d), .exact(let d): !d.isFinite
        case .string, .int, .bool, .array, .object: false
        }
    }

    /// The value as one line of JSON. Non-finite numbers become `null`; others keep at most
    /// three decimals.
    public var text: String {
        switch self {
        case .string(let s): return Self.quoted(s)
        case .int(let i): return String(i)
        case .number(let d):
            guard d.isFinite else { return "null" }
            let rounded = (d * 1000).rounded() / 1000
            guard abs(rounded) < 1e15 else { return Self.plain(rounded) }
            if rounded == rounded.rounded() { return String(Int(rounded)) }
            return Self.thousandths(rounded)
        case .exact(let d): return d.isFinite ? Self.plain(d) : "null"
        case .bool(let b): return b ? "true" : "false"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .null: return "null"
        }
    }

    /// `value` (already rounded to thousandths, below 10¹⁵ and not whole) with its decimals,
    /// trailing zeros left off: `2.5`, `-0.125`.
    private static func thousandths(_ value: Double) -> String {
        let milli = Int((abs(value) * 1000).rounded())
        var decimals = String(milli % 1000)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return (value < 0 ? "-" : "") + String(milli / 1000) + "." + decimals
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// `value` as JSONSerialization hands it over, when it is a JSON number (not `true` or
    /// `false`, which arrive as NSNumber too, of Objective-C type "c") and finite.
    package static func finiteNumber(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue.isFinite else {
            return nil
        }
        return number.doubleValue
    }

    /// A number as a person writes it: `10` rather than `10.0`, exponents when huge.
    package static func plain(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
