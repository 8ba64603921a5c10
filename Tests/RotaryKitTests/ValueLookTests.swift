import Testing
@testable import RotaryKit

@Suite("Value text: digits, unit, rounding")
struct ValueLookTests {
    @Test("a value is written with the look's decimals and unit",
          arguments: [(80.0, 0, "°C", "80 °C"), (2.5, 1, "V", "2.5 V"), (12, 2, "", "12.00"), (0.05, 1, "", "0.1"),
                      (-3.25, 1, "dB", "-3.3 dB"), (1234567.891, 3, "", "1234567.891"), (7, -2, "", "7"),
                      (0.000_001, 12, "", "0.000001000")])
    func written(value: Double, decimals: Int, unit: String, expected: String) {
        #expect(ValueLook(points: 20, decimals: decimals, unit: unit).text(value) == expected)
    }

    @Test("a negative value that rounds to zero has no minus sign", arguments: [-0.4, -0.0, -0.000_01])
    func noNegativeZero(value: Double) {
        #expect(ValueLook(points: 20).text(value) == "0")
    }

    @Test("huge and non-finite values still give a text")
    func extremes() {
        let look = ValueLook(points: 20, decimals: 2)
        #expect(look.text(1e20) == "1e+20")
        #expect(look.text(-1e300) == "-1e+300")
        #expect(look.text(.nan) == "–")
        #expect(look.text(.infinity) == "–")
    }

    @Test("the default decimals show every step exactly",
          arguments: [(1.0, 0), (5, 0), (0.5, 1), (0.1, 1), (0.25, 2), (0.001, 3), (1.0 / 3, 6), (0, 0), (-1, 0), (.nan, 0)])
    func decimalsForStep(step: Double, expected: Int) {
        #expect(ValueLook.decimals(forStep: step) == expected)
    }
}

@Suite("Number styles: digits and decimal separator")
struct NumberStyleTests {
    @Test("numbers and times are rewritten digit by digit; other characters stay",
          arguments: [(NumberStyle(decimalSeparator: ","), "12.5", "12,5"),
                      (NumberStyle(digits: .arabicIndic, decimalSeparator: "٫"), "-1234567890.5", "-١٢٣٤٥٦٧٨٩٠٫٥"),
                      (NumberStyle(digits: .arabicIndic), "12:30", "١٢:٣٠"),
                      (NumberStyle(decimalSeparator: ","), "1e+20", "1e+20"),
                      (NumberStyle.standard, "04:05.5", "04:05.5")])
    func write(style: NumberStyle, ascii: String, expected: String) {
        #expect(style.write(ascii) == expected)
    }

    @Test("a value look and the countdown's time are written in the style")
    func looks() {
        var look = ValueLook(points: 20, decimals: 1, unit: "V")
        look.numbers = NumberStyle(decimalSeparator: ",")
        #expect(look.text(-2.5) == "-2,5 V")
        look.numbers = NumberStyle(digits: .arabicIndic, decimalSeparator: "٫")
        #expect(look.text(80) == "٨٠٫٠ V")
        #expect(TimeText.format(seconds: 3 * 3600 + 4 * 60 + 5, numbers: NumberStyle(digits: .arabicIndic)) == "٣:٠٤:٠٥")
        #expect(NumberStyle(digits: .arabicIndic).text(1400) == "١٤٠٠")
    }
}
