extension FontBook {
    /// Where ``renderFitting(_:size:maxWidth:widthScale:narrowestFit:leastSize:color:)`` sets
    /// each character of `text`: the size and width scale it takes, each character's left edge
    /// in the narrowed line (pixels from the line's left, in order), and the line's narrowed
    /// width. Measured, nothing drawn. Nil when the text does not fit whole (an ellipsis).
    func glyphPlaces(_ text: String, size: Int, maxWidth: Double, widthScale: Double, narrowestFit: Double,
                     leastSize: Int) throws -> (size: Int, widthScale: Double, lefts: [Int], width: Int)? {
        let fit = try fitting(text, size: size, maxWidth: maxWidth / widthScale, narrowestFit: narrowestFit, least: leastSize)
        guard fit.shown == text else { return nil }
        let scale = widthScale * fit.squeeze
        var lefts: [Int] = [], prefix = ""
        for character in text {
            lefts.append(prefix.isEmpty ? 0 : Self.narrowed(try line(prefix, size: fit.size).width, scale))
            prefix.append(character)
        }
        return (fit.size, scale, lefts, Self.narrowed(fit.line.width, scale))
    }
}
