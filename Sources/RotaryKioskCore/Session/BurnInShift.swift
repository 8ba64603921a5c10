/// A barely visible, slow shift of the whole picture, so that a panel showing one screen for
/// months does not keep a ghost of it (burn-in). Once a minute the picture glides, one pixel
/// a second, to the next corner or edge of a square `reach` pixels either way of its true
/// place, round and round. Its clock runs only while the panel is left alone (idle, or a
/// countdown running), so nothing moves under a finger, and only in whole pixels, so nothing
/// blurs. Pure: time enters with ``pass(_:)``.
struct BurnInShift: Sendable {
    /// The farthest the picture moves from its place, pixels each way (0: it never moves).
    let reach: Int
    /// Seconds of its clock: it runs only while nobody uses the panel.
    private(set) var elapsed = 0.0

    /// Seconds from one move to the next.
    static let period = 60.0
    /// Seconds a glide takes per pixel.
    static let pixelSeconds = 1.0
    /// The largest share of the panel's shorter side the picture moves: beyond ~1.5 % a
    /// person would see the panel's edges change.
    static let largestShare = 0.015

    /// A shift of at most `pixels` each way, and of at most ``largestShare`` of a panel whose
    /// shorter side is `shorterSide` pixels.
    init(pixels: Int, shorterSide: Double) {
        reach = max(0, min(pixels, Int((shorterSide * Self.largestShare).rounded(.down))))
    }

    /// Moves its clock on by `dt` seconds.
    mutating func pass(_ dt: Double) {
        guard reach > 0, dt.isFinite, dt > 0 else { return }
        elapsed += dt
    }

    /// Where the picture stands now, whole pixels right and down of its place.
    var offset: (x: Int, y: Int) {
        guard reach > 0 else { return (0, 0) }
        let glide = self.glide
        let moved = min(glide.distance, max(0, Int(((glide.into - glide.start) / Self.pixelSeconds).rounded(.down))))
        // Across first, then down: one pixel a step.
        let (from, to) = (glide.from, glide.to)
        let across = min(moved, abs(to.x - from.x)), down = moved - across
        return (from.x + across * (to.x - from.x).signum(), from.y + down * (to.y - from.y).signum())
    }

    /// Seconds of its clock until the picture next moves a pixel (nil: it never does).
    var secondsUntilMove: Double? {
        guard reach > 0 else { return nil }
        let glide = self.glide
        let step = max(1, Int(((glide.into - glide.start) / Self.pixelSeconds).rounded(.down)) + 1)
        return glide.start + Double(step) * Self.pixelSeconds - glide.into
    }

    /// The move under way: from which place to which, how many pixels apart, when in the
    /// period its glide starts (the last pixel lands as the period ends) and how far into the
    /// period the clock is, in seconds.
    private var glide: (from: (x: Int, y: Int), to: (x: Int, y: Int), distance: Int, start: Double, into: Double) {
        let move = Int((elapsed / Self.period).rounded(.down))
        let from = station(move), to = station(move + 1)
        let distance = abs(to.x - from.x) + abs(to.y - from.y)
        return (from, to, distance, Self.period - Double(distance) * Self.pixelSeconds, elapsed - Double(move) * Self.period)
    }

    /// The `n`th place of the round: its place, then the square's edges and corners in turn.
    private func station(_ n: Int) -> (x: Int, y: Int) {
        let round = [(reach, 0), (reach, reach), (0, reach), (-reach, reach), (-reach, 0), (-reach, -reach), (0, -reach), (reach, -reach)]
        return n == 0 ? (0, 0) : round[(n - 1) % round.count]
    }
}
