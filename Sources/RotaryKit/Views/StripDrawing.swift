/// How a ``StripControl`` looks: a background, the names (the one under the marker bright,
/// the others dimmed, all fading out towards the ends) and a small marker.
public struct StripLook: Equatable, Sendable {
    /// Where the marker sits: along the strip's bottom or top edge.
    public enum MarkerEdge: Equatable, Sendable {
        /// Along the top edge, inside the strip.
        case top
        /// Along the bottom edge, inside the strip.
        case bottom
    }

    /// Fills the strip's rectangle under the names (nil: nothing, the names blend over what
    /// is already drawn).
    public var background: RGBA? = RGBA(30, 36, 50)
    /// Colour of the names (the bright one at this colour's alpha).
    public var textColor = RGBA(255, 255, 255)
    /// Size of the names in points (pixels at 72 dpi).
    public var textPoints: Int
    /// Opacity of a name a whole item or more away from the marker (1: no dimming); names in
    /// between are brightened in proportion, so the change is smooth while scrolling.
    public var dimmedOpacity: Double = 0.5
    /// Over how many pixels from each end of the strip the names fade out (0: no fading). A
    /// name whose centre is on the edge is invisible. A strip with pinned ends fades only an
    /// end beyond which more names lie, so the fade says the strip scrolls that way.
    public var fadeWidth: Double
    /// Colour of the marker: a filled bar centred on the marker's x, inside the strip along
    /// `markerEdge`.
    public var markerColor = RGBA(74, 222, 128)
    /// Width of the marker bar, pixels.
    public var markerWidth: Double
    /// Height (thickness) of the marker bar, pixels.
    public var markerHeight: Double
    /// The edge the marker bar sits on.
    public var markerEdge = MarkerEdge.bottom

    /// A look sized for `strip`: names 40 % of its height, fading over the outer 15 % of its
    /// width at each end, a marker bar a tenth of its height thick.
    public init(for strip: StripControl) {
        textPoints = Self.textPoints(forHeight: strip.height)
        fadeWidth = max(0, strip.width * 0.15)
        markerWidth = max(1, strip.height * 0.5)
        markerHeight = max(1, strip.height * 0.1)
    }
}

extension StripLook {
    /// The size of the names in a strip `height` pixels high: 40 % of it, at least 8 points.
    /// A program measures the names at this size for the strip's item widths.
    public static func textPoints(forHeight height: Double) -> Int {
        max(8, Int(saturating: (height * 0.4).rounded()))
    }
}

/// How a ``StripControl`` is drawn: background, names, marker. The parts are separate so a
/// program can put its own layers between them.
///
///     let strip = StripControl(id: "category", labels: ["Wash", "Dry", "Steam"],
///                              itemWidths: [120, 100, 130], x: 0, y: 0, width: 480, height: 60)
///     list.append(contentsOf: StripDrawing.commands(strip, look: StripLook(for: strip)))
public enum StripDrawing {
    /// Everything, in order: background, names (in their clip), the signs that more names
    /// lie beyond an end, marker.
    public static func commands(_ strip: StripControl, look: StripLook) -> [DrawCommand] {
        background(strip, look: look) + names(strip, look: look) + more(strip, look: look) + marker(strip, look: look)
    }

    /// With pinned ends, a chevron (◂ or ▸, which no right-to-left text mirrors) on the background at each end beyond which more
    /// names lie, over the cut name there: a person sees the strip scrolls that way. Nothing
    /// for scrolling ends or a look without a background.
    public static func more(_ strip: StripControl, look: StripLook) -> [DrawCommand] {
        guard strip.ends == .pinned, let background = look.background else { return [] }
        let bounds = rect(strip)
        let points = Int((Double(look.textPoints) * 1.6).rounded())
        let side = Double(points) * 0.8
        let beyond = strip.hasNamesBeyond
        var commands: [DrawCommand] = []
        for (shown, x, sign) in [(beyond.left, bounds.x, "◂"), (beyond.right, bounds.maxX - side, "▸")] where shown {
            let patch = Rect(x: x, y: bounds.y, width: side, height: bounds.height)
            commands.append(.fill(patch, background))
            commands.append(.text(TextDraw(sign, points: points, center: patch.center, maxWidth: side,
                                           color: look.textColor.fading(0.8))))
        }
        return commands
    }

    /// The strip's rectangle in window pixels.
    public static func rect(_ strip: StripControl) -> Rect {
        Rect(x: strip.x, y: strip.y, width: strip.width, height: strip.height)
    }

    /// The background fill, if the look has one.
    public static func background(_ strip: StripControl, look: StripLook) -> [DrawCommand] {
        look.background.map { [.fill(rect(strip), $0)] } ?? []
    }

    /// A clip to the strip, each name that can be seen as a text at its item's centre (as wide
    /// as its item at most), then `clip(nil)`, which also ends any `clip` command listed
    /// before these (an executor then goes back to the clip its target had).
    /// Names wholly outside the strip or faded to nothing are left out.
    public static func names(_ strip: StripControl, look: StripLook) -> [DrawCommand] {
        let bounds = rect(strip)
        let layout = strip.drag.axis.layout
        let coordinate = strip.drag.axis.coordinate
        var texts: [DrawCommand] = []
        for (index, label) in strip.labels.enumerated() where index < layout.count {
            let centerX = strip.itemCenterX(index)
            let halfWidth = layout.widths[index] / 2
            guard centerX + halfWidth > bounds.x, centerX - halfWidth < bounds.maxX else { continue }
            let color = look.textColor.fading(brightness(index, coordinate: coordinate, look: look)
                                                * edgeFade(centerX, strip: strip, look: look))
            guard color.a > 0 else { continue }
            texts.append(.text(TextDraw(label, points: look.textPoints, center: Point(x: centerX, y: bounds.center.y),
                                        maxWidth: layout.widths[index], color: color)))
        }
        return [.clip(bounds)] + texts + [.clip(nil)]
    }

    /// The marker bar at the marker's x along the look's edge, cut to the strip (nothing when
    /// the strip has no room).
    public static func marker(_ strip: StripControl, look: StripLook) -> [DrawCommand] {
        let bounds = rect(strip)
        let top = look.markerEdge == .top ? bounds.y : bounds.maxY - look.markerHeight
        let bar = Rect(x: strip.markerX - look.markerWidth / 2, y: top, width: look.markerWidth, height: look.markerHeight)
        return bar.intersection(bounds).map { [.fill($0, look.markerColor)] } ?? []
    }

    /// 1 for the name under the marker, falling linearly to the look's dimmed opacity one
    /// item away (`coordinate`: the continuous item under the marker).
    private static func brightness(_ index: Int, coordinate: Double, look: StripLook) -> Double {
        let away = min(abs(Double(index) - coordinate), 1)
        return 1 - (1 - look.dimmedOpacity) * away
    }

    /// 1 inside the strip, falling linearly to 0 at an end over the look's fade width: at
    /// both ends, or with pinned ends only where more names lie beyond.
    private static func edgeFade(_ centerX: Double, strip: StripControl, look: StripLook) -> Double {
        guard look.fadeWidth > 0 else { return 1 }
        let fades = strip.ends == .pinned ? strip.hasNamesBeyond : (left: true, right: true)
        let left = fades.left ? (centerX - strip.x) / look.fadeWidth : 1
        let right = fades.right ? (strip.x + strip.width - centerX) / look.fadeWidth : 1
        return min(max(min(left, right), 0), 1)
    }
}
