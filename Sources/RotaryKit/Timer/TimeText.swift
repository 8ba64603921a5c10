/// How remaining time reads on a button or a label.
public enum TimeText {
    /// `mm:ss`, or `h:mm:ss` from an hour on; seconds are rounded up, so the last second
    /// reads 00:01 and zero only when the time is up. Written in `numbers` (default: western
    /// digits).
    public static func format(seconds: Double, numbers: NumberStyle = .standard) -> String {
        let total = shownSeconds(seconds)
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return numbers.write(h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))")
    }

    /// The whole seconds ``format(seconds:numbers:)`` writes for `seconds`: rounded up, so a
    /// countdown shows 0:00 only when it has run out; never negative.
    public static func shownSeconds(_ seconds: Double) -> Int {
        max(0, Int(saturating: (seconds - 1e-6).rounded(.up)))  // 1e-6: frame sums are not exact
    }
}
