import GoldenSupport
import RotaryKit
import RotarySDL
import SessionSupport
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Everything that draws through SDL and FreeType in this process, one test at a time
/// (fonts are not shared across threads).
@Suite("Drawing", .serialized)
struct DrawingTests {}

extension DrawingTests {
/// The screen drawn by the software renderer in known states, compared with reference PNGs.
@Suite("Golden images")
struct GoldenImageTests {
    let golden = GoldenImage(besides: #filePath, maxPixels: 40)

    @Test("at rest on the first program and its 15 minutes", arguments: [(400.0, 400.0), (800.0, 480.0)])
    func atRest(width: Double, height: Double) throws {
        let screen = KioskScreen.demo(width: width, height: height)
        try golden.check(OffscreenRendering.render(screen), named: "rest-\(Int(width))x\(Int(height))")
    }

    @Test("mid-turn: wheel held a third of a segment past program 2, dial on 15, button pressed",
          arguments: [(400.0, 400.0), (800.0, 480.0)])
    func midTurn(width: Double, height: Double) throws {
        var screen = KioskScreen.demo(width: width, height: height)
        let wheel = screen.wheel, centre = screen.layout.center
        let radius = (wheel.innerRadius + wheel.outerRadius) / 2
        _ = screen.turn(.dial, .item(3))
        _ = screen.panel.advance(by: 2)
        let from = wheel.markerDegrees, to = from + 45 * 2 + 15
        _ = screen.panel.handle(PointerEvent(.down, finger: 1, at: Degrees.point(at: from, radius: radius, around: centre), time: 0))
        for step in 1...20 {
            let degrees = from + (to - from) * Double(step) / 20
            _ = screen.panel.handle(PointerEvent(.moved, finger: 1, at: Degrees.point(at: degrees, radius: radius, around: centre),
                                                 time: Double(step) / 60))
        }
        _ = screen.panel.handle(PointerEvent(.down, finger: 2, at: centre, time: 0.5))
        #expect(screen.wheel.selectedIndex == 2)
        #expect(screen.button.isPressed)
        try golden.check(OffscreenRendering.render(screen), named: "midturn-\(Int(width))x\(Int(height))")
    }

    @Test("a panel mounted turned: rotation 90 on a portrait window")
    func rotated() throws {
        let screen = KioskScreen.demo(width: 300, height: 480, rotation: 90)
        try golden.check(OffscreenRendering.render(screen), named: "rotate90-300x480")
    }

    @Test("every control: strip, rings, state and set point use the whole panel in each shape and when turned",
          arguments: [(800.0, 480.0, 0), (1080, 1080, 0), (1080, 1920, 0), (800, 480, 90)])
    func everyControl(width: Double, height: Double, rotation: Int) throws {
        let screen = try OffscreenRendering.fullScreen(width: width, height: height, rotation: rotation)
        let name = "every-\(Int(width))x\(Int(height))" + (rotation == 0 ? "" : "-r\(rotation)")
        try golden.check(OffscreenRendering.render(screen), named: name)
    }

    @Test("the other category: its programs on the wheel and the knob for the first one's spin speed")
    func otherCategory() throws {
        var screen = try OffscreenRendering.fullScreen(width: 800, height: 480)
        let shown = screen.showCategory(1)
        #expect(shown)
        screen.dial.place(atCoordinate: Double(screen.dialIndex(forMinutes: 45)))
        #expect(screen.setting?.mode != .arc && screen.shownSetting?.name == "Spin")
        try golden.check(OffscreenRendering.render(screen), named: "every-800x480-laundry")
    }

    @Test("four categories in a strip of room for two: the first name at the strip's edge, a chevron where more lie",
          arguments: [(800.0, 480.0, 0), (800, 480, 2), (1920, 1080, 0)])
    func fourCategories(width: Double, height: Double, category: Int) throws {
        let names = ["Sauna", "Laundry", "Tanning", "Spa"]
        let programs = Program.demo.enumerated().map { index, program in
            Program(name: program.name, icon: program.icon, minutes: program.minutes, category: names[index / 2])
        }
        let layout = try OffscreenRendering.withFonts {
            try ScreenLayout(width: width, height: height, hasStrip: true, hasSetting: false).measuringStrip(names, with: $0)
        }
        var screen = KioskScreen(layout: layout, programs: programs, dialMinutes: Program.defaultDialMinutes, categories: names)
        #expect(screen.showCategory(category) || category == 0)
        try golden.check(OffscreenRendering.render(screen), named: "categories4-\(Int(width))x\(Int(height))-\(category)")
    }

    @Test("the running view's faces: running (Pause), paused (Resume), holding Stop (its fill), done")
    func timerFaces() throws {
        var session = KioskSession(screen: KioskScreen.demo(width: 400, height: 400), settings: SessionSettings())
        let stop = session.screen.layout.stopCenter
        func advance(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { _ = session.advance(by: 1.0 / 60) } }
        _ = session.key("Return")
        advance(75.5)
        try golden.check(OffscreenRendering.render(session), named: "timer-running-400")
        _ = session.key("Return")
        try golden.check(OffscreenRendering.render(session), named: "timer-paused-400")
        _ = session.pointer(PointerEvent(.down, finger: 3, at: stop, time: 0))
        advance(0.9)
        #expect(session.screen.stop.longPressProgress > 0.5)
        try golden.check(OffscreenRendering.render(session), named: "timer-holding-400")
        _ = session.pointer(PointerEvent(.up, finger: 3, at: stop, time: 1))  // let go early: nothing stops
        _ = session.key("Return")  // resume
        advance(15 * 60 - 75.5 + 0.5)  // half a second into "Done": the halo swells
        #expect(session.buttonFace.label == "Done")
        try golden.check(OffscreenRendering.render(session), named: "timer-done-400")
    }

    @Test("a theme replaces built-in art with its own PNG and SVG files")
    func themeFiles() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let png = dir.appendingPathComponent("red.png").path
        let red = PixelBuffer(width: 8, height: 8, fill: 0xFFE0_1010)
        try Surface(red).savePNG(to: png)
        let svg = dir.appendingPathComponent("dot.svg").path
        try ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#00ff00"/></svg>"##
            .write(toFile: svg, atomically: true, encoding: .utf8)
        var theme = Theme()
        theme.segmentTextures = [.file(png)]
        let programs = [Program(name: "", icon: svg, minutes: 5), Program(name: "", icon: svg, minutes: 10)]
        let screen = KioskScreen(layout: ScreenLayout(width: 400, height: 400), programs: programs, dialMinutes: [0, 5])
        let picture = try OffscreenRendering.render(screen, theme: theme)
        let layout = screen.layout
        let texture = Degrees.point(at: -90 + 30, radius: layout.wheelInnerRadius + 12, around: layout.center)
        let icon = Degrees.point(at: -90, radius: layout.iconRadius, around: layout.center)
        #expect(picture.pixel(x: Int(texture.x), y: Int(texture.y)) == RGBA(0xE0, 0x10, 0x10))
        let dot = picture.pixel(x: Int(icon.x), y: Int(icon.y))
        #expect(dot.g > 200 && dot.r < 60)
    }

    @Test("the drawing follows the model: the item under the marker is the bright one")
    func selectedIsBright() throws {
        var screen = KioskScreen.demo(width: 400, height: 400)
        let before = try OffscreenRendering.render(screen)
        _ = screen.turn(.wheel, .steps(1))
        _ = screen.panel.advance(by: 2)
        let after = try OffscreenRendering.render(screen)
        let layout = screen.layout
        // Near the hub: the segments' own art, clear of icons and names.
        let depth = layout.wheelInnerRadius + (layout.wheelOuterRadius - layout.wheelInnerRadius) * 0.12
        let probe = Degrees.point(at: -90 - 12, radius: depth, around: layout.center)
        func brightness(_ s: Surface) -> Int {
            let p = s.pixel(x: Int(probe.x), y: Int(probe.y))
            return Int(p.r) + Int(p.g) + Int(p.b)
        }
        // Program 1 now sits under the marker at full opacity; before it was program 0 there.
        #expect(brightness(after) != brightness(before))
        let marker = Degrees.point(at: -90 + 45, radius: depth, around: layout.center)
        let dimmedNow = after.pixel(x: Int(marker.x), y: Int(marker.y))
        let brightBefore = before.pixel(x: Int(probe.x) , y: Int(probe.y))
        #expect(Int(dimmedNow.r) + Int(dimmedNow.g) + Int(dimmedNow.b) < Int(brightBefore.r) + Int(brightBefore.g) + Int(brightBefore.b))
    }
}

@Suite("Text")
struct TextTests {
    @Test("UTF-8 names in other scripts render as glyphs, not as empty boxes of one width",
          arguments: ["Сауна", "Σάουνα", "Wash 40°"])
    func otherScripts(name: String) throws {
        _ = OffscreenRendering.system
        let text = try OffscreenRendering.withFonts { try $0.font(size: 24).render(name, color: RGBA(255, 255, 255)) }
        #expect(text.width >= name.count * 8)
        let inked = (0..<text.height).flatMap { y in (0..<text.width).map { x in text.pixel(x: x, y: y).a } }
            .filter { $0 > 128 }.count
        #expect(inked > name.count * 10)
    }

    @Test("a name too long for its segment shrinks, then ends in an ellipsis, within the width")
    func fitting() throws {
        _ = OffscreenRendering.system
        let long = String(repeating: "Extra long program name ", count: 3)
        let text = try OffscreenRendering.withFonts { try $0.renderFitting(long, size: 24, maxWidth: 150, color: RGBA(255, 255, 255)) }
        #expect(text.width <= 150)
        #expect(text.width > 60)
    }
}
}
