// A category strip filtering a list: names of different widths in a row, swiped, flung and
// snapped with the nearest name under the marker; a tap on a name scrolls it there. The
// list below shows the programs of the category the strip rests on.
// Run it, or `example-category-strip --screenshot strip.png`.
import ExampleSupport
import RotarySDL

let app = try ExampleWindow(title: "Rotary: category strip", width: 560, height: 360)
let programs: [(category: String, name: String)] = [
    ("Sauna", "Finnish sauna"), ("Sauna", "Steam bath"), ("Sauna", "Infrared"),
    ("Cold", "Cold plunge"), ("Cold", "Ice shower"),
    ("Laundry", "Wash 40°"), ("Laundry", "Wash 60°"), ("Laundry", "Quick dry"), ("Laundry", "Gentle dry"),
    ("Spa", "Massage chair"), ("Spa", "Foot bath"),
]
let categories = ["Sauna", "Cold", "Laundry", "Spa"]

// The strip needs each name's width: measured with the font and size it is drawn in, plus room.
let stripHeight = 64.0
let widths = try app.fonts.stripItemWidths(categories, stripHeight: stripHeight)
var panel = ControlPanel()
panel.add(StripControl(id: "category", labels: categories, itemWidths: widths, x: 0, y: 24, width: app.width,
                       height: stripHeight))
let look = StripLook(for: panel.strips[0])
var shown = categories[0]

// Tap "Cold", then "Laundry" once it shows: each scrolls under the marker and the list follows.
let strip = panel.strips[0], middle = 24 + stripHeight / 2
let script = ScriptStep.tap(Point(x: strip.itemCenterX(1), y: middle), at: 0.3)
    + ScriptStep.tap(Point(x: strip.markerX + strip.itemCenterX(2) - strip.itemCenterX(1), y: middle), at: 1.3)
try app.run(script: script, settleSeconds: 1) { inputs, dt in
    var events = inputs.flatMap { panel.apply($0) }
    events += panel.advance(by: dt)
    for case .selected(_, _, let label, _) in events { shown = label }

    var list = DrawList([.fill(nil, RGBA(15, 18, 26))])
    list.append(contentsOf: StripDrawing.commands(panel.strips[0], look: look))
    let rowHeight = 34.0
    for (row, program) in programs.filter({ $0.category == shown }).enumerated() {
        let y = 24 + stripHeight + 30 + Double(row) * rowHeight
        list.append(.fill(Rect(x: 40, y: y - rowHeight / 2 + 2, width: app.width - 80, height: rowHeight - 4), RGBA(30, 36, 50)))
        list.append(.text(TextDraw(program.name, points: 16, center: Point(x: app.width / 2, y: y), maxWidth: app.width - 100)))
    }
    return list
}
