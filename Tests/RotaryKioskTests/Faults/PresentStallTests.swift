import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// A page flip that never completes (`ROTARY_FAULT_STALL_PRESENT_AFTER`: the present after
/// the Nth blocks for ever, as a display that stops taking frames does), through the
/// executable: the kiosk says so and ends, for systemd to start it again, instead of running on
/// behind a frozen picture.
@Suite("A present that never returns")
struct PresentStallTests {
    @Test("the first present stalls: an error line within a quarter of the watchdog's time, then exit status 70; the frames before are counted")
    func stalledPresent() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let events = dir.appendingPathComponent("events.jsonl").path
        let started = Date()
        let run = try KioskProcess.runHeadless(["--headless", "--size", "320x240", "--events-out", events], timeout: 30,
                                               environment: ["ROTARY_FAULT_STALL_PRESENT_AFTER": "0", "WATCHDOG_USEC": "8000000"])
        let took = Date().timeIntervalSince(started)
        #expect(run.status == PresentWatch.exitStatus, "\(run.stderr)")
        #expect(took < 15, "\(took) s: the watch waits a quarter of the watchdog's 8 s, not for ever")
        let reason = "the display has not taken a frame for 2 s: a page flip does not complete; the kiosk ends so that it is started again"
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let last = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(last["event"] as? String == "error" && last["message"] as? String == reason, "\(lines)")
    }

    @Test("the state record says how many frames were presented and when the last was")
    func framesInTheRecord() throws {
        let session = KioskSession(screen: KioskScreen(layout: ScreenLayout(width: 800, height: 480), programs: Program.demo,
                                                       dialMinutes: Program.defaultDialMinutes), settings: SessionSettings())
        let record = MqttState.record(try #require(KioskStateRecord(session)), category: nil, endsAt: nil,
                                      presents: MqttState.Presents(frames: 42, lastAt: 1_795_000_000))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["frames"] as? Int == 42 && object["last_present_at"] as? String == MqttState.iso8601(1_795_000_000))
    }
}
