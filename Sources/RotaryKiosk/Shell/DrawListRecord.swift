import RotaryKioskCore
import RotaryKit
import RotarySDL

/// The last frame as data (`--draw-list-out`): every text as drawn (what it writes, its
/// box in window pixels, its size in pixels, its colour, and the control or area it belongs
/// to) and every area a person taps now, so checks can hold the panel to its rules (sizes,
/// contrast with the screenshot, targets) without reading pixels for everything.
enum DrawListRecord {
    /// The record of a frame `width`×`height` on a panel of `panel`'s pixels whose texts are
    /// `texts`, with `targets` and the state area `stateBox` (window pixels; nil while the
    /// service screen shows).
    static func make(width: Int, height: Int, panel: PanelSize, texts: [PlacedText], targets: [TapTargets.Target],
                     stateBox: Rect?) -> JSONValue {
        .object([
            ("width", .int(width)), ("height", .int(height)),
            ("panel", .object([("mm_per_px", .number((panel.millimetresPerPixel * 10_000).rounded() / 10_000)),
                               ("source", .string(panel.source.rawValue)), ("finger_px", .number(panel.fingerPixels))])),
            ("texts", .array(texts.map { text($0, owner: owner(of: $0.box.center, targets: targets, stateBox: stateBox)) })),
            ("targets", .array(targets.map(target))),
        ])
    }

    /// Who a text at `point` belongs to: the smallest target holding it that takes touches
    /// now (the button before the ring it sits in, the arming control before the dial's
    /// square), else `state` in the state area, else the smallest locked target around it,
    /// else nobody.
    static func owner(of point: Point, targets: [TapTargets.Target], stateBox: Rect?) -> String? {
        func smallest(_ candidates: [TapTargets.Target]) -> String? {
            candidates.filter { $0.holds(point) }.min { $0.box.width * $0.box.height < $1.box.width * $1.box.height }?.id
        }
        if let id = smallest(targets.filter { !$0.locked }) { return id }
        if stateBox?.contains(point) == true { return "state" }
        return smallest(targets)
    }

    private static func text(_ placed: PlacedText, owner: String?) -> JSONValue {
        let draw = placed.draw, fitted = placed.fitted
        var fields: [(String, JSONValue)] = [
            ("text", .string(fitted.shown)), ("box", box(placed.box)), ("px", .int(fitted.points)),
            ("color", .string(hex(draw.color))), ("control", owner.map { .string($0) } ?? .null),
        ]
        if fitted.points != draw.points { fields.append(("asked_px", .int(draw.points))) }
        if fitted.shown != draw.text { fields.append(("asked", .string(draw.text))) }
        if draw.color.a != 255 { fields.append(("alpha", .int(Int(draw.color.a)))) }
        if draw.degrees != 0 { fields.append(("degrees", .number(draw.degrees))) }
        if fitted.widthScale < 1 { fields.append(("width_scale", .number((fitted.widthScale * 1000).rounded() / 1000))) }
        return .object(fields)
    }

    private static func target(_ target: TapTargets.Target) -> JSONValue {
        .object([("control", .string(target.id)), ("kind", .string(target.kind)), ("box", box(target.box)),
                 ("reach", .number(rounded(target.reach))), ("locked", .bool(target.locked))])
    }

    private static func box(_ rect: Rect) -> JSONValue {
        .array([rect.x, rect.y, rect.width, rect.height].map { .number(rounded($0)) })
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func hex(_ color: RGBA) -> String {
        "#" + [color.r, color.g, color.b].map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }
}
