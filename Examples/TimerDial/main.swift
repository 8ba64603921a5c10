// The timer dial alone: a ring of minutes turned by a finger, the wheel or the arrow keys, and
// a button in its hub that starts a countdown. While it runs, the dial unwinds with the time
// left, like a kitchen timer's. Run it, or `example-timer-dial --screenshot dial.png`.
import ExampleSupport
import RotarySDL

let app = try ExampleWindow(title: "Rotary: timer dial", width: 480, height: 480)
let center = Point(x: app.width / 2, y: app.height / 2)
let radius = min(app.width, app.height) / 2 * 0.9
let minutes = Array(stride(from: 0, through: 55, by: 5))

var panel = ControlPanel()
panel.add(CenterButton(id: "start", center: center, radius: radius * 0.42))
panel.add(RingControl(id: "dial", kind: .dial, labels: minutes.map(String.init), center: center,
                      innerRadius: radius * 0.72, outerRadius: radius, selected: 3))
panel.focusIndex = 1  // keys turn the dial
var timer = CountdownTimer()

// How the dial looks: numbers facing outwards, a tick every minute, the chosen number bright.
let background = RGBA(15, 18, 26)
var look = RingLook(items: minutes.map { RingItemLook(label: String($0)) }, fill: RGBA(30, 36, 50))
look.labelSize = Int(radius * 0.13)
look.labelRadius = radius * 0.85
look.style.dimmedOpacity = 0.6
look.style.ticksPerItem = 5
look.style.tickFromRadius = radius * 0.96
look.style.majorTickFromRadius = radius * 0.93
let button = ButtonLook(radius: radius * 0.42)
let marker = MarkerLook(size: radius * 0.1)

/// The dial's item coordinate for a number of seconds left (5 minutes per item).
func coordinate(secondsLeft: Double) -> Double { min(secondsLeft / 300, Double(minutes.count - 1)) }

let script = ScriptStep.turn(center: center, radius: radius * 0.86, fromDegrees: -90, toDegrees: -90 + 60,
                             at: 0.2, duration: 0.5)
    + ScriptStep.tap(center, at: 1.5)
try app.run(script: script, settleSeconds: 2) { inputs, dt in
    for input in inputs {
        for event in panel.apply(input) where event == .pressed(id: "start") {
            if timer.isActive {
                _ = timer.cancel()
            } else {
                _ = timer.start(programIndex: 0, program: "Timer", seconds: Double(minutes[panel.rings[0].selectedIndex]) * 60)
            }
        }
    }
    _ = panel.advance(by: dt)
    _ = timer.advance(by: dt)
    panel.locked = timer.isActive ? ["dial"] : []

    let face = timer.isActive ? ButtonFace(label: TimeText.format(seconds: timer.secondsLeft)) : ButtonFace(label: "Start")
    var list = DrawList([.fill(nil, background)])
    list.append(contentsOf: RingDrawing.commands(panel.rings[0], look: look,
                                                 showing: timer.isActive ? coordinate(secondsLeft: timer.secondsLeft) : nil))
    list.append(contentsOf: MarkerDrawing.commands(center: center, radius: radius + marker.size * 0.45, degrees: -90, look: marker))
    list.append(contentsOf: ButtonDrawing.commands(panel.buttons[0], face: face, look: button))
    return list
}
