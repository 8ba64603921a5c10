import ArgumentParser
import Foundation
import RotaryKit
import RotarySDL

/// What a bench run draws, each moving every frame so every frame redraws it: the kiosk
/// screen with its wheel dragged 1.5° a frame, or one control alone on a plain background
/// (the arc slider's thumb dragged round its track, the knob dragged up and down, the strip
/// swiped to and fro), sized for the window as a screen of its own would be.
enum BenchScene: String, CaseIterable, ExpressibleByArgument, Sendable {
    case kiosk, arc, knob, strip
}

/// One scene in motion: its state, moved on one frame at a time, and its draw list.
struct BenchMotion {
    private var session: KioskSession
    private var panel = ControlPanel()
    private let view: KioskView
    private let scene: BenchScene
    private let background = Theme().background
    private let look: Look

    /// The look of the scene's control.
    private enum Look {
        case kiosk, arc(ArcSliderLook), knob(KnobLook), strip(StripLook)
    }

    /// `scene` laid out in a `width`×`height` window; the strip's names measured with `fonts`.
    init(_ scene: BenchScene, width: Double, height: Double, fonts: FontBook) throws {
        self.scene = scene
        session = KioskSession(screen: KioskScreen(layout: ScreenLayout(width: width, height: height), programs: Program.demo,
                                                   dialMinutes: Program.defaultDialMinutes),
                               settings: SessionSettings())
        view = KioskView(screen: session.screen, theme: Theme())
        let center = Point(x: width / 2, y: height / 2), radius = min(width, height) * 0.4
        switch scene {
        case .kiosk:
            look = .kiosk
        case .arc:
            panel.add(ArcSlider(id: "arc", center: center, radius: radius, range: 40...90, step: 1, value: 40,
                                thumbRadius: radius * 0.08))
            look = .arc(ArcSliderLook(for: panel.sliders[0], unit: "°C", caption: "Temperature"))
        case .knob:
            panel.add(ArcSlider(id: "knob", center: center, radius: radius * 0.8, startDegrees: 150, endDegrees: 30,
                                range: 0...100, step: 1, value: 0, thumbRadius: radius * 0.1,
                                mode: .knob(axis: .vertical, valuePerPixel: 0.5)))
            look = .knob(KnobLook(for: panel.sliders[0], unit: "%", caption: "Volume"))
        case .strip:
            let names = ["Sauna", "Steam", "Infrared", "Cold", "Laundry", "Drying", "Spa", "Gym", "Pool", "Kids"]
            let height = min(width, height) * 0.12, points = Int(height * 0.4)
            let widths = try names.map { Double(try fonts.font(size: points).measure($0).width) + height }
            panel.add(StripControl(id: "strip", labels: names, itemWidths: widths, x: 0, y: center.y - height / 2,
                                   width: width, height: height))
            look = .strip(StripLook(for: panel.strips[0]))
        }
        startTouch()
    }

    /// Frame `n`'s motion: the finger moves on.
    mutating func advance(frame n: Int) {
        let time = Double(n) / 60
        switch scene {
        case .kiosk:
            let wheel = session.screen.wheel, radius = (wheel.innerRadius + wheel.outerRadius) / 2
            let point = Degrees.point(at: wheel.markerDegrees + 1.5 * Double(n), radius: radius, around: wheel.center)
            _ = session.pointer(PointerEvent(.moved, at: point, time: time))
            _ = session.advance(by: 1.0 / 60)
            return
        case .arc:
            let arc = panel.sliders[0], swing = arc.track.sweepDegrees * 0.45 * (1 - cos(time * 1.5))
            _ = panel.handle(PointerEvent(.moved, at: Degrees.point(at: arc.track.startDegrees + swing, radius: arc.radius,
                                                                   around: arc.center), time: time))
        case .knob:
            let knob = panel.sliders[0]
            _ = panel.handle(PointerEvent(.moved, at: Point(x: knob.center.x, y: knob.center.y - 90 * (1 - cos(time * 1.5))),
                                          time: time))
        case .strip:
            let strip = panel.strips[0]
            _ = panel.handle(PointerEvent(.moved, at: Point(x: strip.markerX - strip.width * 0.3 * sin(time * 1.5),
                                                            y: strip.y + strip.height / 2), time: time))
        }
        _ = panel.advance(by: 1.0 / 60)
    }

    /// What to draw now.
    var drawList: DrawList {
        switch look {
        case .kiosk: view.drawList(session.screen, overlay: ScreenOverlay(session, serviceBadge: false))
        case .arc(let look): DrawList([.fill(nil, background)] + ArcSliderDrawing.commands(panel.sliders[0], look: look))
        case .knob(let look): DrawList([.fill(nil, background)] + KnobDrawing.commands(panel.sliders[0], look: look))
        case .strip(let look): DrawList([.fill(nil, background)] + StripDrawing.commands(panel.strips[0], look: look))
        }
    }

    /// A finger goes down where the scene's motion starts.
    private mutating func startTouch() {
        switch scene {
        case .kiosk:
            let wheel = session.screen.wheel, radius = (wheel.innerRadius + wheel.outerRadius) / 2
            _ = session.pointer(PointerEvent(.down, at: Degrees.point(at: wheel.markerDegrees, radius: radius,
                                                                      around: wheel.center), time: 0))
        case .arc: _ = panel.handle(PointerEvent(.down, at: panel.sliders[0].thumbCenter, time: 0))
        case .knob: _ = panel.handle(PointerEvent(.down, at: panel.sliders[0].center, time: 0))
        case .strip:
            let strip = panel.strips[0]
            _ = panel.handle(PointerEvent(.down, at: Point(x: strip.markerX, y: strip.y + strip.height / 2), time: 0))
        }
    }
}
