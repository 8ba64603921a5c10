import Foundation
@testable import RotaryKiosk
import Testing

@Suite("A thread that can be waited for")
struct JoinableThreadTests {
    final class Payload: @unchecked Sendable {}

    @Test("join returns once the body has run, and the body (with what it holds) is let go of")
    func joinsAndLetsGo() throws {
        weak var held: Payload?
        let ran = NSLock()
        var didRun = false
        let thread: JoinableThread = try {
            let payload = Payload()
            held = payload
            return try JoinableThread(name: "rotary-test") {
                withExtendedLifetime(payload) { ran.withLock { didRun = true } }
            }
        }()
        #expect(thread.join(until: Date().addingTimeInterval(30)))
        #expect(ran.withLock { didRun })
        #expect(held == nil, "the body still held what it captured after the thread ended")
        #expect(thread.join(until: Date()), "a second join says the thread ended")
    }

    @Test("join gives up at its deadline while the body still runs, and the thread runs on")
    func givesUpAtTheDeadline() throws {
        let gate = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let thread = try JoinableThread(name: "rotary-test") {
            gate.wait()
            finished.signal()
        }
        #expect(!thread.join(until: Date().addingTimeInterval(0.05)))
        gate.signal()
        #expect(finished.wait(timeout: .now() + 30) == .success)
    }
}
