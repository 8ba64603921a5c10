/// Where a countdown is.
public enum TimerState: String, Equatable, Sendable {
    /// Not started, or acknowledged after it ended: a new countdown may start.
    case idle
    /// Counting down.
    case running
    /// Stopped part way; toggling resumes it.
    case paused
    /// Reached zero; waits to be acknowledged.
    case finished
    /// Stopped before zero; waits to be acknowledged.
    case cancelled
}

/// A countdown's state at a transition, as reported in a `timer` event.
public struct TimerReport: Equatable, Sendable {
    /// The state it moved to.
    public var state: TimerState
    /// The state it came from (tells a start from a resume).
    public var previous: TimerState
    /// Which program the countdown is for: its index on the wheel.
    public var programIndex: Int
    /// That program's name.
    public var program: String
    /// The duration the countdown was started with, seconds.
    public var secondsTotal: Double
    /// What is left of it, seconds (0 once finished).
    public var secondsLeft: Double

    /// Whether it tells of ``CountdownTimer/extend(bySeconds:)``: the countdown stayed
    /// running or paused, longer.
    public var isExtension: Bool { state == previous && (state == .running || state == .paused) }
}

/// The kiosk's countdown as a pure state machine: time enters only through
/// ``advance(by:)``, so a replay can run a 15-minute timer in moments and see it finish on
/// the exact virtual second. Every transition returns its report.
public struct CountdownTimer: Equatable, Sendable {
    /// Where the countdown is.
    public private(set) var state: TimerState = .idle
    /// The wheel index of the program last started or restored (0 before any).
    public private(set) var programIndex = 0
    /// The name of the program last started or restored (empty before any).
    public private(set) var program = ""
    /// The duration last started or restored, seconds (0 before any).
    public private(set) var secondsTotal = 0.0
    /// Seconds still to count (0 once finished). After a cancel it keeps what was left,
    /// until the next start or restore.
    public private(set) var secondsLeft = 0.0

    /// An idle timer.
    public init() {}

    /// Whether a countdown is under way (running or paused): the wheel and dial are locked.
    public var isActive: Bool { state == .running || state == .paused }

    /// Starts `seconds` for a program, from idle, cancelled or finished. Returns nil (nothing
    /// happens) when already active or when `seconds` is not positive and finite.
    public mutating func start(programIndex: Int, program: String, seconds: Double) -> TimerReport? {
        guard !isActive, seconds.isFinite, seconds > 0 else { return nil }
        self.programIndex = programIndex
        self.program = program
        secondsTotal = seconds
        secondsLeft = seconds
        return move(to: .running)
    }

    /// Running → paused, paused → running; otherwise nothing.
    public mutating func togglePause() -> TimerReport? {
        switch state {
        case .running: move(to: .paused)
        case .paused: move(to: .running)
        default: nil
        }
    }

    /// Adds `seconds` to a running or paused countdown: to its length and to what is left.
    /// Reports the state it stays in, with `previous` the same; nil (nothing happens) when
    /// none is active or `seconds` is not positive and finite.
    public mutating func extend(bySeconds seconds: Double) -> TimerReport? {
        guard isActive, seconds.isFinite, seconds > 0 else { return nil }
        secondsTotal += seconds
        secondsLeft += seconds
        return report(previous: state)
    }

    /// Stops a running or paused countdown.
    public mutating func cancel() -> TimerReport? {
        isActive ? move(to: .cancelled) : nil
    }

    /// After `finished` (or `cancelled`), back to idle.
    public mutating func acknowledge() -> TimerReport? {
        state == .finished || state == .cancelled ? move(to: .idle) : nil
    }

    /// Counts down by `dt` seconds while running; reports `finished` on reaching zero.
    public mutating func advance(by dt: Double) -> TimerReport? {
        guard state == .running, dt.isFinite, dt > 0 else { return nil }
        secondsLeft -= dt
        guard secondsLeft <= 1e-9 else { return nil }
        secondsLeft = 0
        return move(to: .finished)
    }

    /// Puts back a countdown saved before a crash or restart: `running` with what is left
    /// now (finished at once when nothing is), or `paused`. Other states restore nothing.
    public mutating func restore(state saved: TimerState, programIndex: Int, program: String, secondsTotal: Double,
                                 secondsLeft: Double) -> TimerReport? {
        guard saved == .running || saved == .paused, secondsTotal.isFinite, secondsTotal > 0,
              secondsLeft.isFinite else { return nil }
        self.programIndex = programIndex
        self.program = program
        self.secondsTotal = secondsTotal
        self.secondsLeft = min(max(secondsLeft, 0), secondsTotal)
        state = saved
        if self.secondsLeft <= 0 {
            self.secondsLeft = 0
            return move(to: .finished)
        }
        return report(previous: .idle)
    }

    /// Where it stands now, as a report of no change (state and previous alike): what a
    /// checkpoint of a running countdown keeps.
    public var current: TimerReport { report(previous: state) }

    private mutating func move(to next: TimerState) -> TimerReport {
        let previous = state
        state = next
        return report(previous: previous)
    }

    private func report(previous: TimerState) -> TimerReport {
        TimerReport(state: state, previous: previous, programIndex: programIndex, program: program,
                    secondsTotal: secondsTotal, secondsLeft: secondsLeft)
    }
}
