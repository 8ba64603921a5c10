import Dispatch
import Foundation
import Logging

/// The runs of one hook, one at a time and in order, on a background queue of their own, so
/// a slow or hanging hook delays only its own later runs. At most `capacity` runs wait; more
/// are dropped and counted, and the count is logged after a run ends (at most every
/// `reportIntervalSeconds`) and at exit, one line for many drops.
final class HookLane: @unchecked Sendable {
    /// Seconds between two log lines about dropped runs.
    static let reportIntervalSeconds = 10.0

    /// The hook's name for the log (`on_selected`, `feedback_command`…).
    let name: String
    private let capacity: Int
    private let logger: Logger
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var waiting = 0
    private var running = false
    private var dropped = 0
    private var lastReport: DispatchTime?
    private var closed = false

    /// A lane for hook `name` that lets at most `capacity` runs wait.
    init(name: String, capacity: Int, logger: Logger) {
        self.name = name
        self.capacity = capacity
        self.logger = logger
        queue = DispatchQueue(label: "rotary.hook.\(name)")
    }

    /// True when nothing runs or waits.
    var isIdle: Bool { lock.withLock { waiting == 0 && !running } }

    /// Queues `run` behind the runs already waiting, or drops it (counted) when `capacity`
    /// of them wait or the lane is closed.
    func submit(_ run: @escaping @Sendable () -> Void) {
        let accepted = lock.withLock {
            guard !closed else { return false }
            guard waiting < capacity else {
                dropped += 1
                return false
            }
            waiting += 1
            return true
        }
        guard accepted else { return }
        queue.async { [self] in
            let start = lock.withLock {
                waiting -= 1
                running = !closed
                return running
            }
            guard start else { return }
            run()
            lock.withLock { running = false }
            reportDrops(atMostEvery: Self.reportIntervalSeconds)
        }
    }

    /// At exit: starts no more runs, and logs those left waiting and the drops not yet logged.
    func close() {
        let unstarted = lock.withLock {
            closed = true
            return waiting
        }
        if unstarted > 0 { logger.warning("\(name): \(Plural.of(unstarted, "run")) still waiting at exit, not started") }
        reportDrops(atMostEvery: 0)
    }

    /// Logs the drops counted since the last report, unless that was under `seconds` ago.
    private func reportDrops(atMostEvery seconds: Double) {
        let count: Int = lock.withLock {
            let now = DispatchTime.now()
            guard dropped > 0, lastReport.map({ now >= $0 + seconds }) ?? true else { return 0 }
            defer { dropped = 0 }
            lastReport = now
            return dropped
        }
        if count > 0 { logger.warning("\(name): \(Plural.of(count, "run")) dropped, its queue of \(capacity) was full") }
    }
}
