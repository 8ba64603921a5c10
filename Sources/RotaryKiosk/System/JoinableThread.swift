import CThread
import Foundation
import Glibc

/// A thread that can be waited for, with a deadline. Foundation's `Thread` cannot be joined:
/// a link that says it stopped may still be running its thread's last lines, and a process
/// that exits then skips the thread's exit handlers (OpenSSL frees its per-thread state
/// there, so LeakSanitizer saw the TLS link's ~10 KB as leaked).
final class JoinableThread: @unchecked Sendable {
    private var thread = pthread_t()
    /// What the thread runs; let go of once it has run, so what it holds (often the owner of
    /// this thread) is not kept alive by it.
    private var body: (() -> Void)?
    /// Guards `joined`.
    private let lock = NSLock()
    private var joined = false

    /// Starts `body` on a new thread called `name` (at most 15 bytes reach the kernel).
    /// Throws when the system has no thread to give.
    init(name: String, _ body: @escaping () -> Void) throws {
        self.body = body
        let box = Unmanaged.passRetained(self)
        let started = pthread_create(&thread, nil, { raw in
            let me = Unmanaged<JoinableThread>.fromOpaque(raw!).takeRetainedValue()
            me.body?()
            me.body = nil
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EAGAIN)
        }
        pthread_setname_np(thread, String(name.utf8.prefix(15)) ?? "rotary")
    }

    /// A thread never joined is detached, so the system takes it back when it ends.
    deinit {
        if !joined { pthread_detach(thread) }
    }

    /// Waits until the thread has ended and its exit handlers have run, or until `deadline`
    /// (counted on the monotonic clock, so a wall-clock jump neither cuts nor stretches the
    /// wait); returns whether it ended. A thread still running then is left to run, detached.
    @discardableResult
    func join(until deadline: Date) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !joined else { return true }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let wait = max(0, deadline.timeIntervalSinceNow)
        let nanoseconds = now.tv_nsec + Int(wait.truncatingRemainder(dividingBy: 1) * 1e9)
        var limit = timespec(tv_sec: now.tv_sec + Int(wait) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        let ended = pthread_clockjoin_np(thread, nil, CLOCK_MONOTONIC, &limit) == 0
        if !ended { pthread_detach(thread) }
        joined = true
        return ended
    }
}
