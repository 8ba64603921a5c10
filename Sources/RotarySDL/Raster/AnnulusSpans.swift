/// The pixels a ring may touch, row by row: each row crosses the ring in one span of
/// columns, or in two either side of the hole. What ring maps visit instead of their whole
/// square.
enum AnnulusSpans {
    /// Calls `body` with each row of `rows` that meets the ring between distances `inner` and
    /// `outer` from (`cx`, `cy`), the vertical distance of the row's centres from `cy`, and
    /// the columns of one span, kept within `columns`. A pixel is included when its centre
    /// may lie within the ring.
    static func forEach(cx: Double, cy: Double, inner: Double, outer: Double, rows: Range<Int>, columns: Range<Int>,
                        _ body: (_ y: Int, _ dy: Double, _ xs: Range<Int>) -> Void) {
        for y in rows {
            let dy = Double(y) + 0.5 - cy
            let outerSquared = outer * outer - dy * dy
            guard outerSquared > 0 else { continue }
            let outerReach = outerSquared.squareRoot()
            let innerSquared = inner * inner - dy * dy
            let innerReach = innerSquared > 0 ? innerSquared.squareRoot() : -1
            let spans = innerReach < 0 ? [(cx - outerReach, cx + outerReach)]
                : [(cx - outerReach, cx - innerReach), (cx + innerReach, cx + outerReach)]
            for (from, to) in spans {
                let first = max(columns.lowerBound, Int(from.rounded(.down)))
                let last = min(columns.upperBound, Int(to.rounded(.up)) + 1)
                if first < last { body(y, dy, first..<last) }
            }
        }
    }
}
