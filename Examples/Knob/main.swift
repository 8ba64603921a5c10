// A knob with picture art: a 240° knob from 8 o'clock to 4 o'clock, turned by how far a
// finger drags (up or right: faster; down or left: slower), so a press never makes the
// value jump. Its face and pointer are two pictures; these are Rotary's built-in SVGs, and
// any SVG or PNG file works the same: `look.face = .file("face.png")`.
// Run it, or `example-knob --screenshot knob.png`.
import ExampleSupport
import RotarySDL

let app = try ExampleWindow(title: "Rotary: knob", width: 420, height: 420)
let center = Point(x: app.width / 2, y: app.height / 2)
let radius = min(app.width, app.height) * 0.3

var panel = ControlPanel()
panel.add(ArcSlider(id: "spin", center: center, radius: radius, startDegrees: 150, endDegrees: 30,
                    range: 400...1600, step: 100, value: 800, thumbRadius: radius * 0.2,
                    mode: .knob(axis: .both, valuePerPixel: 4)))
// The face and pointer are Rotary's built-in pictures unless the look names others, e.g.
// look.face = .file("face.png"); look.pointer = .file("pointer.svg").
let look = KnobLook(for: panel.sliders[0], unit: "rpm", caption: "Spin")

// A finger on the knob drags 120 pixels up: +480 rpm.
let script = ScriptStep.drag(from: Point(x: center.x, y: center.y + 20), to: Point(x: center.x, y: center.y - 100),
                             at: 0.2, duration: 0.5)
try app.run(script: script, settleSeconds: 0.3) { inputs, dt in
    for input in inputs {
        for case .selected(_, _, _, let value?) in panel.apply(input) { print("spin speed \(look.value.text(value))") }
    }
    _ = panel.advance(by: dt)
    return DrawList([.fill(nil, RGBA(15, 18, 26))] + KnobDrawing.commands(panel.sliders[0], look: look))
}
