import RotarySDL

extension ScreenLayout {
    /// This layout with its strip's item widths measured: `names` set in `fonts` at the
    /// strip's text size (``FontBook/stripItemWidths(_:stripHeight:)``). Unchanged without a
    /// strip.
    func measuringStrip(_ names: [String], with fonts: FontBook) throws -> ScreenLayout {
        guard let strip = stripRect, names.count >= 2 else { return self }
        var layout = self
        layout.stripItemWidths = try fonts.stripItemWidths(names, stripHeight: strip.height)
        return layout
    }
}
