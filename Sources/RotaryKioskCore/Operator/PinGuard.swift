/// Counts wrong service PINs: after ``triesBeforeLock`` in a row, entry is locked for
/// ``lockSeconds``. Times are session seconds. Its state outlives a restart as a
/// ``PinLock`` (the shell keeps it with the operator's settings), so pulling the plug does not
/// give a patient guesser at the panel a fresh count.
struct PinGuard: Sendable {
    static let triesBeforeLock = 5
    static let lockSeconds = 60.0

    private var wrongInARow = 0
    private var lockedUntil = -Double.infinity

    init() {}

    /// The guard as `lock` left it, at session time `now`: a count of at most one below the
    /// lock, a lock of at most ``lockSeconds`` (a file cannot lock the operator out longer).
    init(restoring lock: PinLock, at now: Double) {
        wrongInARow = min(max(lock.wrongInARow, 0), Self.triesBeforeLock - 1)
        if let seconds = lock.secondsLocked, seconds > 0 { lockedUntil = now + min(seconds, Self.lockSeconds) }
    }

    /// What a restart must keep, as of `now`.
    func lock(at now: Double) -> PinLock {
        PinLock(wrongInARow: wrongInARow, secondsLocked: secondsLocked(at: now))
    }

    /// Seconds left of a lock at `now`, or nil when entry is open.
    func secondsLocked(at now: Double) -> Double? {
        now < lockedUntil ? lockedUntil - now : nil
    }

    /// A wrong PIN at `now`: how many tries are left, or the lock it set.
    mutating func wrong(at now: Double) -> ServiceNote {
        wrongInARow += 1
        guard wrongInARow >= Self.triesBeforeLock else { return .pinRejected(triesLeft: Self.triesBeforeLock - wrongInARow) }
        wrongInARow = 0
        lockedUntil = now + Self.lockSeconds
        return .lockedOut(seconds: Self.lockSeconds)
    }

    /// The right PIN: the count starts again.
    mutating func right() { wrongInARow = 0 }
}

/// The wrong-PIN count and lock as a restart keeps them: plain numbers, no clock.
public struct PinLock: Equatable, Sendable {
    /// Wrong PINs in a row since the last right one or the last lock.
    public var wrongInARow: Int
    /// Seconds left of a lock (nil: entry is open).
    public var secondsLocked: Double?

    /// No wrong PIN, no lock.
    public static let open = PinLock(wrongInARow: 0, secondsLocked: nil)

    public init(wrongInARow: Int, secondsLocked: Double?) {
        self.wrongInARow = wrongInARow
        self.secondsLocked = secondsLocked
    }
}
