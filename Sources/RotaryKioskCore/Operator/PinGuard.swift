/// Counts wrong service PINs: after ``triesBeforeLock`` in a row, entry is locked for
/// ``lockSeconds``. Times are session seconds.
struct PinGuard: Sendable {
    static let triesBeforeLock = 5
    static let lockSeconds = 60.0

    private var wrongInARow = 0
    private var lockedUntil = -Double.infinity

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
