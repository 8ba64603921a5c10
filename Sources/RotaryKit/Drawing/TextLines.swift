/// A name set on one line or two before it is drawn, by estimate (no font at hand): for a
/// layout that must decide where lines go before the shell measures them.
public enum TextLines {
    /// About how wide `text` is at `points`, pixels: characters 0.58 of the size wide, wide
    /// East Asian ones 1.
    public static func estimatedWidth(_ text: Substring, points: Int) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 1 : 0.58) } * Double(points)
    }

    /// `label` as one line, or as two broken at the space nearest its middle when it would be
    /// wider than `width` pixels at `points` (by ``estimatedWidth(_:points:)``) and it has a
    /// space.
    public static func split(_ label: String, points: Int, width: Double) -> [String] {
        let characters = Array(label)
        guard estimatedWidth(label[...], points: points) > width else { return [label] }
        let spaces = characters.indices.filter { characters[$0] == " " }
        guard let cut = spaces.min(by: { abs($0 * 2 - characters.count) < abs($1 * 2 - characters.count) }) else { return [label] }
        return [String(characters[..<cut]), String(characters[(cut + 1)...])]
    }
}
