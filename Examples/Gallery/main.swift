// All five controls on one screen: the category strip, the program wheel with its button,
// the timer dial around it, an arc slider and a knob, each drawn by its own view into one
// draw list. `--size WxH` lays them out for any window.
// Run it, or `example-gallery --screenshot gallery.png [--size 1280x720]`.
import ExampleSupport
import RotarySDL

let app = try ExampleWindow(title: "Rotary: gallery", width: 960, height: 600)
let (w, h) = (app.width, app.height)
let background = RGBA(15, 18, 26)

// Layout: the strip across the top, the rings on the left, the slider and knob on the right.
let strip = (y: h * 0.03, height: max(32, h * 0.1))
let ringCenter = Point(x: w * 0.3, y: strip.y + strip.height + (h - strip.y - strip.height) / 2)
let dialOuter = min(w * 0.28, (h - strip.y - strip.height) * 0.47)
let dialInner = dialOuter * 0.84, wheelOuter = dialInner - dialOuter * 0.03, wheelInner = wheelOuter * 0.24
let sliderCenter = Point(x: w * 0.77, y: h * 0.42), sliderRadius = min(w * 0.13, h * 0.17)
let knobCenter = Point(x: w * 0.77, y: h * 0.8), knobRadius = min(w * 0.085, h * 0.12)

let programs = [("Finnish sauna", "flame"), ("Steam bath", "steam"), ("Infrared", "sun"), ("Cold plunge", "snowflake"),
                ("Wash 40°", "wash-warm"), ("Quick dry", "wind")]
let minutes = Array(stride(from: 0, through: 55, by: 5))
let categories = ["Sauna", "Cold", "Laundry", "Spa", "Gym"]
let widths = try app.fonts.stripItemWidths(categories, stripHeight: strip.height)

var panel = ControlPanel()
panel.add(CenterButton(id: "start", center: ringCenter, radius: wheelInner * 0.93))
panel.add(RingControl(id: "wheel", kind: .wheel, labels: programs.map(\.0), center: ringCenter,
                      innerRadius: wheelInner, outerRadius: wheelOuter))
panel.add(RingControl(id: "dial", kind: .dial, labels: minutes.map(String.init), center: ringCenter,
                      innerRadius: dialInner, outerRadius: dialOuter, selected: 3))
panel.add(StripControl(id: "category", labels: categories, itemWidths: widths, x: 0, y: strip.y, width: w,
                       height: strip.height))
panel.add(ArcSlider(id: "temperature", center: sliderCenter, radius: sliderRadius, range: 40...90, step: 5, value: 60,
                    thumbRadius: sliderRadius * 0.1))
panel.add(ArcSlider(id: "spin", center: knobCenter, radius: knobRadius, startDegrees: 150, endDegrees: 30,
                    range: 400...1600, step: 100, value: 800, thumbRadius: knobRadius * 0.2,
                    mode: .knob(axis: .both, valuePerPixel: 4)))

// Looks: each control's own, sized from the control.
var wheelLook = RingLook(items: programs.enumerated().map { i, program in
    RingItemLook(label: program.0, texture: .builtIn("segments/segment-\(i + 1)"), icon: .builtIn("icons/\(program.1)"))
}, fill: RGBA(30, 36, 50))
wheelLook.iconSize = (wheelOuter - wheelInner) * 0.3
wheelLook.iconRadius = wheelInner + (wheelOuter - wheelInner) * 0.66
wheelLook.labelSize = max(8, Int(wheelOuter * 0.07))
wheelLook.labelRadius = wheelInner + (wheelOuter - wheelInner) * 0.33
wheelLook.style.gapPixels = 2
wheelLook.style.dimmedOpacity = 0.6
var dialLook = RingLook(items: minutes.map { RingItemLook(label: String($0)) }, fill: RGBA(30, 36, 50))
dialLook.labelSize = max(8, Int((dialOuter - dialInner) * 0.55))
dialLook.labelRadius = (dialInner + dialOuter) / 2
dialLook.style.dimmedOpacity = 0.7
dialLook.style.ticksPerItem = 5
dialLook.style.tickFromRadius = dialOuter - (dialOuter - dialInner) * 0.12
dialLook.style.majorTickFromRadius = dialOuter - (dialOuter - dialInner) * 0.2
let buttonLook = ButtonLook(radius: wheelInner * 0.93)
let stripLook = StripLook(for: panel.strips[0])
let sliderLook = ArcSliderLook(for: panel.sliders[0], unit: "°C", caption: "Temperature")
let knobLook = KnobLook(for: panel.sliders[1], unit: "rpm", caption: "Spin")
let marker = MarkerLook(size: dialOuter * 0.08), smallMarker = MarkerLook(size: dialOuter * 0.045)

// The screenshot: the wheel turned two programs on, a category tapped, the slider and knob moved.
let script = ScriptStep.turn(center: ringCenter, radius: (wheelInner + wheelOuter) / 2, fromDegrees: -90, toDegrees: -90 + 120,
                             at: 0.1, duration: 0.6)
    + ScriptStep.tap(Point(x: panel.strips[0].itemCenterX(2), y: strip.y + strip.height / 2), at: 0.2, finger: 2)
    + ScriptStep.turn(center: sliderCenter, radius: sliderRadius, fromDegrees: panel.sliders[0].thumbDegrees,
                      toDegrees: panel.sliders[0].thumbDegrees + 80, at: 0.3, duration: 0.5, finger: 3)
    + ScriptStep.drag(from: knobCenter, to: Point(x: knobCenter.x, y: knobCenter.y - 60), at: 0.3, duration: 0.5, finger: 4)
try app.run(script: script, settleSeconds: 1.2) { inputs, dt in
    for input in inputs { _ = panel.apply(input) }
    _ = panel.advance(by: dt)

    var list = DrawList([.fill(nil, background)])
    list.append(contentsOf: RingDrawing.commands(panel.rings[1], look: dialLook, backdrop: background))
    list.append(contentsOf: RingDrawing.commands(panel.rings[0], look: wheelLook, backdrop: background))
    list.append(contentsOf: MarkerDrawing.commands(center: ringCenter, radius: dialOuter + marker.size * 0.45, degrees: -90,
                                                   look: marker))
    list.append(contentsOf: MarkerDrawing.commands(center: ringCenter, radius: wheelOuter + smallMarker.size * 0.2,
                                                   degrees: -90, look: smallMarker))
    list.append(contentsOf: ButtonDrawing.commands(panel.buttons[0], face: ButtonFace(label: "Start"), look: buttonLook))
    list.append(contentsOf: StripDrawing.commands(panel.strips[0], look: stripLook))
    list.append(contentsOf: ArcSliderDrawing.commands(panel.sliders[0], look: sliderLook))
    list.append(contentsOf: KnobDrawing.commands(panel.sliders[1], look: knobLook))
    return list
}
