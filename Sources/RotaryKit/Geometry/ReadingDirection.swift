/// Which way a row of words runs for the person reading: left to right (Latin, Cyrillic,
/// CJK …) or right to left (Arabic, Hebrew …). Rows of items such as the category strip
/// follow it; rings do not (clockwise is clockwise in every language).
public enum ReadingDirection: String, Equatable, Sendable, CaseIterable {
    /// The first item on the left, the next to its right.
    case leftToRight
    /// The first item on the right, the next to its left.
    case rightToLeft

    /// +1 when items advance towards +x (left to right), −1 when they advance towards −x.
    public var sign: Double { self == .leftToRight ? 1 : -1 }
}
