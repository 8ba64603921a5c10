import Foundation
import RotaryKit
import Testing
@testable import RotaryKiosk

/// Builds the operator's gestures for a replay at one window size.
struct ServiceTrace {
    let width: Double, height: Double
    var trace = Trace()

    init(width: Double = 800, height: Double = 480) {
        self.width = width
        self.height = height
    }

    /// Two fingers on opposite corners for `seconds`, then lifted.
    mutating func cornerHold(seconds: Double = 5.2) {
        trace.point("down", Point(x: 10, y: 10), finger: 1)
        trace.point("down", Point(x: width - 10, y: height - 10), finger: 2)
        trace.wait(seconds * 1000)
        trace.point("up", Point(x: 10, y: 10), finger: 1)
        trace.point("up", Point(x: width - 10, y: height - 10), finger: 2)
    }

    /// A tap at `p` after a short pause.
    mutating func tap(_ p: Point) {
        trace.wait(250)
        trace.point("down", p, finger: 3)
        trace.wait(80)
        trace.point("up", p, finger: 3)
    }

    /// `pin` on the keypad, then OK.
    mutating func enter(_ pin: String) {
        let screen = ServiceScreen(width: width, height: height, page: .pin, brightness: nil, volume: 0.5)
        for key in pin.map(String.init) + ["ok"] {
            tap(screen.keyCenter(ServiceScreen.keyLabels.firstIndex(of: key)!))
        }
    }

    /// A tap on the menu's tab `tab` (the strip scrolls it under its marker).
    mutating func open(_ tab: ServiceTab) {
        let screen = ServiceScreen(width: width, height: height, page: .menu(.display), brightness: nil, volume: 0.5)
        let strip = screen.panel.strips[0]
        tap(Point(x: strip.itemCenterX(tab.rawValue), y: screen.stripRect.center.y))
        trace.wait(1500)
    }

    /// A tap on the button `id` of the menu's `tab`.
    mutating func press(_ id: String, on tab: ServiceTab) {
        let screen = ServiceScreen(width: width, height: height, page: .menu(tab), brightness: nil, volume: 0.5)
        guard case .button(let index)? = screen.panel.ref(of: id) else { fatalError("no \(id) on \(tab)") }
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
        t.press(ServiceScreen.quitID, on: .exit)
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
