// An arc slider: a temperature set on a 270° track with the gap at the bottom. Only a touch
// near the thumb takes it (the touch zone is larger than the thumb), the thumb follows the
// finger round the centre and never jumps across the gap; keys step by 5 °C.
// Run it, or `example-arc-slider --screenshot arc.png`.
import ExampleSupport
import RotarySDL

let app = try ExampleWindow(title: "Rotary: arc slider", width: 420, height: 420)
let center = Point(x: app.width / 2, y: app.height / 2)
let radius = min(app.width, app.height) * 0.36

var panel = ControlPanel()
panel.add(ArcSlider(id: "temperature", center: center, radius: radius, startDegrees: 135, endDegrees: 45,
                    range: 40...90, step: 5, value: 60, thumbRadius: radius * 0.09))
let look = ArcSliderLook(for: panel.sliders[0], unit: "°C", caption: "Temperature")

// Drag the thumb from 60 °C round past 12 o'clock.
let from = panel.sliders[0].thumbDegrees
let script = ScriptStep.turn(center: center, radius: radius, fromDegrees: from, toDegrees: from + 70, at: 0.2, duration: 0.6)
try app.run(script: script, settleSeconds: 0.5) { inputs, dt in
    for input in inputs {
        for case .selected(_, _, _, let value?) in panel.apply(input) { print("temperature set to \(look.value.text(value))") }
    }
    _ = panel.advance(by: dt)
    return DrawList([.fill(nil, RGBA(15, 18, 26))] + ArcSliderDrawing.commands(panel.sliders[0], look: look))
}
