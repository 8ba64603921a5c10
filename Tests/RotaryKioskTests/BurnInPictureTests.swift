import Foundation
import RotaryKit
import RotarySDL
import SessionSupport
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// The burn-in shift as pixels: what a shifted frame costs and what the screenshots show (its
/// rule is tested as a value in RotaryKioskCoreTests).
@Suite("Burn-in shift: the shifted picture")
struct BurnInPictureTests {
    @Test("a shifted frame keeps the rings' art and makes only their pixel maps again, and draws what moving the frame draws")
    func ringsMoveCheaply() throws {
        let screen = KioskScreen.demo(width: 800, height: 480)
        let list = KioskView(screen: screen, theme: Theme()).drawList(screen, overlay: ScreenOverlay())
        _ = OffscreenRendering.system
        let surface = try Surface(width: 800, height: 480), renderer = try Renderer(surface: surface)
        let (first, moved) = try OffscreenRendering.withFonts { fonts -> (RingArtTime, RingArtTime) in
            let executor = DrawListExecutor(renderer: renderer, fonts: fonts)
            try executor.draw(list)
            let first = executor.ringArtTime
            try executor.draw(list.shifted(by: Point(x: 3, y: 1), behind: Theme().background))
            return (first, executor.ringArtTime)
        }
        #expect(moved.rings == first.rings * 2 && moved.art == first.art && moved.pictures == first.pictures && moved.maps > first.maps,
                "\(first) then \(moved)")
        renderer.present()
        let shifted = try renderer.readPixels()
        let whole = try OffscreenRendering.render(screen)
        var differing = 0
        for y in stride(from: 1, to: 480, by: 2) {
            for x in stride(from: 3, to: 800, by: 2) where shifted.pixel(x: x, y: y) != whole.pixel(x: x - 3, y: y - 1) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the moved rings differ from the frame drawn in place")
    }

    @Test("two screenshots a minute apart: the same picture 4 px to the right; off, it stays put")
    func screenshots() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[display]\nshift_pixels = 4\ndim_after_seconds = 0\n"),
                                          as: "kiosk.toml", in: dir)
        func picture(at seconds: Double, config: String) throws -> Surface {
            var t = Trace()
            t.wait(seconds * 1000)
            t.stamp()
            let shot = dir.appendingPathComponent("shift-\(Int(seconds)).png").path
            let run = try ReplayRun.run(t.text, size: "800x480", extra: ["--config", config, "--screenshot", shot])
            #expect(run.status == 0, "\(run.stderr)")
            return try RotarySDLSurface.load(shot)
        }
        let before = try picture(at: 30, config: config), after = try picture(at: 90, config: config)
        var moved = 0, differing = 0
        for y in stride(from: 0, to: 480, by: 3) {
            for x in stride(from: 4, to: 800, by: 3) {
                if after.pixel(x: x, y: y) != before.pixel(x: x - 4, y: y) { moved += 1 }
                if after.pixel(x: x, y: y) != before.pixel(x: x, y: y) { differing += 1 }
            }
        }
        #expect(moved == 0, "\(moved) pixels differ from the picture moved 4 px right")
        #expect(differing > 1000, "the picture did move: \(differing) pixels differ in place")
        let plain = try ConfigText.write(ConfigText.programs(["Sauna"], extra: "[display]\ndim_after_seconds = 0\n"), as: "plain.toml", in: dir)
        let still = try picture(at: 90, config: plain), start = try picture(at: 30, config: plain)
        #expect((0..<480).allSatisfy { y in still.pixel(x: 400, y: y) == start.pixel(x: 400, y: y) })
    }
}
