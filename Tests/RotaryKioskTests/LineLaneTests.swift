import Foundation
import Glibc
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The lane between the kiosk and a reader: a full pipe costs the oldest lines (counted),
/// never the sender's time; a replay's lane writes every line; a reader gone ends the output.
@Suite("Output lanes")
struct LineLaneTests {
    /// A pipe whose write end is non-blocking-free (as stdout is) and whose read end the test reads.
    final class TestPipe: @unchecked Sendable {
        private(set) var read: Int32
        private(set) var write: Int32
        init() throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            (read, write) = (fds[0], fds[1])
        }
        /// Closes the write end: the reader then sees the end.
        func closeWriter() {
            close(write)
            write = -1
        }
        /// Closes the read end now, as a reader that goes away does.
        func closeReader() {
            close(read)
            read = -1
        }
        /// The lines read until `count` lines came.
        func readLines(_ count: Int) -> [String] {
            var text = ""
            while text.filter({ $0 == "\n" }).count < count, let chunk = readChunk(waiting: 10_000) { text += chunk }
            return text.split(separator: "\n").map(String.init)
        }

        /// Reads on a thread of its own until ``Reading/finish()`` closes the write end.
        func readInBackground() -> Reading { Reading(self) }

        /// A read running on its own thread.
        final class Reading: @unchecked Sendable {
            private let pipe: TestPipe
            private let done = DispatchSemaphore(value: 0)
            private var text = ""
            init(_ pipe: TestPipe) {
                self.pipe = pipe
                Thread { [self] in
                    while let chunk = pipe.readChunk(waiting: -1) { text += chunk }
                    done.signal()
                }.start()
            }
            /// Closes the write end and returns every line that came.
            func finish() -> [String] {
                pipe.closeWriter()
                done.wait()
                return text.split(separator: "\n").map(String.init)
            }
        }

        /// What one read brings, waiting at most `milliseconds` for it; nil when nothing came.
        fileprivate func readChunk(waiting milliseconds: Int32) -> String? {
            var ready = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, milliseconds) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let got = Glibc.read(read, &buffer, buffer.count)
            return got > 0 ? String(decoding: buffer[..<got], as: UTF8.self) : nil
        }
        deinit {
            if read >= 0 { close(read) }
            if write >= 0 { close(write) }
        }
    }

    /// What a lane told of its trouble, in order.
    final class TroubleLog: @unchecked Sendable {
        private let condition = NSCondition()
        private var told: [LineLane.Trouble] = []
        var items: [LineLane.Trouble] {
            condition.lock()
            defer { condition.unlock() }
            return told
        }
        func add(_ trouble: LineLane.Trouble) {
            condition.lock()
            told.append(trouble)
            condition.broadcast()
            condition.unlock()
        }
        /// Waits (at most 10 s) until `count` troubles were told; all so far.
        func wait(for count: Int) -> [LineLane.Trouble] {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(10)
            while told.count < count, condition.wait(until: deadline) {}
            return told
        }
    }

    @Test("a full pipe: sending never waits, the oldest lines go, and the count is told once writing goes on")
    func dropsOldest() throws {
        let pipe = try TestPipe()
        #expect(fcntl(pipe.write, 1031 /* F_SETPIPE_SZ */, Int32(4096)) == 4096)
        let troubles = TroubleLog()
        let lane = LineLane(descriptor: pipe.write, capacityBytes: 1000, whenFull: .dropOldest) { troubles.add($1) }
        // 100 kB into a pipe of 4 kB and a queue of 1 kB that nobody reads yet.
        let sent = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<1000 { lane.send(String(format: "%04d", index) + String(repeating: "x", count: 95)) }
            sent.signal()
        }.start()
        #expect(sent.wait(timeout: .now() + 10) == .success, "sending waited for the reader")
        // Now read: everything left is written, each drop told before the lane is idle.
        let reading = pipe.readInBackground()
        #expect(lane.flush(upTo: 10))
        let received = reading.finish()
        let dropped = troubles.items.map { if case .dropped(let count) = $0 { count } else { 0 } }.reduce(0, +)
        #expect(dropped > 900, "\(troubles.items)")
        #expect(received.count + dropped == 1000)
        #expect(received.last?.hasPrefix("0999") == true, "the newest line is kept")
        #expect(received == received.sorted(), "in order: \(received.prefix(3)) … \(received.suffix(3))")
    }

    @Test("a replay's lane waits for room and writes every line in order")
    func waitWritesAll() throws {
        let pipe = try TestPipe()
        #expect(fcntl(pipe.write, 1031 /* F_SETPIPE_SZ */, Int32(4096)) == 4096)
        let lane = LineLane(descriptor: pipe.write, capacityBytes: 1000, whenFull: .wait(unless: { false })) { _, _ in }
        let sent = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<5000 { lane.send("line \(index)") }
            sent.signal()
        }.start()
        // 49 kB into a pipe of 4 kB and a queue of 1 kB that nobody reads yet: the sender must
        // wait for room (a lane that dropped lines would be done at once).
        #expect(sent.wait(timeout: .now() + 1) == .timedOut, "the sender did not wait for room")
        let received = pipe.readLines(5000)
        #expect(received == (0..<5000).map { "line \($0)" }, "\(received.count) lines, first \(received.prefix(2))")
    }

    @Test("a reader gone: the lane closes, says why once, and drops what comes after")
    func brokenPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = try TestPipe()
        pipe.closeReader()
        let troubles = TroubleLog()
        let lane = LineLane(descriptor: pipe.write, whenFull: .dropOldest) { troubles.add($1) }
        lane.send("first")
        #expect(troubles.wait(for: 1) == [.closed(reason: "the reader went away (broken pipe)")])
        lane.send("second")
        #expect(lane.flush(upTo: 1) == false)
        #expect(troubles.items.count == 1)
    }
}
