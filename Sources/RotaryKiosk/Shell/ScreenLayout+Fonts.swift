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

    /// This layout with the service screen's tab names in `words` measured in `fonts` at its
    /// strip's text size.
    func measuringServiceTabs(with fonts: FontBook, words: ServiceWords) throws -> ScreenLayout {
        var layout = self
        layout.serviceTabWidths = try fonts.stripItemWidths(ServiceTab.allCases.map { words($0.word) },
                                                            stripHeight: ServiceScreen.titleHeight(self))
        return layout
    }
}
