import Foundation
import Glibc

/// Proof that the kiosk draws, not only that its loop runs: a thread of its own watches the
/// render thread's presents. A present that has not returned within ``stallSeconds`` is a
/// page flip that will not complete (the panel keeps a frozen picture while the service looks
/// alive, and the loop, stuck in it, pets no watchdog): the watch says so on `stall` (an error
/// line) and ends the process with ``exitStatus``, so systemd starts the kiosk again at once
/// instead of after its watchdog's timeout, with the reason in the journal.
final class PresentWatch: @unchecked Sendable {
    /// The exit status of a stalled present (EX_SOFTWARE).
    static let exitStatus: Int32 = 70

    /// How long a present may take, in seconds.
    let stallSeconds: Double
    private let stall: @Sendable (String) -> Void
    private let condition = NSCondition()
    /// When the present under way started (nil: none is), on ``LiveLoop/seconds()``'s clock.
    private var started: Double?
    private var stopping = false
    private var thread: JoinableThread?

    /// A watch that calls `stall` with the reason, then ends the process, when a present
    /// takes longer than `stallSeconds`.
    init(stallSeconds: Double, stall: @escaping @Sendable (String) -> Void) {
        self.stallSeconds = stallSeconds
        self.stall = stall
    }

    /// Starts the watching thread.
    func start() throws {
        thread = try JoinableThread(name: "rotary-present") { [self] in watch() }
    }

    /// The render thread is about to present.
    func presenting() {
        condition.withLock {
            started = LiveLoop.seconds()
            condition.signal()
        }
    }

    /// The present returned.
    func presented() { condition.withLock { started = nil } }

    /// Ends the watching thread.
    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        thread?.join()
    }

    /// Sleeps while no present is under way (an idle kiosk wakes nothing), else until the
    /// present under way would be late.
    private func watch() {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            guard let started else {
                condition.wait()
                continue
            }
            let late = started + stallSeconds - LiveLoop.seconds()
            if late > 0 {
                _ = condition.wait(until: Date().addingTimeInterval(late + 0.01))
                continue
            }
            stall("the display has not taken a frame for \(Int(stallSeconds.rounded())) s: a page flip does not complete; "
                  + "the kiosk ends so that it is started again")
            _exit(Self.exitStatus)
        }
    }
}

/// A present that never returns, for the tests (`ROTARY_FAULT_STALL_PRESENT_AFTER=N`: the
/// present after the Nth blocks for ever, as a page flip the display never completes does).
enum PresentFault {
    /// The presents after which the next one stalls (nil: none does).
    static let stallAfter = ProcessInfo.processInfo.environment["ROTARY_FAULT_STALL_PRESENT_AFTER"].flatMap(Int.init)

    /// Blocks for ever when `presented` presents have been made and the fault asks for it.
    static func stallIfAsked(presented: Int) {
        guard let stallAfter, presented >= stallAfter else { return }
        while true { sleep(3600) }
    }
}
