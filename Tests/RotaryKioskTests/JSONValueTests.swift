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
}
