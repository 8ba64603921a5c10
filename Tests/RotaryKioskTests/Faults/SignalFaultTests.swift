import Foundation
import Testing

/// Signals whose default action would end the kiosk without a word, through the real
/// executable running live (`--headless`).
@Suite("Faults: signals")
struct SignalFaultTests {
    /// The test runner's threads block some signals, which a child inherits: the kiosk is
    /// started with them unblocked, as systemd or a shell starts it.
    static let unblocking = ["/usr/bin/python3", "-c", "import os, signal, sys\n"
                             + "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGHUP})\n"
                             + "os.execv(sys.argv[1], sys.argv[1:])"]

    static func kiosk() throws -> HeadlessKiosk {
        let dir = try KioskProcess.temporaryDirectory()
        return try HeadlessKiosk(config: try ConfigText.write(ConfigText.programs(["Sauna", "Steam bath"]), as: "k.toml", in: dir),
                                 wrapper: unblocking)
    }

    @Test("SIGUSR1, SIGUSR2 and SIGALRM are ignored: the kiosk goes on and still ends cleanly on SIGTERM")
    func ignored() throws {
        let kiosk = try Self.kiosk()
        #expect(kiosk.wait(for: { $0["event"] as? String == "ready" }) != nil, "\(kiosk.log)")
        for signal in [SIGUSR1, SIGUSR2, SIGALRM] { kill(kiosk.process.processIdentifier, signal) }
        // Had one of them ended it, SIGTERM would find it gone: no exit line, ended by a signal.
        #expect(kiosk.stop() == 0, "\(kiosk.log)")
        #expect(kiosk.process.terminationReason == .exit)
        #expect(kiosk.events.contains { $0["event"] as? String == "exit" }, "\(kiosk.log)")
    }

    @Test("SIGHUP ends the kiosk cleanly, with its exit line (systemd then starts it on the config as it is now)")
    func hangUp() throws {
        let kiosk = try Self.kiosk()
        #expect(kiosk.wait(for: { $0["event"] as? String == "ready" }) != nil, "\(kiosk.log)")
        kill(kiosk.process.processIdentifier, SIGHUP)
        #expect(kiosk.wait(for: { $0["event"] as? String == "exit" }) != nil, "\(kiosk.log)")
        kiosk.process.waitUntilExit()
        #expect(kiosk.process.terminationReason == .exit)
        #expect(kiosk.process.terminationStatus == 0)
    }
}
