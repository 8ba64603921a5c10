import Foundation
import Testing
import RotaryKioskCore

/// The event lines' JSON writer: numbers as a person reads them, always valid JSON.
@Suite("JSONValue writes valid JSON")
struct JSONValueTests {
    @Test("numbers keep at most three decimals without trailing zeros; huge ones stay valid JSON", arguments: [
        (2.5, "2.5"), (-0.125, "-0.125"), (0.0004, "0"), (1234.56789, "1234.568"), (10.0, "10"), (-7.1, "-7.1"),
        (1e15, "1000000000000000.0"), (-2.5e20, "-2.5e+20"), (Double.nan, "null"),
    ])
    func numbers(value: Double, text: String) throws {
        #expect(JSONValue.number(value).text == text)
        if value.isFinite {
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSNumber
            #expect(abs((parsed?.doubleValue ?? .nan) - (value * 1000).rounded() / 1000) <= abs(value) * 1e-12)
        }
    }

    @Test("control characters are escaped as \\u00XX")
    func controls() throws {
        let text = JSONValue.string("a\u{01}b\u{1F}c\n").text
        #expect(text == #""a\u0001b\u001fc\n""#)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? String == "a\u{01}b\u{1F}c\n")
    }

    @Test("values compare as JSON: numbers as numbers (not as their rounded text), objects in order")
    func equality() {
        #expect(JSONValue.int(2) == .number(2.0) && JSONValue.exact(2.5) == .number(2.5))
        #expect(JSONValue.number(0.0004) != .int(0), "both are written 0, but they are not the same number")
        #expect(JSONValue.number(.nan) == .null && JSONValue.exact(.infinity) == .null && JSONValue.number(.nan) != .int(0))
        #expect(JSONValue.string("1") != .int(1) && JSONValue.bool(true) != .int(1))
        #expect(JSONValue.object([("a", .int(1)), ("b", .null)]) == .object([("a", .number(1)), ("b", .number(.nan))]))
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]) != .object([("b", .int(2)), ("a", .int(1))]))
        #expect(JSONValue.array([.int(1)]) != .array([.int(1), .int(1)]))
    }
}
