import RotaryKit

/// The kiosk screen as a draw list: the rings, their markers, the centre button saying what
/// a tap does, the running view's Stop and "+N min", the category strip, the big state
/// (program and time, and what the screen says in words), the set point, and the overlay
/// (focus ring, "Done" halo, service badge, dimming). Pure: the looks are worked out once per layout, controls and theme, and each
/// frame is a list of plain values computed from the screen and its overlay, drawn in the
/// layout's view and turned onto the window.
package struct KioskView: Sendable {
    package let layout: ScreenLayout
    private let theme: Theme
    private let stripLook: StripLook?
    /// The set point's look, while the selected program has one (the view is rebuilt when it
    /// comes, goes or changes).
    private let settingLook: ScreenLooks.SettingLook?
    private let background: RGBA
    private let wheelLook: RingLook
    private let dialLook: RingLook
    private let dialMarker: MarkerLook
    private let wheelMarker: MarkerLook
    private let buttonLook: ButtonLook
    /// The running view's Stop and "+N min".
    private let actionLook: ButtonLook
    /// The window outside the dial's square, as up to four bands: the rings' own opaque
    /// backdrop paints the square, so the background is not painted twice.
    private let backgroundFills: [Rect]

    /// The colours of the overlay.
    static let haloColor = RGBA(251, 191, 36)
    static let cancelColor = RGBA(248, 113, 113)
    static let focusColor = RGBA(96, 165, 250)
    /// The badge in the corner while something needs an operator.
    static let badgeArt = ArtSource.builtIn("ui/service-badge")
    /// The remote-start arming control.
    static let armArt = ArtSource.builtIn("ui/remote-arm")
    static let armedColor = RGBA(74, 222, 128)

    /// The view of `screen`'s layout and controls in `theme`.
    package init(screen: KioskScreen, theme: Theme) {
        layout = screen.layout
        self.theme = theme
        stripLook = screen.strip.map { ScreenLooks.strip($0, theme: theme) }
        if let slider = screen.setting, let setting = screen.shownSetting {
            settingLook = ScreenLooks.setting(slider, for: setting, theme: theme, numbers: screen.locale.numbers)
        } else {
            settingLook = nil
        }
        background = RGBA(theme.background.r, theme.background.g, theme.background.b)
        wheelLook = ScreenLooks.wheel(screen, theme: theme)
        dialLook = ScreenLooks.dial(screen, theme: theme)
        dialMarker = ScreenLooks.marker(size: layout.dialMarkerSize, theme: theme)
        wheelMarker = ScreenLooks.marker(size: layout.wheelMarkerSize, theme: theme)
        buttonLook = ScreenLooks.button(layout, theme: theme)
        actionLook = ScreenLooks.action(layout, theme: theme)
        backgroundFills = Self.bands(around: Self.ringSquare(layout), in: Rect(x: 0, y: 0, width: layout.viewWidth, height: layout.viewHeight))
    }

    /// The square the rings paint opaque, view pixels.
    private static func ringSquare(_ layout: ScreenLayout) -> Rect {
        Rect(center: layout.center, radius: layout.dialOuterRadius + 1).pixelAligned
    }
    private var ringSquare: Rect { Self.ringSquare(layout) }

    /// One frame of `screen` with `overlay` over it, in window pixels.
    package func drawList(_ screen: KioskScreen, overlay: ScreenOverlay) -> DrawList {
        layout.turn.window(viewList(screen, overlay: overlay).keepingText(atLeast: layout.minimumTextPoints, narrowest: Self.narrowestText))
    }

    /// One frame in the layout's view.
    private func viewList(_ screen: KioskScreen, overlay: ScreenOverlay) -> DrawList {
        var list = DrawList(backgroundFills.map { .fill($0, background) })
        // The rings paint their own square; while they step back it is painted here.
        if overlay.counting { list.append(.fill(ringSquare, background)) }
        list.append(contentsOf: state(screen, overlay))
        for control in KioskControl.allCases { list.append(contentsOf: commands(for: control, screen, overlay)) }
        if let arming = overlay.arming { list.append(contentsOf: armingControl(arming, numbers: screen.locale.numbers)) }
        if let focused = overlay.focusedControl, let ring = focusRing(on: focused, screen, overlay) { list.append(ring) }
        if overlay.serviceBadge {
            let size = layout.serviceBadgeSize
            list.append(.image(ImageDraw(art: Self.badgeArt, center: layout.serviceBadgeCenter, width: size, height: size,
                                         degrees: layout.uprightDegrees)))
        }
        if overlay.dimmed { list.append(.fill(nil, RGBA(0, 0, 0, 190))) }
        return list
    }

    /// The program's name and its time (the dial's minutes, or the countdown) written large,
    /// and while a countdown is there, its state on a band of the state's colour under them
    /// (icon and word, so colour is never the only cue), when it ends ("until 14:35"), the set
    /// point's value, and a line for what the screen says in words (``ScreenOverlay/notice``).
    /// Stacked from the top with even gaps. While a countdown is there the strip, the rings
    /// and the set point step back: this is the running view, written in
    /// ``ScreenLayout/runningRect``, its time the hero (see
    /// ``hero(_:width:height:goal:least:)``), one size in every state; paused, it pulses
    /// slowly; on "Done" the time it finished stands in its place.
    private func state(_ screen: KioskScreen, _ overlay: ScreenOverlay) -> [DrawCommand] {
        let counting = overlay.counting
        let rect = counting ? layout.runningRect : layout.stateRect
        let locale = screen.locale
        let name = overlay.countdownProgram ?? screen.selectedProgram?.name ?? ""
        let time = counting
            ? TimeText.format(seconds: overlay.countdownSecondsLeft, numbers: locale.numbers)
            : locale.words.minutes(screen.selectedMinutes, numbers: locale.numbers)
        let namePoints = Double(layout.stateNamePoints)
        let smallPoints = max(layout.minimumTextPoints, namePoints * 0.6)
        func text(_ string: String, points: Double, color: RGBA, hero: Double? = nil) -> StateLine {
            // The hero time stands in the middle, squeezed `hero`; the rest at the reading start.
            StateLine(height: points * 1.25) { area, y in
                [.text(TextDraw(string, points: Int(points), center: Point(x: area.center.x, y: y), maxWidth: area.width, color: color,
                                alignment: hero == nil ? locale.panelAlignment : .center, widthScale: hero ?? 1,
                                narrowestFit: Self.narrowestText))]
            }
        }
        /// `string` on one line, or two where one is too narrow for it.
        func wrapped(_ string: String, points: Double, color: RGBA) -> StateLine {
            let lines = TextLines.split(string, points: Int(points), width: rect.width)
            let parts = lines.map { text($0, points: points, color: color) }
            return StateLine(height: parts.map(\.height).reduce(0, +)) { area, y in
                parts.enumerated().flatMap { index, part in
                    part.draw(area, (y + (Double(index) - Double(parts.count - 1) / 2) * part.height).rounded())
                }
            }
        }
        let nameLine = text(name, points: namePoints, color: theme.textColor)
        guard counting else {
            // A refused start is said in words under the time, large and in a warm colour.
            let timeLine = text(time, points: Double(layout.stateTimePoints), color: theme.dialTickColor)
            let said = overlay.notice.map { wrapped($0, points: namePoints * 0.8, color: theme.pausedColor.mixed(with: RGBA(255, 255, 255), 0.6)) }
            return StateLine.stack([nameLine, timeLine] + (said.map { [$0] } ?? []), in: rect)
        }
        let notice = overlay.notice.map { wrapped($0, points: smallPoints, color: theme.textColor) }
        // The running view. Its head (the program and the state's band) goes above the button
        // where the layout has room there (portrait), else first and third over the time.
        let head = layout.runningHeadRect
        var band: StateLine?
        if let word = Self.stateWord(overlay.timerState, words: locale.words) {
            band = StateLine(height: namePoints * 1.5) { area, y in
                self.stateBand(word, state: overlay.timerState, in: area, centerY: y, points: namePoints, locale: locale)
            }
        }
        // Under the time, what the screen says in words, else when it ends; its room kept in
        // every state, so nothing moves as it pauses or something is said.
        let until = overlay.endsAt.map { text(locale.words.filling(\.until, with: $0), points: smallPoints, color: theme.dialTickColor) }
        var after = [notice ?? until ?? StateLine(height: smallPoints * 1.25) { _, _ in [] }]
        if layout.hasSetting {
            // Its room is kept for every program, so the time keeps one size.
            let value = settingLook.flatMap { look in screen.setting.map { look.value.text($0.value) } } ?? ""
            after.append(text(value, points: smallPoints, color: theme.dialTickColor))
        }
        // Room for the band whether it shows or not; the time is sized for the longest it
        // shows (its whole length), so it keeps one size from its start (1:00:00) to its end.
        let bandRoom = namePoints * 1.5
        let beside = after.map(\.height).reduce(0, +) + (head == nil ? nameLine.height + bandRoom : 0)
        let longest = TimeText.format(seconds: overlay.countdownSeconds, numbers: locale.numbers)
        // Arabic-Indic digits stand about 0.85 as high as western ones at one size.
        let goal = layout.heroPoints * (locale.numbers.digits == .western ? 1 : 1.2)
        let hero = Self.hero(longest.count > time.count ? longest : time, width: rect.width, height: rect.height - beside,
                             goal: goal, least: layout.minimumTextPoints)
        var heroLine = text(time, points: hero.points, color: theme.textColor.fading(overlay.pausedFade), hero: hero.widthScale)
        if overlay.timerState == .finished {
            // The time it finished, in its words, in the hero's room.
            let finished = overlay.finishedAt.map { locale.words.filling(\.finishedAt, with: $0) } ?? locale.words.done
            let line = text(finished, points: min(hero.points, namePoints * 1.6), color: theme.textColor)
            heroLine = StateLine(height: heroLine.height, draw: line.draw)
        }
        let bandLine = band ?? StateLine(height: bandRoom) { _, _ in [] }
        if let head {
            return StateLine.stack([nameLine, bandLine], in: head) + StateLine.stack([heroLine] + after, in: rect)
        }
        return StateLine.stack([nameLine, heroLine, bandLine] + after, in: rect)
    }

    /// A line of the state: its height, and what it draws across an area centred at a y.
    private struct StateLine {
        var height: Double
        var draw: (Rect, Double) -> [DrawCommand]

        /// `lines` stacked down `area` from its top with even gaps.
        static func stack(_ lines: [StateLine], in area: Rect) -> [DrawCommand] {
            let gap = max(0, (area.height - lines.map(\.height).reduce(0, +)) / Double(lines.count + 1))
            var y = area.y + gap
            var commands: [DrawCommand] = []
            for line in lines {
                commands += line.draw(area, (y + line.height / 2).rounded())
                y += line.height + gap
            }
            return commands
        }
    }

    /// Where the state is written, view pixels: beside the rings, and while a countdown is
    /// there (`counting`) the running view's room, its head above the button included.
    package static func stateArea(_ layout: ScreenLayout, counting: Bool) -> Rect {
        guard counting else { return layout.stateRect }
        return layout.runningHeadRect.map { layout.runningRect.union($0) } ?? layout.runningRect
    }

    /// The size of a countdown's time in the running view, points, and how far it is squeezed
    /// sideways: as large as `width` and `height` allow (its line 1.25 of the size high) up to half as large again as `goal`; where the width
    /// keeps it under `goal`, it reaches `goal` (or as near as the height allows) squeezed to
    /// no less than ``narrowestHero`` of its width. Never under `least` (the least size of any
    /// text: where even that does not fit, the panel is too small).
    static func hero(_ time: String, width: Double, height: Double, goal: Double, least: Double) -> (points: Double, widthScale: Double) {
        // Digits about 0.7 of the size wide, a colon 0.4, and a little to spare.
        let fits = width / (max(2.8, time.reduce(0) { $0 + ($1.isNumber ? 0.7 : 0.4) }) * 1.03)
        let tall = height / 1.25
        let natural = min(fits, tall, goal * 1.5)
        let points = max(least, (natural >= goal ? natural : min(tall, goal, fits / narrowestHero)).rounded(.down))
        return (points, max(narrowestHero, min(1, fits / points)))
    }

    /// The least share of its width the hero time is squeezed to: digits squeezed further
    /// read as another typeface from across the room, so past this they are set smaller.
    static let narrowestHero = 0.9
    /// How far a name or word too long for its room even at its smallest size is squeezed
    /// sideways before it is cut.
    static let narrowestText = 0.55

    /// The state's band across `rect` centred at `centerY`: its colour, its icon at the
    /// reading start, its word.
    private func stateBand(_ word: String, state: TimerState, in rect: Rect, centerY: Double, points: Double,
                           locale: KioskLocale) -> [DrawCommand] {
        let height = (points * 1.5).rounded()
        let band = Rect(x: rect.x, y: (centerY - height / 2).rounded(), width: rect.width, height: height)
        let iconX = locale.direction == .leftToRight ? band.x + height / 2 : band.maxX - height / 2
        var commands: [DrawCommand] = [
            .fill(band, theme.stateColor(state)),
            .text(TextDraw(word, points: Int(points), center: band.center, maxWidth: band.width - 2 * height, color: theme.textColor,
                           narrowestFit: Self.narrowestText)),
        ]
        if let icon = Self.stateIcon(state) {
            commands.append(.image(ImageDraw(art: icon, center: Point(x: iconX, y: band.center.y), width: points, height: points)))
        }
        return commands
    }

    /// The word for a countdown's state on its band (nil: none, as before a start).
    static func stateWord(_ state: TimerState, words: KioskWords) -> String? {
        switch state {
        case .running: words.running
        case .paused: words.paused
        case .finished: words.done
        case .idle, .cancelled: nil
        }
    }

    /// The icon of a countdown's state, on the button and its band (nil: none, as before a start).
    static func stateIcon(_ state: TimerState) -> ArtSource? {
        switch state {
        case .running: .builtIn("ui/state-running")
        case .paused: .builtIn("ui/state-paused")
        case .finished: .builtIn("ui/state-done")
        case .idle, .cancelled: nil
        }
    }

    /// The icon of what a tap on the centre button does, over its word: pause while running,
    /// play while paused; "Done" keeps its check (nil: none, as before a start).
    static func actionIcon(_ state: TimerState) -> ArtSource? {
        switch state {
        case .running: stateIcon(.paused)
        case .paused: stateIcon(.running)
        case .finished, .idle, .cancelled: stateIcon(state)
        }
    }

    /// What `control` looks like now (nothing while it is not on the screen).
    private func commands(for control: KioskControl, _ screen: KioskScreen, _ overlay: ScreenOverlay) -> [DrawCommand] {
        // While a countdown is there the strip, the rings and the set point are locked and
        // step back for the running view; a ring of the time left goes round the button.
        if overlay.steppedBack(control) {
            return control == .dial ? timeLeftRing(overlay) : []
        }
        switch control {
        case .zones: return zoneTiles(overlay, locale: screen.locale)
        case .categories:
            guard let strip = screen.strip, let stripLook else { return [] }
            return StripDrawing.commands(strip, look: stripLook)
        case .setting:
            guard let slider = screen.setting, let settingLook else { return [] }
            return settingLook.commands(slider)
        case .dial:  // its numbers go over the wheel's square, which would cover them
            return RingDrawing.commands(screen.dial, look: dialLook, backdrop: background, showing: overlay.dialShowing, labels: false)
        case .wheel:  // the last ring: the dial's numbers and both markers go over it
            return RingDrawing.commands(screen.wheel, look: wheelLook, backdrop: background)
                + RingDrawing.labels(screen.dial, look: dialLook, showing: overlay.dialShowing) + markers(overlay)
        case .button: return button(screen.button, overlay, words: screen.locale.words)
        case .stop: return action(screen.stop, face: overlay.stopFace, color: theme.stopColor, holdColor: theme.stopHoldColor)
        case .extend: return action(screen.extend, face: overlay.extendFace, color: theme.extendColor, holdColor: nil)
        }
    }

    /// The ring of the time left round the button: a dim track, and over it from the top,
    /// clockwise, the share of the countdown still to run in its state's colour (whole
    /// seconds, so a countdown at rest changes the picture once a second).
    private func timeLeftRing(_ overlay: ScreenOverlay) -> [DrawCommand] {
        let share = overlay.countdownSeconds > 0 ? min(1, max(0, overlay.countdownSecondsLeft / overlay.countdownSeconds)) : 0
        let (radius, width) = (layout.timeLeftRadius, layout.timeLeftWidth)
        return [
            .arc(ArcStroke(center: layout.center, radius: radius, width: width,
                           color: theme.dialFill.mixed(with: theme.textColor, 0.15))),
            .arc(ArcStroke(center: layout.center, radius: radius, width: width, fromDegrees: -90, sweepDegrees: 360 * share,
                           color: theme.stateColor(overlay.timerState), roundCaps: true)),
        ]
    }

    /// Each zone's tile: its name (on two lines where one is too narrow and the tile has room),
    /// and under it its time left or "Done", half as large again and 5 mm tall
    /// (``ScreenLayout/zoneTextPoints``), after the state's icon, in a light tint of its
    /// state's colour, with a bar of that colour along its start; the zone the rings edit is
    /// lighter, underlined in the focus colour. Every tile sets its texts at the same sizes.
    private func zoneTiles(_ overlay: ScreenOverlay, locale: KioskLocale) -> [DrawCommand] {
        zip(layout.zoneTiles, overlay.zones).enumerated().flatMap { index, pair -> [DrawCommand] in
            let (rect, tile) = pair
            let selected = index == overlay.selectedZone
            let color = Self.zoneColor(tile.state, theme: theme)
            let bar = max(4, (rect.height * 0.08).rounded())
            let time = TimeText.format(seconds: tile.secondsLeft, numbers: locale.numbers)
            // The state's icon at the status line's start says running, paused or done.
            let status = switch tile.state {
            case .running, .paused: time
            case .finished: locale.words.done
            case .idle, .cancelled: "–"
            }
            let barX = locale.direction == .leftToRight ? rect.x : rect.maxX - bar
            let textWidth = rect.width - 3 * bar
            let sizes = layout.zoneTextPoints(tileWidth: rect.width)
            let (points, statusPoints) = (Int(sizes.name), Int(sizes.time))
            let lineStep = sizes.name * 1.1
            // The name and the time share the tile's height, the time's line below.
            let spare = max(0, rect.height - sizes.name * 1.15 - sizes.time * 1.2)
            let names = spare >= lineStep ? TextLines.split(tile.label, points: points, width: textWidth) : [tile.label]
            let statusMiddle = rect.maxY - spare / 3 - sizes.time * 0.6
            let nameMiddle = rect.y + (statusMiddle - sizes.time * 0.6 - rect.y) / 2
            // The status line leaves the icon its room at the reading start.
            let iconRoom = Self.stateIcon(tile.state) == nil ? 0 : Double(statusPoints) + bar
            let statusShift = (locale.direction == .leftToRight ? 1.0 : -1.0) * iconRoom / 2
            var commands: [DrawCommand] = [
                .fill(rect, selected ? theme.dialFill.mixed(with: theme.textColor, 0.15) : theme.dialFill),
                .fill(Rect(x: barX, y: rect.y, width: bar, height: rect.height), color),
            ] + names.enumerated().map { line, name in
                .text(TextDraw(name, points: points,
                               center: Point(x: rect.center.x, y: nameMiddle + (Double(line) - Double(names.count - 1) / 2) * lineStep),
                               maxWidth: textWidth, color: theme.textColor, narrowestFit: Self.narrowestText))
            } + [
                .text(TextDraw(status, points: statusPoints, center: Point(x: rect.center.x + statusShift, y: statusMiddle),
                               maxWidth: textWidth - iconRoom, color: Self.zoneTextColor(tile.state, theme: theme),
                               narrowestFit: Self.narrowestText)),
            ]
            if let icon = Self.stateIcon(tile.state) {
                let side = Double(statusPoints)
                let x = locale.direction == .leftToRight ? rect.x + 2 * bar + side / 2 : rect.maxX - 2 * bar - side / 2
                commands.append(.image(ImageDraw(art: icon, center: Point(x: x, y: statusMiddle), width: side,
                                                 height: side, tint: Self.zoneTextColor(tile.state, theme: theme))))
            }
            if selected { commands.append(.fill(Rect(x: rect.x, y: rect.maxY - bar, width: rect.width, height: bar), Self.focusColor)) }
            return commands
        }
    }

    /// The colour of a zone's state on its tile's bar: the state's own (``Theme/stateColor(_:)``),
    /// faded while nothing runs.
    static func zoneColor(_ state: TimerState, theme: Theme) -> RGBA {
        switch state {
        case .running, .paused, .finished: theme.stateColor(state)
        case .idle, .cancelled: theme.dialTickColor.fading(0.35)
        }
    }

    /// The colour of a zone's time or word on its tile: the state's colour lightened most of the way
    /// to white, so it reads on the dark tile (4.5:1 or more; the grey of the dial's ticks
    /// lightened likewise while nothing runs).
    static func zoneTextColor(_ state: TimerState, theme: Theme) -> RGBA {
        switch state {
        case .running, .paused, .finished: theme.stateColor(state).mixed(with: RGBA(255, 255, 255), 0.6)
        case .idle, .cancelled: theme.dialTickColor.mixed(with: RGBA(255, 255, 255), 0.3)
        }
    }

    /// `window` less `square`, as up to four bands.
    private static func bands(around square: Rect, in window: Rect) -> [Rect] {
        guard let square = square.intersection(window) else { return [window] }
        return [
            Rect(x: 0, y: 0, width: window.width, height: square.y),
            Rect(x: 0, y: square.maxY, width: window.width, height: window.maxY - square.maxY),
            Rect(x: 0, y: square.y, width: square.x, height: square.height),
            Rect(x: square.maxX, y: square.y, width: window.maxX - square.maxX, height: square.height),
        ].filter { !$0.isEmpty }
    }

    /// Both markers, flashing red and shaking sideways after a refused start.
    private func markers(_ overlay: ScreenOverlay) -> [DrawCommand] {
        let fade = UInt8(255 - 200 * min(max(overlay.rejectFlash, 0), 1))
        let nudge = overlay.rejectNudge * layout.dialMarkerSize * 0.5
        var dial = dialMarker, wheel = wheelMarker
        dial.tint = RGBA(255, fade, fade)
        wheel.tint = dial.tint
        return MarkerDrawing.commands(center: layout.center, radius: layout.dialOuterRadius + layout.dialMarkerSize * 0.45,
                                      degrees: layout.markerDegrees, look: dial, nudge: nudge)
            + MarkerDrawing.commands(center: layout.center, radius: layout.wheelOuterRadius + layout.wheelMarkerSize * 0.2,
                                     degrees: layout.markerDegrees, look: wheel, nudge: nudge)
    }

    /// The button with the kiosk's layers between its parts: the "Done" halo under the face,
    /// then its word under the icon of what a tap does.
    private func button(_ button: CenterButton, _ overlay: ScreenOverlay, words: KioskWords) -> [DrawCommand] {
        var face = overlay.buttonFace ?? ButtonFace(label: words.start)
        face.tint = theme.stateColor(overlay.timerState)
        face.icon = Self.actionIcon(overlay.timerState)
        let ring = ButtonDrawing.progressRadius(button, look: buttonLook)
        var commands: [DrawCommand] = []
        if let pulse = overlay.donePulse {
            commands.append(.arc(ArcStroke(center: button.center, radius: ring + layout.radius * 0.01 * pulse,
                                           width: buttonLook.progressWidth * (1 + 1.5 * pulse),
                                           color: Self.haloColor.fading(0.55 + 0.45 * pulse))))
        }
        commands += ButtonDrawing.face(button, face: face, look: buttonLook)
        commands += ButtonDrawing.labels(button, face: face, look: buttonLook)
        return commands
    }

    /// One of the running view's actions beside the centre button, while it is on the screen
    /// (`face` nil: hidden): its disc in `color` with its word, and where it is held towards its
    /// long press, `holdColor` filling it from the top round, under the word.
    private func action(_ button: CenterButton, face: ButtonFace?, color: RGBA, holdColor: RGBA?) -> [DrawCommand] {
        guard var face else { return [] }
        face.tint = color
        var commands = ButtonDrawing.face(button, face: face, look: actionLook)
        if let holdColor, button.longPressProgress > 0 {
            commands.append(.arc(ArcStroke(center: button.center, radius: button.radius / 2, width: button.radius,
                                           fromDegrees: layout.markerDegrees, sweepDegrees: 360 * button.longPressProgress,
                                           color: holdColor)))
        }
        return commands + ButtonDrawing.labels(button, face: face, look: actionLook)
    }

    /// The arming control: a grey disc while not armed; armed, green with the time it stays
    /// armed written in it and a ring that runs down with it.
    private func armingControl(_ face: ScreenOverlay.ArmingFace, numbers: NumberStyle) -> [DrawCommand] {
        let size = layout.remoteArmSize, center = layout.remoteArmCenter
        guard let left = face.secondsLeft else {
            return [.image(ImageDraw(art: Self.armArt, center: center, width: size, height: size, degrees: layout.uprightDegrees,
                                     tint: RGBA(200, 200, 200, 150)))]
        }
        let ring = size / 2 + max(2, size * 0.06)
        let textAt = Point(x: center.x, y: center.y + size * 0.26)
        return [
            .image(ImageDraw(art: Self.armArt, center: center, width: size, height: size, degrees: layout.uprightDegrees,
                             tint: Self.armedColor)),
            .arc(ArcStroke(center: center, radius: ring, width: max(2, size * 0.06), fromDegrees: -90,
                           sweepDegrees: 360 * min(1, left / max(1, face.armSeconds)), color: Self.armedColor)),
            .text(TextDraw(TimeText.format(seconds: left, numbers: numbers), points: max(8, Int((size * 0.2).rounded())),
                           center: textAt, maxWidth: size * 0.8, degrees: layout.uprightDegrees, color: RGBA(255, 255, 255))),
        ]
    }

    /// A thin ring around the control that keys and the encoder turn (a bar under the strip).
    private func focusRing(on control: KioskControl, _ screen: KioskScreen, _ overlay: ScreenOverlay) -> DrawCommand? {
        let width = max(2, layout.radius * 0.008)
        func circle(_ center: Point, _ radius: Double) -> DrawCommand {
            .arc(ArcStroke(center: center, radius: radius, width: width, color: Self.focusColor))
        }
        switch control {
        case _ where overlay.steppedBack(control):
            return nil  // stepped back for the running view: no ring round what is not there
        case .zones:
            return nil  // not a control of the panel: keys and the encoder do not reach it
        case .categories:
            return layout.stripRect.map { .fill(Rect(x: $0.x, y: $0.maxY + width, width: $0.width, height: width), Self.focusColor) }
        case .setting:
            return screen.setting.map { circle($0.center, $0.radius + $0.thumbRadius + 2 * width) }
        case .dial: return circle(layout.center, layout.dialOuterRadius + layout.radius * 0.012)
        case .wheel: return circle(layout.center, layout.wheelOuterRadius + layout.radius * 0.006)
        case .button: return circle(screen.button.center, screen.button.radius + layout.radius * 0.03)
        case .stop: return overlay.stopFace.map { _ in circle(screen.stop.center, screen.stop.radius + layout.radius * 0.03) }
        case .extend: return overlay.extendFace.map { _ in circle(screen.extend.center, screen.extend.radius + layout.radius * 0.03) }
        }
    }
}
