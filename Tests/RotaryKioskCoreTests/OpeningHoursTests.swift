import Foundation
import RotaryKit
import Testing
@testable import RotaryKioskCore

@Suite("Opening hours: ranges of local time, past midnight too")
struct OpeningHoursTests {
    static func at(_ hours: Int, _ minutes: Int = 0, _ seconds: Double = 0) -> Double {
        Double(hours * 3600 + minutes * 60) + seconds
    }

    @Test("one range: open from its start, closed from its end; the next change is the next edge")
    func oneRange() throws {
        let hours = try #require(OpeningHours("07:00-22:00"))
        #expect(!hours.isOpen(at: Self.at(6, 59, 59)))
        #expect(hours.isOpen(at: Self.at(7)))
        #expect(hours.isOpen(at: Self.at(21, 59, 59.9)))
        #expect(!hours.isOpen(at: Self.at(22)))
        #expect(hours.secondsUntilChange(from: Self.at(21, 59)) == 60)
        #expect(hours.secondsUntilChange(from: Self.at(22)) == Self.at(9))          // until 07:00 tomorrow
        #expect(hours.secondsUntilChange(from: Self.at(7)) == Self.at(15))
    }

    @Test("several ranges with spaces, one past midnight; an edge inside another range is no change")
    func severalRanges() throws {
        let hours = try #require(OpeningHours("06:30-12:00, 11:00-14:00 ,18:00-02:00"))
        #expect(hours.text == "06:30-12:00, 11:00-14:00, 18:00-02:00")
        #expect(hours.isOpen(at: Self.at(1, 59)))
        #expect(!hours.isOpen(at: Self.at(2)))
        #expect(hours.isOpen(at: Self.at(11, 30)))
        #expect(!hours.isOpen(at: Self.at(15)))
        #expect(hours.isOpen(at: Self.at(23, 59)))
        #expect(hours.secondsUntilChange(from: Self.at(10)) == Self.at(4), "12:00 is inside 11:00-14:00: the change is at 14:00")
        #expect(hours.secondsUntilChange(from: Self.at(23)) == Self.at(3))
        #expect(hours.isOpen(at: -60), "a minute before midnight, from the day before")
    }

    @Test("a no-break or ideographic space pasted from a document counts as a space, a tab too")
    func unicodeSpaces() throws {
        let hours = try #require(OpeningHours("07:00\u{A0}-\u{3000}22:00,\t23:00-23:30"))
        #expect(hours.text == "07:00-22:00, 23:00-23:30")
    }

    @Test("open all day has no change; 24:00 ends a range at midnight")
    func wholeDay() throws {
        #expect(try #require(OpeningHours("00:00-24:00")).secondsUntilChange(from: 1234) == nil)
        #expect(try #require(OpeningHours("00:00-12:00, 12:00-24:00")).secondsUntilChange(from: 0) == nil)
        let evening = try #require(OpeningHours("17:00-24:00"))
        #expect(evening.text == "17:00-24:00")
        #expect(evening.isOpen(at: Self.at(23, 59, 59)) && !evening.isOpen(at: 0))
    }

    @Test("what is not HH:MM-HH:MM ranges is refused", arguments: ["", "7-22", "07:00", "07:00-22:00-23:00", "7:00-22:00",
                                                                   "07:60-08:00", "25:00-26:00", "07:00-07:00", "24:00-07:00",
                                                                   "07:00-22:00,", "０７:00-22:00", "+7:00-22:00"])
    func refused(text: String) {
        #expect(OpeningHours(text) == nil)
    }
}

@Suite("Opening hours in the session (pure)")
struct OpeningHoursSessionTests {
    @Test("off, the session waits for the opening time or a touch, not for the dimming it skipped")
    func sleepsUntilOpening() throws {
        var settings = SessionSettings()
        settings.openingHours = try #require(OpeningHours("07:00-22:00"))
        settings.wakeSeconds = 30
        var s = KioskSession(screen: KioskScreen(layout: ScreenLayout(width: 800, height: 480), programs: Program.demo,
                                                 dialMinutes: Program.defaultDialMinutes), settings: settings,
                             timeOfDay: OpeningHoursTests.at(21, 59))
        #expect(s.secondsUntilChange == 60, "the wake time after start ends before closing time")
        #expect(s.advance(by: 60).events == [.display(on: false)])
        #expect(s.isAsleep && s.backlightLevel == nil)
        #expect(s.secondsUntilChange == OpeningHoursTests.at(9), "nothing until 07:00, so the loop sleeps")
        #expect(s.advance(by: 200).events == [], "no dimming while off")
        #expect(!s.isDimmed)
        #expect(s.pointer(PointerEvent(.down, finger: 3, at: Point(x: 700, y: 400), time: 1)).events == [],
                "a contact counts once it has lasted a few milliseconds (TouchFilter)")
        #expect(s.pointer(PointerEvent(.up, finger: 3, at: Point(x: 700, y: 400), time: 1.1)).events == [.display(on: true)])
        #expect(s.secondsUntilChange == 30)
        #expect(s.advance(by: 30).events == [.display(on: false)])
        #expect(s.advance(by: OpeningHoursTests.at(9) - 90).events == [.display(on: true)], "07:00")
        #expect(!s.isDimmed && s.secondsUntilChange == settings.dimAfterSeconds, "on at opening time, dimming only after its delay")
    }
}
