import RotaryKit

/// Where the kiosk's controls go in a window: with zones, a band of zone tiles across the
/// top; under it the timer dial around the program wheel with the centre button in its hub,
/// and beside them (landscape) or above and below them (portrait and square) the category
/// strip, the big state (program, time) and the set point. Pure arithmetic, no SDL.
///
/// Everything is laid out in the person's *view* (``viewWidth``×``viewHeight``, up is up for
/// the person) in pixels and screen degrees; a display rotation (a panel mounted turned,
/// which KMSDRM cannot turn) is applied by ``turn`` to the draw list and, backwards, to the
/// touches, so a person touches what they see at every rotation.
public struct ScreenLayout: Equatable, Sendable {
    /// Window size in pixels.
    public let width: Double
    public let height: Double
    /// Display rotation in degrees: 0, 90, 180 or 270 (clockwise).
    public let rotation: Int
    /// Whether there is a category strip to place.
    public let hasStrip: Bool
    /// Whether some program has a set point, so room is kept for it.
    public let hasSetting: Bool
    /// How large the panel's pixels are: what a finger taps is at least
    /// ``PanelSize/fingerMillimetres`` across as drawn.
    public let panel: PanelSize
    /// The zone tiles across the top, one per `[[zone]]` in order as the screen reads (from
    /// the right, right to left), empty without zones; view pixels.
    public let zoneTiles: [Rect]
    /// The view onto the window.
    public let turn: QuarterTurn
    /// Centre of the rings, view pixels.
    public let center: Point
    /// Half the side of the rings' square: the dial fits in this radius.
    public let radius: Double
    /// The category strip's rectangle (nil without a strip), view pixels.
    public let stripRect: Rect?
    /// Where the program's name, its time and the countdown are written large, view pixels.
    public let stateRect: Rect
    /// Where the set point's arc or knob goes (its square), view pixels; nil without one.
    public let settingRect: Rect?
    /// Room for each of the strip's names, pixels, in the categories' order: measured by the
    /// shell with the theme's font at the strip's text size (see
    /// ``measuringStrip(_:with:)``). Empty: every name gets the same room.
    public var stripItemWidths: [Double] = []
    /// Room per tab on the service screen's strip, measured in the theme's font (empty: the
    /// same for every tab).
    public var serviceTabWidths: [Double] = []
    /// Where the running view writes the program, the time left as its hero and the state
    /// while a countdown is there, view pixels: beside the button and its ring of time left
    /// (under them in portrait), over the room the strip, the rings and the set point leave
    /// when they step back. The button stays where it was: the tap that started pauses.
    public private(set) var runningRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// In portrait, the room above the button and its ring of time left, where the running
    /// view writes the program and the state's band (nil in landscape: all goes beside).
    public private(set) var runningHeadRect: Rect?
    /// Where the running view's Stop and "+N min" stand, view pixels: below and above the
    /// button's ring of time left where the running view is beside it (landscape, square),
    /// either side of it in portrait, Stop at the reading start.
    public private(set) var stopCenter = Point(x: 0, y: 0), extendCenter = Point(x: 0, y: 0)
    /// A view wider than tall by less than this ratio is square and laid out as a portrait
    /// one is (strip on top, the rings under it, the state and the set point below them, the
    /// running view's time under the button across the whole width): beside rings as tall as
    /// the view, a column of the rest of the width would cut the strip's names and squeeze
    /// the time.
    public static let squareUpTo = 1.3

    /// The layout for a `width`×`height` window shown turned by `rotation` degrees on a panel
    /// of `panel`'s pixels, with room for a strip and a set point when asked, and a tile for
    /// each of `zones` zones (0: none), in the order `direction` reads.
    public init(width: Double, height: Double, rotation: Int = 0, hasStrip: Bool = false, hasSetting: Bool = false,
                zones: Int = 0, direction: ReadingDirection = .leftToRight, panel: PanelSize = .assumed) {
        self.width = max(16, width)
        self.height = max(16, height)
        self.rotation = ((rotation % 360) + 360) % 360
        self.hasStrip = hasStrip
        self.hasSetting = hasSetting
        self.panel = panel
        turn = QuarterTurn(degrees: self.rotation, windowWidth: self.width, windowHeight: self.height)
        let w = turn.viewWidth
        let gap = (min(w, turn.viewHeight) * 0.025).rounded()
        let finger = panel.fingerPixels
        zoneTiles = Self.tiles(zones, width: w, height: turn.viewHeight, gap: gap, finger: finger).map { tile in
            direction == .leftToRight ? tile : Rect(x: w - tile.maxX, y: tile.y, width: tile.width, height: tile.height)
        }
        // The rest lies under the zones' band.
        let top = zoneTiles.last.map { $0.maxY } ?? 0
        let h = turn.viewHeight - top
        // Landscape: rings on the left, the rest beside them. Square and portrait: stacked.
        let wide = w >= turn.viewHeight * Self.squareUpTo
        if wide {
            // Rings on the left, as large as the height allows but leaving a column of at least
            // 38 % of the width; the column holds strip, state and set point from the top.
            let side = min(h, w * 0.62)
            center = Point(x: side / 2, y: top + h / 2)
            radius = side / 2
            var column = Rect(x: side + gap, y: top + gap, width: max(1, w - side - 2 * gap), height: max(1, h - 2 * gap))
            stripRect = hasStrip ? Self.cutTop(height: Self.stripHeight(w, h, finger: finger), from: &column, gap: gap) : nil
            if hasSetting {
                let stateHeight = (column.height * 0.36).rounded()
                stateRect = Self.cutTop(height: stateHeight, from: &column, gap: gap)
                settingRect = Self.square(in: column)
            } else {
                stateRect = column
                settingRect = nil
            }
        } else {
            // Strip on top, the rings below it as wide as the window allows, state and set point
            // side by side under them.
            var rest = Rect(x: gap, y: top + gap, width: max(1, w - 2 * gap), height: max(1, h - 2 * gap))
            stripRect = hasStrip ? Self.cutTop(height: Self.stripHeight(w, h, finger: finger), from: &rest, gap: gap) : nil
            // With a band of zone tiles over them the rings give the set point more of the rest.
            let side = min(w, rest.height * (zoneTiles.isEmpty ? 0.68 : 0.64))
            center = Point(x: w / 2, y: rest.y + side / 2)
            radius = side / 2
            let below = Rect(x: gap, y: rest.y + side + gap, width: max(1, w - 2 * gap), height: max(1, rest.maxY - rest.y - side - gap))
            if hasSetting {
                let half = (below.width - gap) / 2
                stateRect = Rect(x: below.x, y: below.y, width: half, height: below.height)
                settingRect = Self.square(in: Rect(x: below.x + half + gap, y: below.y, width: half, height: below.height))
            } else {
                stateRect = below
                settingRect = nil
            }
        }
        let clear = timeLeftRadius + timeLeftWidth / 2 + gap
        let reach = clear + actionRadius
        if wide {
            let left = center.x + clear
            runningRect = Rect(x: left, y: top + gap, width: max(1, w - gap - left), height: max(1, h - 2 * gap))
            (stopCenter, extendCenter) = (Point(x: center.x, y: center.y + reach), Point(x: center.x, y: center.y - reach))
        } else {
            let start = direction == .leftToRight ? -reach : reach
            (stopCenter, extendCenter) = (Point(x: center.x + start, y: center.y), Point(x: center.x - start, y: center.y))
            let y = center.y + clear
            runningRect = Rect(x: gap, y: y, width: max(1, w - 2 * gap), height: max(1, turn.viewHeight - gap - y))
            runningHeadRect = Rect(x: gap, y: top + gap, width: max(1, w - 2 * gap), height: max(1, center.y - clear - top - gap))
        }
    }

    /// The zone tiles for `count` zones across the top of a `width`×`height` view: as many to
    /// a row as leave each at least ``zoneTileMinWidth`` wide (all in one row when they fit),
    /// each row 14 % of the shorter side within 64…96 pixels and never under a `finger`'s
    /// target nor the room of a name over its time in their sizes
    /// (``zoneTextPoints(width:height:finger:)``), the rows `gap` apart and `gap` from the
    /// view's sides and top.
    private static func tiles(_ count: Int, width: Double, height: Double, gap: Double, finger: Double) -> [Rect] {
        guard count > 0 else { return [] }
        let across = max(1, min(count, Int(((width - gap) / (max(zoneTileMinWidth, finger) + gap)).rounded(.down))))
        let rows = (count + across - 1) / across
        let tileWidth = ((width - gap) / Double(across) - gap).rounded(.down)
        let text = zoneTextPoints(width: width, height: height, finger: finger, tileWidth: tileWidth)
        let room = (text.name * 1.15 + text.time * 1.2 + gap).rounded(.up)
        let tileHeight = max(finger, room, min(96, max(64, (min(width, height) * 0.14).rounded())))
        return (0..<count).map { i in
            let (row, column) = (i / across, i % across)
            // The last row's tiles are as wide as the others, centred.
            let inRow = row == rows - 1 ? count - row * across : across
            let left = (width - Double(inRow) * (tileWidth + gap) + gap) / 2
            return Rect(x: (left + Double(column) * (tileWidth + gap)).rounded(), y: gap + Double(row) * (tileHeight + gap),
                        width: tileWidth, height: tileHeight)
        }
    }

    /// The sizes of a zone tile's name and its time (or "Done"), points, in a `width`×`height`
    /// view on a panel whose finger is `finger` pixels, on a tile `tileWidth` wide: the time's
    /// digits 5 mm tall on the panel (a finger's target is 9 mm, so it is read from a bench)
    /// and at least 1.5 times the least text size, or where the tile is too narrow for a time
    /// ("00:00" after its icon) at that size, the size it holds; the name two thirds of the
    /// time; neither under the least text size.
    static func zoneTextPoints(width: Double, height: Double, finger: Double, tileWidth: Double) -> (name: Double, time: Double) {
        let least = leastTextPoints(width, height)
        // A font's digits stand about 0.72 of its size.
        let wanted = max((finger * 5 / PanelSize.fingerMillimetres / 0.72).rounded(.up), (least * 1.5).rounded(.up))
        // The icon as wide as the time is tall, then "00:00" by estimate, in the tile less its bars.
        let held = (tileWidth * 0.85 / (TextLines.estimatedWidth("00:00", points: 1) + 1)).rounded(.down)
        let time = max(least, min(wanted, held))
        return (max(least, (time / 1.5).rounded(.down)), time)
    }

    /// The sizes of the names and times on zone tiles `tileWidth` wide, points (see
    /// ``zoneTextPoints(width:height:finger:tileWidth:)``).
    public func zoneTextPoints(tileWidth: Double) -> (name: Double, time: Double) {
        Self.zoneTextPoints(width: viewWidth, height: viewHeight, finger: panel.fingerPixels, tileWidth: tileWidth)
    }

    /// The narrowest a zone tile gets before the tiles wrap onto another row, pixels: room for
    /// a short name and a time in the tiles' type.
    public static let zoneTileMinWidth = 84.0

    /// The strip's height: a tenth of the shorter side within 48…84 pixels and never under a
    /// `finger`'s target (48 pixels on a 7-inch 800×480 panel), so two or three names fit across it.
    private static func stripHeight(_ w: Double, _ h: Double, finger: Double) -> Double {
        max(finger, min(84, max(48, (min(w, h) * 0.1).rounded())))
    }

    /// The top `height` pixels of `area`, which loses them and a gap.
    private static func cutTop(height: Double, from area: inout Rect, gap: Double) -> Rect {
        let top = Rect(x: area.x, y: area.y, width: area.width, height: min(height, area.height))
        area = Rect(x: area.x, y: top.maxY + gap, width: area.width, height: max(1, area.maxY - top.maxY - gap))
        return top
    }

    /// The largest square centred in `area`.
    private static func square(in area: Rect) -> Rect {
        let side = min(area.width, area.height)
        return Rect(x: area.center.x - side / 2, y: area.center.y - side / 2, width: side, height: side)
    }

    /// The view's size in pixels (the window's, sides swapped at 90° and 270°).
    public var viewWidth: Double { turn.viewWidth }
    public var viewHeight: Double { turn.viewHeight }
    /// Screen angle of the markers in the view: 12 o'clock.
    public var markerDegrees: Double { -90 }
    /// Screen angle of upright text in the view.
    public var uprightDegrees: Double { 0 }

    // MARK: - The state panel

    /// Size of the program's name in the state panel, points: at least 28.
    public var stateNamePoints: Int { max(28, Int((min(viewWidth, viewHeight) * 0.065).rounded())) }
    /// The least size of any text on the kiosk screen, points: 14 at 800×480, growing with
    /// the panel's shorter side.
    public var minimumTextPoints: Double { Self.leastTextPoints(viewWidth, viewHeight) }
    /// The least text size on a view `w`×`h` pixels: 14 at 800×480, scaled by the shorter side.
    private static func leastTextPoints(_ w: Double, _ h: Double) -> Double { (14 * min(w, h) / 480).rounded() }
    /// Size of the time in the state panel, points.
    public var stateTimePoints: Int { max(36, Int((min(viewWidth, viewHeight) * 0.1).rounded())) }
    /// The size the running view aims to set the time left at, points: digits 19 % of the
    /// view's height (a font's digits stand about 0.72 of its size), so they are at least 18 %
    /// of the panel's height, readable from across the room.
    /// On a panel whose size is known they stand at least ``PanelSize/heroDigitMillimetres``.
    public var heroPoints: Double {
        let known = panel.source == .assumed ? 0 : panel.pixels(millimetres: PanelSize.heroDigitMillimetres)
        return (max(viewHeight * 0.19, known) / 0.72).rounded(.up)
    }

    // MARK: - The ring of time left

    /// While a countdown is there the rings step back, and a ring of the time left goes round
    /// the button, outside its long-press ring and the "Done" halo: its radius and its stroke
    /// width, pixels.
    public var timeLeftRadius: Double { buttonRadius + radius * 0.1 }
    public var timeLeftWidth: Double { max(4, (radius * 0.035).rounded()) }
    // MARK: - The running view's actions

    /// The radius of Stop and "+N min": a fifth of the rings', and never under 1.2 times half a
    /// finger's target.
    public var actionRadius: Double { max(panel.fingerPixels * 0.6, (radius * 0.2).rounded()) }

    // MARK: - The set point

    /// Centre and radius of the set point's track or knob face, view pixels.
    public var settingCenter: Point? { settingRect?.center }
    public var settingRadius: Double {
        guard let settingRect else { return 0 }
        return settingRect.width / 2 - settingThumbRadius - 4
    }
    /// The set point's thumb, pixels: drawn a finger's target across (a touch within twice
    /// this takes it).
    public var settingThumbRadius: Double { max(panel.fingerPixels / 2, ((settingRect?.width ?? 0) * 0.07).rounded()) }
    /// Drag distance through a knob's whole range, pixels.
    public var knobDragPixels: Double { max(160, (3 * settingRadius).rounded()) }

    /// The dial band: 16 % of the dial's outer radius (``dialBandShare``), and a finger's
    /// target wide (up to 40 %).
    public var dialOuterRadius: Double { radius * 0.94 }
    public var dialInnerRadius: Double {
        dialOuterRadius - min(dialOuterRadius * 0.4, max(dialOuterRadius * Self.dialBandShare, panel.fingerPixels))
    }
    /// The dial band's width as a share of its outer radius where a finger needs no more.
    static let dialBandShare = 0.16
    /// The wheel, inside the dial with a gap for the wheel's marker.
    public var wheelOuterRadius: Double { dialInnerRadius - radius * 0.03 }
    public var wheelInnerRadius: Double { wheelOuterRadius * 0.3 }
    /// The centre button, a little inside the hub.
    public var buttonRadius: Double { wheelInnerRadius * 0.93 }

    /// Size of the icons on the wheel and where their centres sit.
    public var iconSize: Double { (wheelOuterRadius - wheelInnerRadius) * 0.3 }
    public var iconRadius: Double { wheelInnerRadius + (wheelOuterRadius - wheelInnerRadius) * 0.4 }
    /// Program-name font size (the least text size, or more on a large wheel) and where the
    /// names sit: outside the icons, where a segment is widest.
    public var labelPoints: Int { Int(max(minimumTextPoints, wheelOuterRadius * 0.07).rounded()) }
    public var labelRadius: Double { wheelInnerRadius + (wheelOuterRadius - wheelInnerRadius) * 0.78 }
    /// Dial-number font size and where the numbers sit.
    public var dialNumberPoints: Int { Int(max(minimumTextPoints, dialOuterRadius * Self.dialBandShare * 0.6).rounded()) }
    public var dialNumberRadius: Double { (dialInnerRadius + dialOuterRadius) / 2 - (dialOuterRadius - dialInnerRadius) * 0.06 }
    /// Button-label font size.
    public var buttonLabelPoints: Int { max(8, Int(max(buttonRadius * 0.36, minimumTextPoints).rounded())) }
    /// Size of the markers.
    public var dialMarkerSize: Double { radius * 0.05 }
    public var wheelMarkerSize: Double { radius * 0.026 }

    /// Size of the service badge and where it sits: the rings' top-left corner as the person
    /// sees the panel, clear of the rings and of everything beside them.
    public var serviceBadgeSize: Double { max(28, radius * 0.07) }
    public var serviceBadgeCenter: Point {
        let reach = radius - serviceBadgeSize * 0.9
        return Point(x: center.x - reach, y: center.y - reach)
    }

    /// Diameter of the remote-start arming control (with `[mqtt] control = "armed"`) and
    /// where it sits: the rings' bottom-left corner as the person sees the panel, big enough
    /// to tap, clear of the rings.
    public var remoteArmSize: Double { max(panel.fingerPixels, radius * 0.22) }
    public var remoteArmCenter: Point {
        let reach = radius - remoteArmSize * 0.62  // room for its ring
        return Point(x: center.x - reach, y: center.y + reach)
    }
}
