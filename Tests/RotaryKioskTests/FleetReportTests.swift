import Foundation
import RotaryKit
import SessionSupport
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// What the fleet sees of an update: the state record, the fleet table and the updater's
/// result file (the rules are tested as values in RotaryKioskCoreTests).
@Suite("Fleet updates: what the fleet is told")
struct FleetReportTests {
    @Test("the state record carries the slot and the last update; the fleet view shows them")
    func reported() throws {
        var settings = SessionSettings()
        (settings.fleetUpdates, settings.hasUpdater) = (.armed, true)
        var s = KioskSession(screen: .demo(width: 800, height: 480), settings: settings)
        _ = s.updaterReported(FleetUpdateReport(result: "running", version: "v2", message: "slot B drew its first frame",
                                                at: "2026-11-27T00:00:00Z"))
        let key = try #require(KioskStateRecord(s))
        let record = MqttState.record(key, category: nil, endsAt: nil, slot: "B")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["slot"] as? String == "B")
        #expect((object["update"] as? [String: Any])?["result"] as? String == "running")
        var table = FleetTable(prefix: "rotary")
        table.record(topic: "rotary/cabin-1/state", payload: Array(record.utf8))
        #expect(table.rows(now: 0).first?.slot == "B")
        #expect(table.rows(now: 0).first?.update == "running v2")
        #expect(ImageUpdater.report(Data(#"{"result": "installed", "version": "v2", "message": "", "at": "2026-11-27T01:00:00Z"}"#.utf8))
                == FleetUpdateReport(result: "installed", version: "v2", message: "", at: "2026-11-27T01:00:00Z"))
        #expect(ImageUpdater.report(Data("{\"result\": \"".utf8)) == nil, "a result cut off mid-write is no result")
        #expect(ImageUpdater.report(Data("[1, 2]".utf8)) == nil)
        #expect(ImageUpdater.bootedSlot(commandLine: "root=/dev/x ro rauc.slot=B quiet\n") == "B")
        #expect(ImageUpdater.bootedSlot(commandLine: "root=/dev/sda1 ro") == nil)
    }
}
