import Foundation
import Glibc
import Logging

/// The outputs of one kiosk run, each a ``LineLane`` with a writer of its own: the log on
/// standard error and the event lines on standard output or `--events-out`. A live run drops
/// the oldest lines when a reader is slow and never waits; a replay, which must write every
/// line, waits (until a stop signal). A reader that goes away ends that output, not the
/// process: SIGPIPE is ignored from here on (hooks start with every signal at its default).
final class RunOutputs: @unchecked Sendable {
    /// How long a live run waits at its end for readers to take the last lines, seconds.
    static let liveFlushSeconds = 2.0
    /// Standard error: the log, and the few plain lines a person at a terminal reads.
    let errors: LineLane
    private let whenFull: LineLane.WhenFull
    private let isReplay: Bool

    /// The outputs of a live run, or of a replay when `replay`.
    init(replay: Bool) {
        signal(SIGPIPE, SIG_IGN)
        isReplay = replay
        whenFull = replay ? .wait(unless: { SignalWatch.received != nil }) : .dropOldest
        errors = LineLane(descriptor: STDERR_FILENO, whenFull: whenFull) { lane, trouble in
            guard case .dropped = trouble else { return }  // a closed log has nowhere left to say so
            lane.send(LaneLogHandler.line(LaneLogHandler.timestamp(), level: "warning", label: "rotary-kiosk",
                                          text: " " + trouble.message(about: "log")))
        }
    }

    /// The event lines' lane: to `--events-out PATH` when given, else standard output; what
    /// goes wrong with it is logged to `logger`.
    func events(to path: String?, logger: Logger) throws -> EventSink {
        let descriptor = try path.map(EventSink.open) ?? STDOUT_FILENO
        return EventSink(lane: LineLane(descriptor: descriptor, whenFull: whenFull) { _, trouble in
            logger.warning("\(trouble.message(about: "event output"))")
        })
    }

    /// Writes `line` to standard error as it is (no time or level), after the log so far.
    func say(_ line: String) { errors.send(line) }

    /// Waits for the log to be written: a replay until it is (or a stop signal), a live run
    /// at most ``liveFlushSeconds``.
    func flush() { errors.flush(upTo: flushLimit) }

    /// How long an output may take to be written at the end: nil (no limit) in a replay.
    var flushLimit: Double? { isReplay ? nil : Self.liveFlushSeconds }
}
