import Dispatch
import Foundation
import Logging

/// The process groups of hook runs, each ended at its run's deadline (the timeout counted
/// from the spawn): SIGTERM to the whole group, then SIGKILL after a grace period if any of it
/// is left. This holds whether the hook's own process is still running or has exited leaving
/// children behind (`sleep 300 & echo hi`), so neither can outlive its timeout, and a hook
/// that left children does not hold up the runs after it.
///
/// A group is signalled only while it is known to have members: its leader not yet reaped
/// (which keeps the id from being reused), or `kill(-group, 0)` finding members.
final class HookGroups: @unchecked Sendable {
    /// Seconds between SIGTERM and SIGKILL.
    static let graceSeconds = 1.0

    private struct Group {
        let name: String
        let timeoutSeconds: Double
        /// Tells this run from a later one that got the same process id.
        let spawnedAt: DispatchTime
        var leaderRunning = true
        /// Signalled by us (at the deadline or at exit), so the leader's death is no failure.
        var ended = false
        var killed = false
    }

    private let logger: Logger
    private let queue = DispatchQueue(label: "rotary.hook-deadlines")
    private let lock = NSLock()
    private var groups: [pid_t: Group] = [:]
    private var closed = false

    init(logger: Logger) {
        self.logger = logger
    }

    /// True when no group is left to watch.
    var isEmpty: Bool { lock.withLock { groups.isEmpty } }

    /// Ends `process`'s group `timeoutSeconds` after its spawn unless it is gone by then;
    /// `name` is the hook's, for the log. After `endAll()`, kills it at once.
    func watch(_ process: HookProcess, name: String, timeoutSeconds: Double) {
        let pgid = process.pid
        let late = lock.withLock {
            groups[pgid] = Group(name: name, timeoutSeconds: timeoutSeconds, spawnedAt: process.spawnedAt,
                                 ended: closed, killed: closed)
            return closed
        }
        if late {
            kill(-pgid, SIGKILL)
            logger.warning("\(name): started as the app was exiting: killed")
        } else {
            let spawnedAt = process.spawnedAt
            queue.asyncAfter(deadline: spawnedAt + timeoutSeconds) { [self] in end(pgid, spawnedAt: spawnedAt) }
        }
    }

    /// Notes that the leader of group `pgid` has been reaped. True when we had signalled the
    /// group (timeout or exit), so its death is no failure of the hook.
    func leaderExited(_ pgid: pid_t) -> Bool {
        lock.withLock {
            guard var group = groups[pgid] else { return false }
            group.leaderRunning = false
            groups[pgid] = group.killed || !Self.hasMembers(pgid) ? nil : group
            return group.ended
        }
    }

    /// At exit: ends every group still there: SIGTERM, up to the grace period for them to
    /// go, then SIGKILL; groups watched after this are ended at once.
    func endAll() {
        let pgids = lock.withLock {
            closed = true
            for pgid in groups.keys { groups[pgid]?.ended = true }
            return Array(groups.keys)
        }.filter(isAlive)
        guard !pgids.isEmpty else { return }
        logger.warning("\(Plural.of(pgids.count, "hook process group")) still running at exit: killed")
        for pgid in pgids { kill(-pgid, SIGTERM) }
        let grace = DispatchTime.now() + Self.graceSeconds
        while pgids.contains(where: isAlive), DispatchTime.now() < grace { usleep(10_000) }
        for pgid in pgids where isAlive(pgid) { kill(-pgid, SIGKILL) }
    }

    /// The deadline of the group `pgid` spawned at `spawnedAt`: SIGTERM now and SIGKILL after
    /// the grace period, if it still has members.
    private func end(_ pgid: pid_t, spawnedAt: DispatchTime) {
        let message: String? = lock.withLock {
            guard var group = groups[pgid], group.spawnedAt == spawnedAt, !group.ended else { return nil }
            guard group.leaderRunning || Self.hasMembers(pgid) else {
                groups[pgid] = nil
                return nil
            }
            group.ended = true
            groups[pgid] = group
            kill(-pgid, SIGTERM)
            return group.leaderRunning ? "\(group.name): killed after \(group.timeoutSeconds) s timeout"
                : "\(group.name): exited but left processes running; killed them at the \(group.timeoutSeconds) s timeout"
        }
        guard let message else { return }
        logger.warning("\(message)")
        queue.asyncAfter(deadline: .now() + Self.graceSeconds) { [self] in forceKill(pgid, spawnedAt: spawnedAt) }
    }

    /// SIGKILL to the group `pgid` spawned at `spawnedAt` if anything of it is left after the
    /// grace period.
    private func forceKill(_ pgid: pid_t, spawnedAt: DispatchTime) {
        lock.withLock {
            guard var group = groups[pgid], group.spawnedAt == spawnedAt, !group.killed else { return }
            if group.leaderRunning || Self.hasMembers(pgid) { kill(-pgid, SIGKILL) }
            group.killed = true
            groups[pgid] = group.leaderRunning ? group : nil
        }
    }

    private func isAlive(_ pgid: pid_t) -> Bool {
        lock.withLock { groups[pgid] != nil } && Self.hasMembers(pgid)
    }

    /// True while any process (a zombie included) is in group `pgid`.
    private static func hasMembers(_ pgid: pid_t) -> Bool { kill(-pgid, 0) == 0 }
}
