import RotaryKit

extension DrawList {
    /// This list with no text set under `least` points: a text asked smaller is asked at
    /// `least`, and one too wide for its room is squeezed sideways (down to `narrowest` of its
    /// width, unless it is drawn narrowed already) rather than set under it, then cut. The person at the panel's least readable
    /// size, kept by every kiosk view whatever its controls ask.
    func keepingText(atLeast least: Double, narrowest: Double) -> DrawList {
        let points = Int(least.rounded(.up))
        return DrawList(commands.map { command in
            guard case .text(var text) = command else { return command }
            text.points = max(text.points, points)
            text.leastPoints = max(text.leastPoints, points)
            if text.widthScale >= 1 { text.narrowestFit = min(text.narrowestFit, narrowest) }  // never narrowed twice
            return .text(text)
        })
    }
}
