import CThread
import Foundation
import Glibc

/// A thread that can be waited for. Foundation's `Thread` cannot be joined: a link that says
/// it stopped may still be running its thread's last lines, and a process that exits then
/// skips the thread's exit handlers (OpenSSL frees its per-thread state there, so
/// LeakSanitizer saw the TLS link's ~10 KB as leaked). The owner joins it once the body has
/// said it is done (so the join waits only for the thread's exit), or detaches it.
final class JoinableThread: @unchecked Sendable {
    private var thread = pthread_t()
    /// What the thread runs; let go of once it has run, so what it holds (often the owner of
    /// this thread) is not kept alive by it.
    private var body: (() -> Void)?
    /// Guards `settled`.
    private let lock = NSLock()
    /// Whether the thread was joined or detached (each may happen once).
    private var settled = false

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
            settled = true  // no thread to detach: deinit runs for a throwing init too
            throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EAGAIN)
        }
        pthread_setname_np(thread, String(name.utf8.prefix(15)) ?? "rotary")
    }

    /// A thread neither joined nor detached is detached, so the system takes it back.
    deinit { settle(join: false) }

    /// Waits until the thread has ended and its exit handlers have run. Only for a thread
    /// whose body has said it is leaving: this waits as long as the body runs.
    func join() { settle(join: true) }

    /// Lets the thread run on by itself; the system takes it back when it ends.
    func detach() { settle(join: false) }

    private func settle(join: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        if join { pthread_join(thread, nil) } else { pthread_detach(thread) }
    }
}
