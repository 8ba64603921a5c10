import Foundation
import RotaryKit
import RotarySDL
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Builds the operator's gestures for a replay at one window size, on the service screen
/// the app lays out there (tabs measured in the default theme's font, as the app does).
struct ServiceTrace {
    let width: Double, height: Double
    let layout: ScreenLayout
    var trace = Trace()
    /// Where the panel reports a finger the person puts on a point (by default, there).
    var reported: (Point) -> Point = { $0 }

    init(width: Double = 800, height: Double = 480) {
        self.width = width
        self.height = height
        layout = OffscreenRendering.withFonts { try! ScreenLayout(width: width, height: height).measuringServiceTabs(with: $0, words: KioskLocale.english.service) }
    }

    func screen(_ page: ServicePage) -> ServiceScreen {
        ServiceScreen(layout: layout, page: page, levels: OperatorLevels(brightness: nil, volume: 0.5), locale: .english)
    }

    /// Two fingers on opposite corners for `seconds`, then lifted.
    mutating func cornerHold(seconds: Double = 5.2) {
        let topLeft = reported(Point(x: 10, y: 10)), bottomRight = reported(Point(x: width - 10, y: height - 10))
        trace.point("down", topLeft, finger: 1)
        trace.point("down", bottomRight, finger: 2)
        trace.wait(seconds * 1000)
        trace.point("up", topLeft, finger: 1)
        trace.point("up", bottomRight, finger: 2)
    }

    /// A tap at `p` after a short pause.
    mutating func tap(_ p: Point) {
        trace.wait(250)
        trace.point("down", reported(p), finger: 3)
        trace.wait(80)
        trace.point("up", reported(p), finger: 3)
    }

    /// `pin` on the keypad, then OK.
    mutating func enter(_ pin: String) {
        let screen = self.screen(.pin)
        for key in pin.compactMap(\.wholeNumberValue).map(PadKey.digit) + [.ok] {
            tap(screen.keyCenter(PadKey.pad.firstIndex(of: key)!))
        }
    }

    /// Taps from the first tab to `tab`, each on the name next to the one under the strip's
    /// marker (the strip scrolls it there).
    mutating func open(_ tab: ServiceTab) {
        let screen = self.screen(.menu(.display))
        var strip = screen.panel.strips[0]
        for index in 1...max(1, tab.rawValue) {
            strip.place(atCoordinate: Double(index - 1))
            tap(Point(x: strip.itemCenterX(index), y: screen.stripRect.center.y))
            trace.wait(1500)
        }
    }

    /// A tap on the button `id` of the menu's `tab`.
    mutating func press(_ control: ServiceControl, on tab: ServiceTab) {
        let screen = self.screen(.menu(tab))
        guard case .button(let index)? = screen.panel.ref(of: control.id) else { fatalError("no \(control) on \(tab)") }
        tap(screen.panel.buttons[index].center)
    }
}

@Suite("Service screen: the corner hold, the PIN, the lock and the timeout, through the executable")
struct ServiceScreenTests {
    static let pin = "2468"

    /// A config with one program and `pinHash` under `[admin]`.
    static func config(pinHash: String?, in dir: URL) throws -> String {
        let admin = pinHash.map { "[admin]\npin_hash = \"\($0)\"\n" } ?? ""
        return try ConfigText.write(ConfigText.programs(["Sauna"], minutes: 1, extra: "[dial]\nvalues = [1, 2, 5]\n" + admin),
                                    as: "kiosk.toml", in: dir)
    }

    static func actions(_ run: ReplayRun) -> [String] {
        run.named("service").compactMap { $0["action"] as? String }
    }

    @Test("without a PIN the corner hold opens the menu; Quit on its Exit tab ends the app")
    func quitFromMenu() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = ServiceTrace()
        t.cornerHold()
        t.open(.exit)
        t.press(.quit, on: .exit)
        t.trace.wait(60_000)
        t.trace.stamp()  // the replay would run on to here, were the app not quitting
        let run = try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", try Self.config(pinHash: nil, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.actions(run) == ["opened", "closed"])
        #expect(run.named("service").last?["reason"] as? String == "quit")
        let exitAt = (run.named("exit").first?["t"] as? NSNumber)?.doubleValue ?? .infinity
        #expect(exitAt < 20_000, "the app quit when asked, not at the end of the trace")
    }

    @Test("a wrong PIN four times is counted down, the fifth locks entry for 60 s with an error; the right PIN opens after the lock")
    func pinAndLock() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let hash = try PinHash.make(pin: Self.pin)
        var t = ServiceTrace()
        t.cornerHold()
        for _ in 0..<5 { t.enter("1111") }
        t.enter(Self.pin)            // locked: refused
        t.trace.wait(61_000)         // the PIN pad closes by itself after 30 s alone; the lock outlives it
        t.cornerHold()
        t.enter(Self.pin)
        let run = try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", try Self.config(pinHash: hash, in: dir)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.actions(run) == ["pin_asked", "pin_rejected", "pin_rejected", "pin_rejected", "pin_rejected",
                                      "locked_out", "closed", "pin_asked", "opened"])
        #expect(run.named("service").compactMap { ($0["tries_left"] as? NSNumber)?.intValue } == [4, 3, 2, 1])
        #expect(run.named("service").compactMap { $0["reason"] as? String } == ["timeout"])
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("5 wrong PINs") == true })
        #expect(!run.rawEvents.contains("pin."), "no keypad key leaves as an event")
    }

    @Test("the wrong-PIN lock and count outlive a restart: pulling the plug gives a guesser no fresh tries")
    func lockAcrossRestarts() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let config = try Self.config(pinHash: try PinHash.make(pin: Self.pin), in: dir)
        func run(_ build: (inout ServiceTrace) -> Void) throws -> ReplayRun {
            var t = ServiceTrace()
            t.cornerHold()
            build(&t)
            let run = try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", config, "--state-dir", state])
            #expect(run.status == 0, "\(run.stderr)")
            return run
        }
        // Five wrong PINs lock entry; the kiosk restarts at once: the right PIN is still refused.
        let locking = try run { for _ in 0..<5 { $0.enter("1111") } }
        #expect(Self.actions(locking) == ["pin_asked", "pin_rejected", "pin_rejected", "pin_rejected", "pin_rejected", "locked_out"])
        let locked = try run { $0.enter(Self.pin) }
        #expect(Self.actions(locked) == ["pin_asked"], "\(locked.named("service"))")
        // Four wrong PINs, a restart, one more wrong: that fifth locks.
        try FileManager.default.removeItem(atPath: state)
        _ = try run { for _ in 0..<4 { $0.enter("1111") } }
        let fifth = try run { $0.enter("1111") }
        #expect(Self.actions(fifth) == ["pin_asked", "locked_out"], "\(fifth.named("service"))")
    }

    @Test("the menu closes by itself after 2 minutes without a touch, and the kiosk screen is back")
    func menuTimeout() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = ServiceTrace()
        t.cornerHold()
        t.trace.wait(130_000)
        t.trace.stamp()
        let run = try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", try Self.config(pinHash: nil, in: dir)])
        #expect(Self.actions(run) == ["opened", "closed"])
        let opened = (run.named("service")[0]["t"] as? NSNumber)?.doubleValue ?? 0
        let closed = (run.named("service")[1]["t"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(closed - opened - 120_000) < 50, "120 s after it opened, the last touch")
        #expect(run.named("exit").first?["service"] == nil)
    }

    @Test("a countdown keeps running under the service screen: it finishes there and its hooks' events fire")
    func countdownUnderneath() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = ServiceTrace()
        t.tap(ScreenLayout(width: 800, height: 480, hasSetting: false).center)  // Start: Sauna, 1 minute
        t.cornerHold()
        t.trace.wait(70_000)
        t.trace.stamp()
        let run = try ReplayRun.run(t.trace.text, size: "800x480", extra: ["--config", try Self.config(pinHash: nil, in: dir)])
        let states = run.named("timer").compactMap { $0["state"] as? String }
        #expect(states.prefix(2) == ["running", "finished"])
        #expect(Self.actions(run) == ["opened"], "the service screen stayed: it shows the countdown's state in its title")
        #expect(run.named("exit").first?["service"] as? String == "display")
    }
}

@Suite("Service PIN: hash-pin and pin_hash")
struct ServicePinTests {
    /// Runs `rotary-kiosk hash-pin` with `input` on standard input.
    static func hashPin(_ input: String) throws -> KioskProcess.Outcome {
        let process = Process()
        process.executableURL = KioskProcess.executable
        process.arguments = ["hash-pin"]
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return KioskProcess.Outcome(status: process.terminationStatus,
                                    stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                                    stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("hash-pin prints a salted yescrypt line that checks the PIN and no other; each run salts anew")
    func hashPin() throws {
        let first = try Self.hashPin("2468\n"), second = try Self.hashPin("2468\n")
        #expect(first.status == 0)
        let hash = first.stdout.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
        #expect(first.stdout.hasPrefix("pin_hash = \"$y$"))
        #expect(!first.stdout.contains("2468"))
        #expect(first.stdout != second.stdout)
        #expect(PinHash.matches(pin: "2468", hash: hash))
        #expect(!PinHash.matches(pin: "2469", hash: hash))
        #expect(!PinHash.matches(pin: "", hash: hash))
    }

    @Test("hash-pin refuses what is not 4 to 8 digits, saying why", arguments: ["12a4", "123", "123456789", ""])
    func refused(pin: String) throws {
        let outcome = try Self.hashPin(pin + "\n")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("hash-pin: a PIN"))
    }

    @Test("a pin_hash that is no hash is a config error naming the key; a good one is accepted")
    func configKey() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let bad = try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[admin]\npin_hash = \"2468\"\n"), as: "bad.toml", in: dir)
        let refused = try KioskProcess.runHeadless(["check-config", bad])
        #expect(refused.status != 0)
        #expect((refused.stdout + refused.stderr).contains("admin.pin_hash"))
        let good = try ServiceScreenTests.config(pinHash: try PinHash.make(pin: "2468"), in: dir)
        let accepted = try KioskProcess.runHeadless(["check-config", good])
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
    }
}

@Suite("Service screen: brightness, dimming and volume, with a backlight in a folder of plain files")
struct ServiceLevelsTests {
    /// A fake `/sys/class/backlight` with `panel_bl` at `brightness` of 255.
    static func backlight(brightness: Int, in dir: URL) throws -> String {
        let root = dir.appendingPathComponent("backlight"), device = root.appendingPathComponent("panel_bl")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try "255\n".write(to: device.appendingPathComponent("max_brightness"), atomically: true, encoding: .utf8)
        try "\(brightness)\n".write(to: device.appendingPathComponent("brightness"), atomically: true, encoding: .utf8)
        try "0\n".write(to: device.appendingPathComponent("bl_power"), atomically: true, encoding: .utf8)
        return root.path
    }

    static func read(_ root: String, _ file: String) -> String {
        ((try? String(contentsOfFile: root + "/panel_bl/" + file, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The values of the `service` lines with `action`.
    static func values(of action: String, in run: ReplayRun) -> [Double] {
        run.named("service").filter { $0["action"] as? String == action }.compactMap { ($0["value"] as? NSNumber)?.doubleValue }
    }

    static func config(in dir: URL, backlight: String = "panel_bl", dimAfter: Int = 600) throws -> String {
        try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[display]\nbacklight = \"\(backlight)\"\ndim_after_seconds = \(dimAfter)\n"),
                             as: "kiosk.toml", in: dir)
    }

    /// The corner hold, then Tab to the Display tab's knob (or, `onSound`, the Sound tab's
    /// arc) and `steps` presses of `key`.
    static func turn(steps: Int, key: String = "Right", onSound: Bool = false) -> ServiceTrace {
        var t = ServiceTrace()
        t.cornerHold()
        if onSound {
            t.trace.wait(300)
            t.trace.key("Right")
            t.trace.wait(1500)
        }
        t.trace.wait(300)
        t.trace.key("Tab")
        for _ in 0..<steps {
            t.trace.wait(200)
            t.trace.key(key)
        }
        t.trace.wait(500)
        t.trace.stamp()
        return t
    }

    @Test("full brightness at first; the knob sets the backlight, the level is remembered and put back at the next start")
    func brightnessRemembered() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try Self.backlight(brightness: 40, in: dir)
        let state = dir.appendingPathComponent("state").path
        let environment = ["ROTARY_BACKLIGHT_DIR": root]
        let config = try Self.config(in: dir)
        let run = try ReplayRun.run(Self.turn(steps: 2, key: "Left").trace.text, size: "800x480", extra: ["--config", config, "--state-dir", state],
                                    environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let values = Self.values(of: "brightness", in: run)
        #expect(abs((values.last ?? 0) - 0.9) < 1e-9, "100 % less two steps of 5 %: \(values)")
        #expect(Self.read(root, "brightness") == "230")  // 0.9 × 255
        try "100\n".write(toFile: root + "/panel_bl/brightness", atomically: true, encoding: .utf8)  // changed behind its back
        var idle = Trace()
        idle.wait(200)
        idle.stamp()
        let again = try ReplayRun.run(idle.text, size: "800x480", extra: ["--config", config, "--state-dir", state],
                                      environment: environment)
        #expect(again.status == 0)
        #expect(Self.read(root, "brightness") == "230", "the remembered level is put back at start")
    }

    @Test("live, dimming lowers the real backlight to a fifth, not the picture; a touch brings it back, and so does the app ending")
    func dimmingLowersBacklight() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try Self.backlight(brightness: 255, in: dir)
        let events = dir.appendingPathComponent("events.jsonl").path
        let file = root + "/panel_bl/brightness"
        try XvfbDriver.run(arguments: ["--windowed", "--size", "600x600", "--config", try Self.config(in: dir, dimAfter: 10)],
                           events: events, drive: """
            \(XvfbDriver.waitUntil(file, reads: "51", seconds: 20))
            cat "\(file)" > "\(dir.path)/dimmed"
            \(XvfbDriver.click(x: 580, y: 580))
            \(XvfbDriver.waitUntil(file, reads: "255", seconds: 5))
            cat "\(file)" > "\(dir.path)/woken"
            xdotool key --window "$wid" Tab
            \(XvfbDriver.waitUntil(file, reads: "51", seconds: 20))
            kill -TERM $app
            wait $app
            """, environment: ["ROTARY_BACKLIGHT_DIR": root])
        func read(_ name: String) -> String {
            ((try? String(contentsOfFile: dir.appendingPathComponent(name).path, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(read("dimmed") == "51")  // 255 / 5
        #expect(read("woken") == "255")
        #expect(Self.read(root, "brightness") == "255", "dimmed again when SIGTERM came, the app put the operator's level back")
        let lines = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        #expect(lines.contains("\"exit\""))
    }

    @Test("without a backlight, dimming darkens the picture instead")
    func dimmingWithoutBacklight() throws {
        let dir = try KioskProcess.temporaryDirectory()
        var t = Trace()
        t.wait(12_000)
        t.stamp()
        let picture = dir.appendingPathComponent("dim.png").path
        let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", try Self.config(in: dir, backlight: "none", dimAfter: 10),
                                                                     "--screenshot", picture])
        #expect(run.status == 0)
        let corner = try RotarySDLSurface.load(picture).pixel(x: 795, y: 475)
        let sum = Int(corner.r) + Int(corner.g) + Int(corner.b)
        #expect(sum < 30, "the background (15, 18, 26) is darkened")
    }

    @Test("a replay leaves the machine's own backlight alone unless the config names one; a named one that is missing is an error")
    func replaysAndMissing() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let root = try Self.backlight(brightness: 255, in: dir)
        var t = Trace()
        t.wait(12_000)
        t.stamp()
        let auto = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", try Self.config(in: dir, backlight: "auto", dimAfter: 10)],
                                     environment: ["ROTARY_BACKLIGHT_DIR": root])
        #expect(auto.status == 0)
        #expect(Self.read(root, "brightness") == "255")
        let missing = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", try Self.config(in: dir, backlight: "other")],
                                        environment: ["ROTARY_BACKLIGHT_DIR": root])
        #expect(missing.status == 0)
        #expect(missing.named("error").contains { ($0["message"] as? String)?.contains("no backlight \"other\"") == true })
    }

    @Test("the volume arc's level is reported and remembered in operator.json")
    func volumeRemembered() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let state = dir.appendingPathComponent("state").path
        let run = try ReplayRun.run(Self.turn(steps: 3, onSound: true).trace.text, size: "800x480",
                                    extra: ["--config", try Self.config(in: dir, backlight: "none"), "--state-dir", state])
        #expect(run.status == 0, "\(run.stderr)")
        let volume = Self.values(of: "volume", in: run)
        #expect(abs((volume.last ?? 0) - 0.65) < 1e-9, "50 % and three steps of 5 %: \(volume)")
        let data = try Data(contentsOf: URL(fileURLWithPath: state + "/operator.json"))
        let saved = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let savedVolume = (saved["volume"] as? NSNumber)?.doubleValue ?? 0
        #expect(abs(savedVolume - 0.65) < 1e-9)
        #expect(saved["brightness"] == nil)
    }
}

@Suite("Service screen: the touch test (pure)")
struct TouchTestPageTests {
    @Test("the touch test follows every finger by id until it lifts; ✕ goes back to the Touch tab")
    func fingers() {
        let layout = ScreenLayout(width: 800, height: 480)
        var s = KioskSession(screen: KioskScreen(layout: layout, programs: Program.demo, dialMinutes: Program.defaultDialMinutes),
                             settings: SessionSettings())
        func step(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { _ = s.advance(by: 1.0 / 60) } }
        func tap(_ p: Point, finger: Int = 9) {
            _ = s.pointer(PointerEvent(.down, finger: finger, at: p, time: s.clock))
            step(0.1)
            _ = s.pointer(PointerEvent(.up, finger: finger, at: p, time: s.clock))
            step(1.5)
        }
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: 5, y: 5), time: 0))
        _ = s.pointer(PointerEvent(.down, finger: 2, at: Point(x: 795, y: 475), time: 0))
        step(5.1)
        _ = s.pointer(PointerEvent(.up, finger: 1, at: Point(x: 5, y: 5), time: s.clock))
        _ = s.pointer(PointerEvent(.up, finger: 2, at: Point(x: 795, y: 475), time: s.clock))
        _ = s.key("Right")
        step(1)
        _ = s.key("Right")
        step(1.5)
        #expect(s.service?.screen.page == .menu(.touch))
        guard case .button(let test)? = s.service?.screen.panel.ref(of: ServiceControl.touchTest.id) else {
            Issue.record("no Test button on the Touch tab")
            return
        }
        tap(s.service!.screen.panel.buttons[test].center)
        #expect(s.service?.screen.page == .touchTest)
        _ = s.pointer(PointerEvent(.down, finger: 20, at: Point(x: 100, y: 300), time: s.clock))
        _ = s.pointer(PointerEvent(.down, finger: 21, at: Point(x: 500, y: 200), time: s.clock))
        _ = s.pointer(PointerEvent(.moved, finger: 21, at: Point(x: 520, y: 210), time: s.clock))
        step(0.1)  // a contact counts once it has lasted a few milliseconds (TouchFilter)
        #expect(s.service?.fingers == [20: Point(x: 100, y: 300), 21: Point(x: 520, y: 210)])
        _ = s.pointer(PointerEvent(.up, finger: 20, at: Point(x: 100, y: 300), time: s.clock))
        #expect(s.service?.fingers == [21: Point(x: 520, y: 210)])
        _ = s.pointer(PointerEvent(.up, finger: 21, at: Point(x: 520, y: 210), time: s.clock))
        tap(s.service!.screen.closeCenter)
        #expect(s.service?.screen.page == .menu(.touch))
        #expect(s.service?.fingers.isEmpty == true)
    }
}
