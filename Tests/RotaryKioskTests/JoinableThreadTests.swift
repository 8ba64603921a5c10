import Foundation
@testable import RotaryKiosk
import Testing

@Suite("A thread that can be waited for")
struct JoinableThreadTests {
    final class Payload: @unchecked Sendable {}

    @Test("join returns once the body has run and the thread ended, and the body (with what it holds) is let go of")
    func joinsAndLetsGo() throws {
        weak var held: Payload?
        let gate = DispatchSemaphore(value: 0), ran = NSLock()
        var didRun = false
        let thread: JoinableThread = try {
            let payload = Payload()
            held = payload
            return try JoinableThread(name: "rotary-test") {
                gate.wait()
                withExtendedLifetime(payload) { ran.withLock { didRun = true } }
            }
        }()
        #expect(held != nil, "the body holds what it captured while it has not run")
        gate.signal()
        thread.join()
        #expect(ran.withLock { didRun })
        #expect(held == nil, "the body still held what it captured after the thread ended")
        thread.join()  // a second join does nothing (a second pthread_join would be undefined)
    }

    @Test("a detached thread runs on to its end")
    func detachedRunsOn() throws {
        let gate = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let thread = try JoinableThread(name: "rotary-test") {
            gate.wait()
            finished.signal()
        }
        thread.detach()
        gate.signal()
        #expect(finished.wait(timeout: .now() + 30) == .success)
    }
}
