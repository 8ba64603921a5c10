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

/// One scene in motion: its state, moved on one frame at a time, and its draw list. One
/// finger goes down where the motion starts and moves on every frame.
struct BenchMotion {
    /// What is drawn, and how.
    private enum Look {
        case kiosk(KioskView), arc(ArcSliderLook), knob(KnobLook), strip(StripLook)
    }

    private let look: Look
    /// The kiosk scene's session (nil for the others).
    private var session: KioskSession?
    /// The control scenes' one control.
    private var panel = ControlPanel()
    private let background = Theme().background

    /// `scene` laid out in a `width`×`height` window; the strip's names measured with `fonts`.
    init(_ scene: BenchScene, width: Double, height: Double, fonts: FontBook) throws {
        let center = Point(x: width / 2, y: height / 2), radius = min(width, height) * 0.4
        switch scene {
        case .kiosk:
            let layout = try ScreenLayout(width: width, height: height, hasStrip: true, hasSetting: true)
                .measuringStrip(Program.demoCategories, with: fonts)
            let session = KioskSession(screen: KioskScreen(layout: layout, programs: Program.demoInCategories, dialMinutes: Program.defaultDialMinutes,
                                                           categories: Program.demoCategories),
                                       settings: SessionSettings())
            look = .kiosk(KioskView(screen: session.screen, theme: Theme()))
            self.session = session
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
            let height = min(width, height) * 0.12
            let widths = try fonts.stripItemWidths(names, stripHeight: height)
            panel.add(StripControl(id: "strip", labels: names, itemWidths: widths, x: 0, y: center.y - height / 2,
                                   width: width, height: height))
            look = .strip(StripLook(for: panel.strips[0]))
        }
        touch(.down, frame: 0)
    }

    /// Frame `n`'s motion: the finger moves on.
    mutating func advance(frame n: Int) {
        touch(.moved, frame: n)
        if session != nil {
            _ = session?.advance(by: 1.0 / 60)
        } else {
            _ = panel.advance(by: 1.0 / 60)
        }
    }

    /// What to draw now.
    var drawList: DrawList {
        switch look {
        case .kiosk(let view):
            guard let session else { return DrawList() }
            return view.drawList(session.screen, overlay: ScreenOverlay(session))
        case .arc(let look): return DrawList([.fill(nil, background)] + ArcSliderDrawing.commands(panel.sliders[0], look: look))
        case .knob(let look): return DrawList([.fill(nil, background)] + KnobDrawing.commands(panel.sliders[0], look: look))
        case .strip(let look): return DrawList([.fill(nil, background)] + StripDrawing.commands(panel.strips[0], look: look))
        }
    }

    /// The finger at frame `n`: round the wheel 1.5° a frame, to and fro along the arc,
    /// up and down over the knob, to and fro across the strip.
    private mutating func touch(_ phase: PointerEvent.Phase, frame n: Int) {
        let time = Double(n) / 60, swing = 1 - cos(time * 1.5)
        let point: Point
        switch look {
        case .kiosk:
            guard let wheel = session?.screen.wheel else { return }
            point = Degrees.point(at: wheel.markerDegrees + 1.5 * Double(n), radius: (wheel.innerRadius + wheel.outerRadius) / 2,
                                  around: wheel.center)
            _ = session?.pointer(PointerEvent(phase, at: point, time: time))
            return
        case .arc:
            let arc = panel.sliders[0]
            point = Degrees.point(at: arc.track.startDegrees + arc.track.sweepDegrees * 0.45 * swing, radius: arc.radius,
                                  around: arc.center)
        case .knob:
            let knob = panel.sliders[0]
            point = Point(x: knob.center.x, y: knob.center.y - 90 * swing)
        case .strip:
            let strip = panel.strips[0]
            point = Point(x: strip.markerX - strip.width * 0.3 * sin(time * 1.5), y: strip.y + strip.height / 2)
        }
        _ = panel.handle(PointerEvent(phase, at: point, time: time))
    }
}
