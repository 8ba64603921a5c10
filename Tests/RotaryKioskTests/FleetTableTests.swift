import Foundation
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

@Suite("The fleet view's table: retained messages in, rows out")
struct FleetTableTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("rows by id; a running countdown counts down from ends_at, a paused one shows its seconds; an empty message forgets")
    func rows() {
        var table = FleetTable(prefix: "rotary")
        let took1 = table.record(topic: "rotary/b/availability", payload: Self.bytes("online"))
        #expect(took1)
        let took2 = table.record(topic: "rotary/b/state", payload: Self.bytes(#"{"state":"running","program":"Sauna","ends_at":"2026-11-24T10:00:00Z","version":"0.13.0+git20261126.abc1234"}"#))
        #expect(took2)
        let took3 = table.record(topic: "rotary/a/availability", payload: Self.bytes("offline"))
        #expect(took3)
        let took4 = table.record(topic: "rotary/a/state", payload: Self.bytes(#"{"state":"paused","program":"Steam","seconds_left":90}"#))
        #expect(took4)
        let took5 = table.record(topic: "rotary/a/event", payload: Self.bytes("{}"))
        #expect(!took5)
        let took6 = table.record(topic: "other/a/state", payload: Self.bytes("{}"))
        #expect(!took6)
        let now = MqttState.unix(fromISO8601: "2026-11-24T09:58:30Z") ?? 0
        #expect(table.rows(now: now) == [
            FleetTable.Row(id: "a", online: false, state: "paused", program: "Steam", secondsLeft: 90),
            FleetTable.Row(id: "b", online: true, state: "running", program: "Sauna", secondsLeft: 90,
                           version: "0.13.0+git20261126.abc1234"),
        ])
        #expect(table.text(now: now).hasSuffix("2 kiosks, 1 online"))
        #expect(table.text(now: now).split(separator: "\n").first?.hasSuffix("LAST UPDATE") == true)
        #expect(table.text(now: now).contains("Sauna    01:30      0.13.0+git20261126.abc1234"), "\(table.text(now: now))")
        #expect(table.json(now: now).contains(#""version":"0.13.0+git20261126.abc1234""#))
        table.record(topic: "rotary/a/availability", payload: [])
        table.record(topic: "rotary/a/state", payload: [])
        #expect(table.rows(now: now).map(\.id) == ["b"])
    }

    @Test("what any publisher can send: a huge number, escape codes, broken JSON, bytes that are not UTF-8")
    func hostile() {
        var table = FleetTable(prefix: "rotary")
        table.record(topic: "rotary/x/state", payload: Self.bytes(#"{"state":"paused","program":"\u001b[2J\u001b]0;owned\u0007","seconds_left":1e300}"#))
        table.record(topic: "rotary/\u{1B}[31mred/availability", payload: [0xFF, 0xFE])
        table.record(topic: "rotary/y/state", payload: Self.bytes("not json"))
        let json = table.json(now: 0)
        #expect(json.contains(#""seconds_left":\#(Int.max)"#))
        let text = table.text(now: 0)
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(text.debugDescription)")
        #expect(table.rows(now: 0).map(\.id) == ["x", "y", "\u{1B}[31mred"].sorted())
    }
}
