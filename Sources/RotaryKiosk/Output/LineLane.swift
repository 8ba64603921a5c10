import Foundation
import Glibc

/// Lines on their way to one output (standard output, standard error, a file or a FIFO),
/// written by a thread of their own, so whoever makes a line never waits for whoever reads it.
///
/// The lines wait in a queue of at most ``capacityBytes``. When the reader is slow and the
/// queue is full, a live kiosk drops the oldest lines (``WhenFull/dropOldest``) and counts
/// them; `trouble` is told how many once writing goes on. A replay, which must write every
/// line, waits instead (``WhenFull/wait(unless:)``): its clock is virtual, so waiting costs it
/// nothing but time. When the reader has gone (`EPIPE`, or any other write error) the lane
/// closes: `trouble` is told once and later lines are thrown away. The process must ignore
/// SIGPIPE, or the kernel ends it at the first write to a closed pipe.
final class LineLane: @unchecked Sendable {
    /// What ``send(_:)`` does when the queue is full.
    enum WhenFull {
        /// Drop the oldest waiting lines to make room, and count them.
        case dropOldest
        /// Wait until there is room, or until `giveUp` says to stop waiting (checked ten
        /// times a second; then the line is dropped and counted).
        case wait(unless: @Sendable () -> Bool)
    }

    /// What went wrong with the output, for the log (told on the lane's thread).
    enum Trouble: Equatable {
        /// `count` lines were dropped because the reader was slow; writing goes on.
        case dropped(count: Int)
        /// The output cannot be written any more (`reason`: why); nothing more is written.
        case closed(reason: String)

        /// A log line about `output` ("event output", "the log").
        func message(about output: String) -> String {
            switch self {
            case .dropped(let count): "\(output): \(Plural.of(count, "line")) dropped: the reader did not keep up"
            case .closed(let reason): "\(output): no more lines are written: \(reason); the kiosk runs on"
            }
        }
    }

    /// The most bytes of lines that wait at once; a single longer line still goes, alone.
    let capacityBytes: Int
    private let descriptor: Int32
    private let whenFull: WhenFull
    private let trouble: @Sendable (LineLane, Trouble) -> Void
    private let condition = NSCondition()
    private var waiting: [String] = []
    private var first = 0
    private var waitingBytes = 0
    private var dropped = 0
    private var writing = false
    private var closed = false

    /// A lane to `descriptor` (kept open; the lane does not close it) holding at most
    /// `capacityBytes` of lines; `trouble` is told of drops and the end of the output, with
    /// the lane (a log may report its own drops).
    init(descriptor: Int32, capacityBytes: Int = 1 << 20, whenFull: WhenFull,
         trouble: @escaping @Sendable (LineLane, Trouble) -> Void) {
        self.descriptor = descriptor
        self.capacityBytes = capacityBytes
        self.whenFull = whenFull
        self.trouble = trouble
        let thread = Thread { [self] in drain() }
        thread.name = "rotary-output-\(descriptor)"
        thread.start()
    }

    /// Queues `line` (no newline: the lane adds one). Returns at once unless the queue is full
    /// and the lane waits (``WhenFull/wait(unless:)``).
    func send(_ line: String) {
        let bytes = line.utf8.count + 1
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        while waitingBytes + bytes > capacityBytes, first < waiting.count, !closed {
            switch whenFull {
            case .dropOldest:
                waitingBytes -= waiting[first].utf8.count + 1
                first += 1
                dropped += 1
                if first >= 256, first * 2 >= waiting.count {  // dropped lines hold no memory for long
                    waiting.removeFirst(first)
                    first = 0
                }
            case .wait(let giveUp):
                if giveUp() {
                    dropped += 1
                    return
                }
                _ = condition.wait(until: Date().addingTimeInterval(0.1))
            }
        }
        guard !closed else { return }
        waiting.append(line)
        waitingBytes += bytes
        condition.broadcast()
    }

    /// Waits until every line sent so far is written, the lane has closed (its `trouble` told
    /// first), `seconds` have passed (nil: no limit) or, for a lane that waits, its `giveUp`
    /// says to stop; whether everything was written.
    @discardableResult
    func flush(upTo seconds: Double?) -> Bool {
        let deadline = seconds.map { Date().addingTimeInterval($0) } ?? .distantFuture
        condition.lock()
        defer { condition.unlock() }
        while first < waiting.count || writing, !closed, Date() < deadline {
            if case .wait(let giveUp) = whenFull, giveUp() { break }
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
        }
        return first == waiting.count && !writing && !closed
    }

    // MARK: - The lane's thread

    private func drain() {
        while true {
            condition.lock()
            while first == waiting.count { condition.wait() }
            let batch = waiting[first...].joined(separator: "\n") + "\n"
            waiting.removeAll(keepingCapacity: true)
            first = 0
            waitingBytes = 0
            let droppedBefore = dropped
            dropped = 0
            writing = true
            condition.broadcast()
            condition.unlock()

            let failure = writeAll(batch)
            // Told while `writing` still holds, so a flush waits until the log has the line.
            if let failure {
                trouble(self, .closed(reason: failure))
            } else if droppedBefore > 0 {
                trouble(self, .dropped(count: droppedBefore))
            }

            condition.lock()
            writing = false
            if failure != nil {
                closed = true
                waiting.removeAll()
                first = 0
                waitingBytes = 0
            }
            condition.broadcast()
            condition.unlock()
            if failure != nil { return }
        }
    }

    /// Writes all of `text`, blocking as long as the reader makes it; nil, or why it failed.
    private func writeAll(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN {  // a descriptor someone made non-blocking: wait until it takes more
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1000)
                } else {
                    return errno == EPIPE ? "the reader went away (broken pipe)" : String(cString: strerror(errno))
                }
            }
            return nil
        }
    }
}
