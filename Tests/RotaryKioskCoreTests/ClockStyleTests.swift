import RotaryKit
import Testing
@testable import RotaryKioskCore

@Suite("A time of day as the locale writes it")
struct ClockStyleTests {
    @Test("24 hours and 12 with AM and PM: midnight, morning, noon, evening; a day wraps; Arabic-Indic digits")
    func times() {
        let western = NumberStyle(digits: .western, decimalSeparator: ".")
        let cases: [(Double, String, String)] = [(0, "00:00", "12:00 AM"), (9 * 3600 + 5 * 60, "09:05", "9:05 AM"),
                                                 (12 * 3600, "12:00", "12:00 PM"), (14 * 3600 + 35 * 60 + 59, "14:35", "2:35 PM"),
                                                 (25 * 3600, "01:00", "1:00 AM"), (-60, "23:59", "11:59 PM")]
        for (seconds, day, twelve) in cases {
            #expect(ClockStyle.twentyFourHour.text(secondsSinceMidnight: seconds, numbers: western) == day)
            #expect(ClockStyle.twelveHour.text(secondsSinceMidnight: seconds, numbers: western) == twelve)
        }
        let arabic = NumberStyle(digits: .arabicIndic, decimalSeparator: "\u{066B}")
        #expect(ClockStyle.twentyFourHour.text(secondsSinceMidnight: 14 * 3600 + 35 * 60, numbers: arabic) == "١٤:٣٥")
        #expect(KioskLocale.english.clock == .twelveHour && KioskLocale(language: KioskLanguage.named("ja")!).clock == .twentyFourHour)
    }
}
