import RotaryKit
import Testing
@testable import RotaryKioskCore

/// Fleet updates as the session rules them (pure): `update` over the wire, the `[mqtt]
/// updates` gate, and an install and a reboot that each wait for an idle kiosk.
@Suite("Fleet updates: the command, the gate and the idle moments (pure)")
struct FleetUpdateTests {
    static let layout = ScreenLayout(width: 800, height: 480)

    func session(updates: FleetUpdates = .armed, hasUpdater: Bool = true) -> KioskSession {
        var settings = SessionSettings()
        settings.fleetUpdates = updates
        settings.hasUpdater = hasUpdater
        let screen = KioskScreen(layout: Self.layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes,
                                 program: 0, dialIndex: 3)
        return KioskSession(screen: screen, settings: settings)
    }

    func update(_ s: inout KioskSession, _ payload: String) -> [KioskEvent] {
        s.remote(RemoteMessage(what: "update", payload: Array(payload.utf8))).events
    }

    func run(_ s: inout KioskSession, seconds: Double) -> [KioskEvent] {
        var events: [KioskEvent] = []
        for _ in 0..<Int(seconds * 10) { events += s.advance(by: 0.1).events }
        return events
    }

    func notes(_ events: [KioskEvent]) -> [UpdateNote] {
        events.compactMap { if case .update(let note) = $0 { note } else { nil } }
    }

    func refusal(_ events: [KioskEvent]) -> String? {
        events.compactMap { if case .command(_, let refusal, _) = $0 { refusal } else { nil } }.first
    }
    @Test("the URL comes as a JSON string or {\"url\"}; anything but http(s), printable, short is refused")
    func reads() {
        func read(_ payload: String) -> Result<RemoteCommand, RemoteRefusal> {
            RemoteCommand.read(RemoteMessage(what: "update", payload: Array(payload.utf8)))
        }
        #expect(read("\"http://10.0.2.2:8080/v2.raucb\"") == .success(.update(url: "http://10.0.2.2:8080/v2.raucb")))
        #expect(read("{\"url\": \"https://updates.example/k.raucb\"}") == .success(.update(url: "https://updates.example/k.raucb")))
        for bad in ["", "{}", "42", "\"file:///etc/shadow\"", "\"http://a b\"", "\"https://x/\\u0007\"",
                    "\"http://\(String(repeating: "a", count: 2100))\"", "\"http://x/b[1-999999999].raucb\"", "\"http://x/{a,b}.raucb\""] {
            guard case .failure = read(bad) else { Issue.record("took \(bad.prefix(40))"); continue }
        }
    }

    @Test("off by default, and refused where there is no updater (not the kiosk image)")
    func gate() {
        var off = session(updates: .none)
        #expect(refusal(update(&off, "\"http://h/b.raucb\"")) == "fleet updates are off ([mqtt] updates = \"none\")")
        var package = session(hasUpdater: false)
        #expect(refusal(update(&package, "\"http://h/b.raucb\""))?.hasPrefix("this system has no A/B updater") == true)
        #expect(off.fleetUpdate == nil && package.fleetUpdate == nil)
    }

    @Test("taken during a countdown, installed only once nobody uses the kiosk, rebooted into at the next idle moment")
    func waitsForIdle() {
        var s = session()
        // A person starts a countdown at the kiosk.
        let centre = Self.layout.turn.window(Self.layout.center)
        _ = s.pointer(PointerEvent(.down, finger: 0, at: centre, time: s.clock))
        _ = run(&s, seconds: 0.1)
        _ = s.pointer(PointerEvent(.up, finger: 0, at: centre, time: s.clock))
        #expect(s.timer.isActive)
        let taken = update(&s, "\"http://10.0.2.2:8080/v2.raucb\"")
        #expect(refusal(taken) == nil)
        #expect(notes(taken) == [.waiting(url: "http://10.0.2.2:8080/v2.raucb")])
        #expect(notes(run(&s, seconds: 60)).isEmpty, "nothing while the countdown runs")
        // The person holds Stop: cancelled. Still in use for 30 s.
        let stop = Self.layout.turn.window(Self.layout.stopCenter)
        _ = s.pointer(PointerEvent(.down, finger: 0, at: stop, time: s.clock))
        _ = run(&s, seconds: 3)
        _ = s.pointer(PointerEvent(.up, finger: 0, at: stop, time: s.clock))
        #expect(!s.timer.isActive)
        #expect(notes(run(&s, seconds: KioskSession.inUseSeconds - 5)).isEmpty, "nothing while the screen is in use")
        #expect(notes(run(&s, seconds: 6)) == [.installing(url: "http://10.0.2.2:8080/v2.raucb")])
        #expect(refusal(update(&s, "\"http://h/other.raucb\"")) == "an update is being installed")
        #expect(notes(s.updaterReported(FleetUpdateReport(result: "installing")).events).isEmpty)
        #expect(notes(s.updaterReported(FleetUpdateReport(result: "installed", version: "v2")).events) == [.installed(version: "v2")])
        // A touch just then: the reboot waits until the kiosk is idle again.
        _ = s.pointer(PointerEvent(.down, finger: 0, at: Point(x: 700, y: 400), time: s.clock))
        _ = run(&s, seconds: 0.1)
        _ = s.pointer(PointerEvent(.up, finger: 0, at: Point(x: 700, y: 400), time: s.clock))
        #expect(notes(run(&s, seconds: KioskSession.inUseSeconds - 1)).isEmpty)
        #expect(notes(run(&s, seconds: 2)) == [.rebooting])
        #expect(s.updateReport == FleetUpdateReport(result: "installed", version: "v2"))
    }

    @Test("a failed install is told and ends the update; the next one is taken")
    func fails() {
        var s = session()
        _ = update(&s, "\"http://h/bad.raucb\"")
        #expect(notes(run(&s, seconds: 1)) == [.installing(url: "http://h/bad.raucb")])
        #expect(notes(s.updaterReported(FleetUpdateReport(result: "failed", message: "signature verification failed")).events)
                == [.failed("signature verification failed")])
        #expect(s.fleetUpdate == nil)
        #expect(refusal(update(&s, "\"http://h/good.raucb\"")) == nil)
    }
}
