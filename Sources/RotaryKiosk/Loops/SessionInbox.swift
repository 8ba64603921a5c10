import Foundation
import RotaryKioskCore

/// The one way into the session from other threads: commands from the MQTT link, the image
/// updater's reports and problems found in the background (a failed save, a draw that fell
/// back, a screenshot not sent), in the order they came. The loop drains it into the session
/// each step (``SessionDriver/deliverMail(ms:)``) and may sleep until something comes.
/// Between two drains at most ``commandLimit`` commands and ``reportLimit`` reports wait
/// (a flood is dropped and counted, and said as a problem); problems are never dropped.
final class SessionInbox: @unchecked Sendable {
    /// Something from outside for the session.
    enum Item: Sendable {
        case command(RemoteMessage)
        case updaterReport(FleetUpdateReport)
        case problem(String)
    }

    /// The most commands that wait between two drains.
    static let commandLimit = 100
    /// The most updater reports that wait between two drains.
    static let reportLimit = 10

    private let condition = NSCondition()
    private var items: [Item] = []
    private var commands = 0, reports = 0, droppedCommands = 0

    /// Adds a command (any thread), or counts it dropped when ``commandLimit`` wait; whether
    /// nothing was waiting before: the loop needs waking only then (one wake takes a burst).
    func post(command: RemoteMessage) -> Bool {
        locked { first in
            if commands < Self.commandLimit {
                commands += 1
                items.append(.command(command))
            } else {
                droppedCommands += 1
            }
            return first
        }
    }

    /// Adds an updater report (any thread); one beyond ``reportLimit`` is left out (the next
    /// change of its file brings a newer one).
    func post(report: FleetUpdateReport) -> Bool {
        locked { first in
            if reports < Self.reportLimit {
                reports += 1
                items.append(.updaterReport(report))
            }
            return first
        }
    }

    /// Adds a problem found in the background (any thread): an `error` event with the next
    /// effects.
    @Sendable func report(_ problem: String) { locked { _ in items.append(.problem(problem)) } }

    /// Everything posted since the last drain, in order, with a problem saying how many
    /// commands were dropped, if any.
    func drain() -> [Item] {
        condition.lock()
        defer {
            (items, commands, reports, droppedCommands) = ([], 0, 0, 0)
            condition.unlock()
        }
        guard droppedCommands > 0 else { return items }
        return [.problem("MQTT: \(droppedCommands) commands dropped: more than \(Self.commandLimit) came between two frames")] + items
    }

    /// The problems posted since the last drain, taken out; commands and reports stay for
    /// the next drain.
    func drainProblems() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        var problems: [String] = []
        items.removeAll { item in
            guard case .problem(let problem) = item else { return false }
            problems.append(problem)
            return true
        }
        return problems
    }

    /// Sleeps until something waits or `seconds` pass; whether something waits.
    func wait(upTo seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, droppedCommands == 0, condition.wait(until: deadline) {}
        return !items.isEmpty || droppedCommands > 0
    }

    /// Runs `change` under the lock, told whether nothing waited before, and wakes a waiter.
    private func locked<T>(_ change: (_ first: Bool) -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return change(items.isEmpty && droppedCommands == 0)
    }
}
