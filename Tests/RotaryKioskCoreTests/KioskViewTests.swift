import Foundation
import RotaryKit
import SessionSupport
import Testing
@testable import RotaryKioskCore

/// The kiosk screen as draw-list data: what is drawn where, without pixels.
@Suite("Kiosk view: the screen as a draw list")
struct KioskViewTests {
    static let layout = ScreenLayout(width: 800, height: 480)

    func session(rotation: Int = 0) -> KioskSession {
        let screen = KioskScreen(layout: ScreenLayout(width: 800, height: 480, rotation: rotation), programs: Program.demo,
                                 dialMinutes: Program.defaultDialMinutes)
        return KioskSession(screen: screen, settings: SessionSettings())
    }

    func list(_ s: KioskSession) -> [DrawCommand] {
        KioskView(screen: s.screen, theme: Theme()).drawList(s.screen, overlay: ScreenOverlay(s)).commands
    }

    func run(_ s: inout KioskSession, seconds: Double) { s.run(seconds: seconds) }

    func texts(_ commands: [DrawCommand]) -> [TextDraw] {
        commands.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    /// The texts on the centre button (the state panel beside the rings has its own).
    func buttonTexts(_ commands: [DrawCommand], _ s: KioskSession) -> [TextDraw] {
        let centre = s.screen.layout.turn.window(s.screen.layout.center)
        return texts(commands).filter { $0.center.distance(to: centre) < s.screen.layout.wheelInnerRadius }
    }

    func rings(_ commands: [DrawCommand]) -> [RingDraw] {
        commands.compactMap { if case .ring(let r) = $0 { r } else { nil } }
    }

    func images(_ commands: [DrawCommand]) -> [ImageDraw] {
        commands.compactMap { if case .image(let i) = $0 { i } else { nil } }
    }

    /// A session whose 5-minute countdown has just finished ("Done" shows).
    func finished() -> KioskSession {
        var s = session()
        s.finishFiveMinuteCountdown()
        return s
    }

    func arcs(_ commands: [DrawCommand]) -> [ArcStroke] {
        commands.compactMap { if case .arc(let a) = $0 { a } else { nil } }
    }

    @Test("at rest: an opaque background, dial and wheel on it, two markers, the face and \"Start\" in the middle")
    func atRest() throws {
        let s = session()
        let commands = list(s)
        let fills = commands.prefix { if case .fill = $0 { true } else { false } }
        let painted = fills.compactMap { if case .fill(let rect?, Theme().background) = $0 { rect.width * rect.height } else { nil } }
        let square = Rect(center: Self.layout.center, radius: Self.layout.dialOuterRadius + 1).pixelAligned
        #expect(painted.count == fills.count && painted.count >= 2, "the background, in bands round the rings' square")
        #expect(painted.reduce(0, +) + square.width * square.height == Self.layout.width * Self.layout.height)
        let drawn = rings(commands)
        #expect(drawn.map(\.outerRadius) == [Self.layout.dialOuterRadius, Self.layout.wheelOuterRadius])
        #expect(drawn.allSatisfy { $0.backdrop == Theme().background })
        #expect(drawn.map(\.rotationDegrees) == [90, 0])
        #expect(drawn.map(\.highlighted) == [3, 0], "the dial on 15 minutes, the wheel on the first program")
        #expect(images(commands).count == 3, "two markers and the button face")
        let start = try #require(buttonTexts(commands, session()).first)
        #expect(start.text == "Start" && start.center == Self.layout.center && start.degrees == 0)
        #expect(arcs(commands).isEmpty)
    }

    /// The ring of time left round the button: its track and the share still to run.
    func timeLeft(_ commands: [DrawCommand]) -> [ArcStroke] {
        arcs(commands).filter { $0.center == Self.layout.center && $0.radius == Self.layout.timeLeftRadius }
    }

    @Test("running: the rings step back, a ring of the time left goes round the button, which says Pause; Stop and +5 min beside it")
    func running() throws {
        var s = session()
        _ = s.key("Return")
        run(&s, seconds: 150)
        let commands = list(s)
        #expect(rings(commands).isEmpty, "the wheel and the dial step back")
        let ring = timeLeft(commands)
        #expect(ring.count == 2 && ring[0].sweepDegrees >= 360, "\(ring)")
        #expect(ring.last.map { $0.fromDegrees == -90 && abs($0.sweepDegrees - 360 * 750 / 900) < 0.01 } == true, "\(ring)")
        #expect(ring.last?.color == Theme().runningColor)
        #expect(buttonTexts(commands, s).map(\.text) == ["Pause"])
        #expect(texts(commands).prefix(2).map(\.text) == ["Finnish sauna", "12:30"], "the running view beside the button")
        for (center, words) in [(Self.layout.stopCenter, ["Stop", "hold"]), (Self.layout.extendCenter, ["+5 min"])] {
            #expect(texts(commands).filter { $0.center.distance(to: center) < Self.layout.actionRadius }.map(\.text) == words)
        }
    }

    @Test("paused: Resume with the play icon on the button, paused on the band; a tap on Stop says to hold it; holding fills Stop from the top")
    func paused() throws {
        var s = session()
        _ = s.key("Return")
        run(&s, seconds: 10)
        _ = s.key("Return")
        var commands = list(s)
        #expect(buttonTexts(commands, s).map(\.text) == ["Resume"])
        let state = KioskView.stateArea(s.screen.layout, counting: true)
        #expect(texts(commands).filter { state.contains($0.center) }.map(\.text).suffix(2) == ["14:50", "paused"])
        #expect(images(commands).contains { $0.art == .builtIn("ui/state-running") && $0.center.distance(to: Self.layout.center) < 40 })
        #expect(timeLeft(commands).last?.color == Theme().pausedColor)
        #expect(arcs(commands).count == timeLeft(commands).count, "nothing round the button but the time left")
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Self.layout.stopCenter, time: s.clock))
        run(&s, seconds: 0.1)
        _ = s.pointer(PointerEvent(.up, finger: 1, at: Self.layout.stopCenter, time: s.clock))
        #expect(texts(list(s)).filter { state.contains($0.center) }.map(\.text).suffix(3) == ["14:50", "paused", "hold to cancel"])
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Self.layout.stopCenter, time: s.clock))
        run(&s, seconds: 0.5)
        commands = list(s)
        let fill = try #require(arcs(commands).last)
        #expect(fill.center == Self.layout.stopCenter && fill.color == Theme().stopHoldColor)
        #expect(fill.fromDegrees == -90 && fill.sweepDegrees > 60 && fill.sweepDegrees < 300 && fill.width == Self.layout.actionRadius)
        let word = try #require(commands.lastIndex { if case .text(let t) = $0 { t.text == "Stop" } else { false } })
        #expect(commands.firstIndex(of: .arc(fill)).map { $0 < word } == true, "the word over the fill")
    }

    @Test("Done: a halo under the face, \"Done\" on it, no time left on its ring")
    func done() throws {
        let s = finished()
        let commands = list(s)
        #expect(buttonTexts(commands, s).map(\.text) == ["Done"])
        let halo = try #require(arcs(commands).first { $0.color.r == KioskView.haloColor.r })
        #expect(halo.sweepDegrees == 360)
        let haloIndex = try #require(commands.firstIndex(of: .arc(halo)))
        let faceIndex = try #require(commands.firstIndex { if case .image(let i) = $0 { i.art == Theme().button } else { false } })
        #expect(haloIndex < faceIndex)
        #expect(timeLeft(commands).last?.sweepDegrees == 0)
    }

    /// What tells a state apart: the button's tint, the icon on it, and the band beside the
    /// rings with its colour, icon and word (nil: no band).
    func stateCues(_ s: KioskSession) -> (tint: RGBA?, buttonIcon: ArtSource?, band: RGBA?, word: String?) {
        let commands = list(s)
        let theme = Theme()
        let face = images(commands).first { $0.art == theme.button }
        let centre = s.screen.layout.turn.window(s.screen.layout.center)
        let icon = images(commands).first { $0.art != theme.button && $0.center.distance(to: centre) < s.screen.layout.buttonRadius }
        let state = KioskView.stateArea(s.screen.layout, counting: s.dialShowing != nil)
        let band = commands.compactMap { command -> (Rect, RGBA)? in
            if case .fill(let rect?, let color) = command, rect.width == state.width, rect.height < state.height { (rect, color) } else { nil }
        }.first
        let word = band.flatMap { band in texts(commands).first { band.0.contains($0.center) }?.text }
        return (face?.tint, icon?.art, band?.1, word)
    }

    @Test("idle, running, paused and done each have their own button colour, icon and word, never colour alone")
    func statesAtAGlance() throws {
        var s = session()
        let idle = stateCues(s)
        _ = s.key("Return")
        run(&s, seconds: 2)
        let running = stateCues(s)
        _ = s.key("Return")
        run(&s, seconds: 1)
        let paused = stateCues(s)
        let done = stateCues(finished())
        let theme = Theme()
        #expect(idle.tint == theme.readyColor && idle.buttonIcon == nil && idle.band == nil && idle.word == nil)
        // The button shows what a tap does: pause while running, play while paused.
        #expect(running.tint == theme.runningColor && running.buttonIcon == .builtIn("ui/state-paused")
                && running.band == theme.runningColor && running.word == "running", "\(running)")
        #expect(paused.tint == theme.pausedColor && paused.buttonIcon == .builtIn("ui/state-running")
                && paused.band == theme.pausedColor && paused.word == "paused", "\(paused)")
        #expect(done.tint == theme.doneColor && done.buttonIcon == .builtIn("ui/state-done")
                && done.band == theme.doneColor && done.word == "Done", "\(done)")
        let colours = [idle.tint, running.tint, paused.tint, done.tint].compactMap { $0 }
        #expect(Set(colours.map { "\($0)" }).count == 4, "four states, four colours")
    }

    @Test("while a countdown is there the time is the hero: larger than at rest, never set under it when paused; the set point steps back and its value is written; no text under 14 px",
          arguments: [(800.0, 480.0), (480.0, 800.0), (1280.0, 800.0)])
    func runningView(width: Double, height: Double) throws {
        let screen = KioskScreen(layout: ScreenLayout(width: width, height: height, hasStrip: true, hasSetting: true),
                                 programs: Program.demoInCategories, dialMinutes: Program.defaultDialMinutes)
        var s = KioskSession(screen: screen, settings: SessionSettings())
        #expect(s.screen.setting != nil, "the demo's first program has a set point")
        let layout = s.screen.layout
        func timeText(_ commands: [DrawCommand]) -> TextDraw? {
            texts(commands).filter { KioskView.stateArea(layout, counting: s.dialShowing != nil).contains($0.center) }
                .first { $0.text.contains(":") || $0.text.hasSuffix("min") }
        }
        let idle = list(s)
        let rest = try #require(timeText(idle))
        _ = s.key("Return")
        run(&s, seconds: 1)
        let running = list(s)
        let hero = try #require(timeText(running))
        #expect(hero.points > rest.points, "\(hero.points) at rest \(rest.points)")
        let setting = try #require(layout.settingRect)
        #expect(!running.contains { if case .arc(let arc) = $0 { setting.contains(arc.center) } else { false } }, "the set point's arc steps back")
        #expect(texts(running).contains { $0.text == "80 °C" }, "the set point's value is written in the state")
        _ = s.key("Return")
        run(&s, seconds: 1)
        #expect(try #require(timeText(list(s))).points == hero.points, "paused, the time keeps its size")
        for commands in [idle, running, list(s)] {
            for text in texts(commands) {
                #expect(Double(text.points) >= layout.minimumTextPoints, "\(text.text): \(text.points) px")
            }
        }
    }

    @Test("a countdown over an hour keeps its time's size when it passes from 1:00:00 to 59:59")
    func hourLongCountdown() throws {
        let screen = KioskScreen(layout: Self.layout, programs: Program.demo, dialMinutes: [0, 75])
        var s = KioskSession(screen: screen, settings: SessionSettings())
        _ = s.key("Tab")
        _ = s.key("End")  // 75 minutes
        run(&s, seconds: 1)
        _ = s.key("Return")
        let area = KioskView.stateArea(Self.layout, counting: true)
        func time() throws -> TextDraw {
            try #require(texts(list(s)).first { area.contains($0.center) && $0.text.contains(":") })
        }
        let early = try time()
        #expect(early.text.hasPrefix("1:"), "\(early.text)")
        for _ in 0..<(16 * 60) { _ = s.advance(by: 1) }
        let late = try time()
        #expect(!late.text.hasPrefix("1:") && late.points == early.points, "\(early.text) \(early.points), \(late.text) \(late.points)")
    }

    @Test("each state's colour keeps white text at 4.5:1 or more")
    func stateColoursContrast() {
        let theme = Theme()
        for color in [theme.readyColor, theme.runningColor, theme.pausedColor, theme.doneColor] {
            #expect(Self.contrast(RGBA(255, 255, 255), color) >= 4.5, "\(color): \(Self.contrast(RGBA(255, 255, 255), color))")
        }
    }

    @Test("a zone tile's time or word keeps 4.5:1 on the tile in every state, in the state's own colour family")
    func zoneTileContrast() {
        let theme = Theme()
        for state in [TimerState.idle, .running, .paused, .finished, .cancelled] {
            let text = KioskView.zoneTextColor(state, theme: theme)
            for tile in [theme.dialFill, theme.dialFill.mixed(with: theme.textColor, 0.15)] {
                #expect(Self.contrast(text, tile) >= 4.5, "\(state): \(Self.contrast(text, tile))")
            }
        }
        #expect(KioskView.zoneColor(.running, theme: theme) == theme.runningColor)
        #expect(KioskView.zoneColor(.paused, theme: theme) == theme.pausedColor)
    }

    /// WCAG 2.x contrast ratio of two opaque colours.
    static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        func luminance(_ c: RGBA) -> Double {
            func channel(_ v: UInt8) -> Double {
                let x = Double(v) / 255
                return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    @Test("a refused start tints both markers red and shakes them sideways, then they settle")
    func refused() throws {
        var s = session()
        _ = s.key("Tab")
        _ = s.key("Home")
        run(&s, seconds: 1)
        let calm = images(list(s)).prefix(2)
        _ = s.key("Return")
        run(&s, seconds: 0.05)
        let flashing = images(list(s)).prefix(2)
        #expect(flashing.allSatisfy { $0.tint.r == 255 && $0.tint.g < 100 })
        #expect(zip(calm, flashing).allSatisfy { $0.center != $1.center })
        run(&s, seconds: 1)
        #expect(Array(images(list(s)).prefix(2)) == Array(calm))
    }

    @Test("the focus ring goes round the control keys turn; the badge sits in its corner; dimming covers all last")
    func overlay() throws {
        var s = session()
        _ = s.key("Tab")
        let focus = try #require(arcs(list(s)).last)
        #expect(focus.radius > Self.layout.dialOuterRadius && focus.color == KioskView.focusColor && focus.center == Self.layout.center)
        #expect(!images(list(s)).contains { $0.art == KioskView.badgeArt }, "no badge before a problem")
        _ = s.report(problems: ["the state folder is read-only"])
        let badge = try #require(images(list(s)).last)
        #expect(badge.art == KioskView.badgeArt && badge.center == Self.layout.serviceBadgeCenter)
        s = session()
        run(&s, seconds: SessionSettings().dimAfterSeconds + 1)
        #expect(s.isDimmed)
        #expect(list(s).last == .fill(nil, RGBA(0, 0, 0, 190)))
    }

    @Test("a panel mounted turned: the view is laid out upright for the person and turned onto the window whole")
    func rotated() throws {
        let s = session(rotation: 90)
        let layout = s.screen.layout
        #expect(layout.viewWidth == 480 && layout.viewHeight == 800, "portrait for the person")
        let commands = list(s)
        // Level for the person (90° on the window), the wheel's names within 90° of it.
        #expect(texts(commands).allSatisfy { abs(Degrees.normalized($0.degrees - 90)) <= 90 })
        let level = texts(commands).filter { !Program.demo.map(\.name).contains($0.text) }
        #expect(level.count > 12 && level.allSatisfy { $0.degrees == 90 }, "the dial's numbers and the state")
        // The rings sit at the person's top (the window's right), the markers above them for the
        // person: to the window's right of the centre.
        let centre = layout.turn.window(layout.center)
        #expect(centre.y == 240 && centre.x > 400)
        let marker = try #require(images(commands).first)
        #expect(abs(marker.center.y - centre.y) < 1e-9 && marker.center.x > centre.x)
        #expect(rings(commands).allSatisfy { $0.center == centre && $0.markerDegrees == 0 })
        // Every fill (the background bands) stays inside the window and, with the rings' square,
        // covers it.
        let bands = commands.compactMap { if case .fill(let r?, _) = $0 { r } else { nil } }
        #expect(bands.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.maxX <= 800 && $0.maxY <= 480 })
    }

    @Test("only what moved changes from frame to frame: a turning wheel changes the wheel's square, not the dial's")
    func changedRegions() throws {
        var s = session()
        let before = KioskView(screen: s.screen, theme: Theme()).drawList(s.screen, overlay: ScreenOverlay(s))
        let c = Self.layout.center
        _ = s.pointer(PointerEvent(.down, finger: 1, at: Point(x: c.x, y: c.y - 140), time: 0))
        _ = s.pointer(PointerEvent(.moved, finger: 1, at: Point(x: c.x + 40, y: c.y - 135), time: 0.05))
        let after = KioskView(screen: s.screen, theme: Theme()).drawList(s.screen, overlay: ScreenOverlay(s))
        let regions = try #require(after.changedRegions(since: before))
        let wheel = Rect(center: Self.layout.center, radius: Self.layout.wheelOuterRadius + 1)
        #expect(regions.count == 1)
        let region = try #require(regions.first)
        #expect([region.x - wheel.x, region.y - wheel.y, region.width - wheel.width, region.height - wheel.height]
            .allSatisfy { abs($0) < 1e-9 }, "\(region) \(wheel): the names are clipped to it")
    }
}
