import RotaryKit

/// The event lines of the automation contract (see README, "Events out"), built as JSON.
public enum EventRecords {
    /// The line for `event` at `ms` milliseconds with `fields` after `"t"` and `"event"`.
    public static func line(_ event: String, ms: Double, _ fields: [(String, JSONValue)] = []) -> JSONValue {
        .object([("t", .number(ms)), ("event", .string(event))] + fields)
    }

    /// `ready`, `layout` or `exit`: the window size and every control's geometry and state.
    public static func layout(_ event: String, ms: Double, session: KioskSession) -> JSONValue {
        let screen = session.screen
        return line(event, ms: ms, [
            ("width", .int(Int(screen.layout.width))), ("height", .int(Int(screen.layout.height))),
            ("controls", .array(screen.panel.stack.map { control($0, of: screen.panel, buttonFace: session.buttonFace) })),
        ])
    }

    /// A control's own event (`detent`, `selected`, `value`, `pressed`).
    public static func control(_ event: ControlEvent, ms: Double) -> JSONValue {
        switch event {
        case .detent(let id, let index):
            line("detent", ms: ms, [("id", .string(id)), ("index", .int(index))])
        case .selected(let id, let index, let label, let value):
            line("selected", ms: ms, [("id", .string(id)), ("index", .int(index)), ("label", .string(label))]
                + (value.map { [("value", JSONValue.number($0))] } ?? []))
        case .value(let id, let value):
            line("value", ms: ms, [("id", .string(id)), ("value", .number(value))])
        case .pressed(let id):
            line("pressed", ms: ms, [("id", .string(id))])
        case .longPressed(let id):
            line("pressed", ms: ms, [("id", .string(id)), ("long", .bool(true))])
        }
    }

    /// Any kiosk event as its line.
    public static func event(_ event: KioskEvent, ms: Double) -> JSONValue {
        switch event {
        case .control(let control): self.control(control, ms: ms)
        case .timer(let report): timer(report, ms: ms)
        case .feedback(let kind): feedback(kind.rawValue, ms: ms)
        case .error(let message): error(message, ms: ms)
        }
    }

    /// `timer {state, program, seconds_total, seconds_left}` (plus `previous` and `index`).
    public static func timer(_ report: TimerReport, ms: Double) -> JSONValue {
        line("timer", ms: ms, [
            ("state", .string(report.state.rawValue)), ("program", .string(report.program)),
            ("seconds_total", .number(report.secondsTotal)), ("seconds_left", .number(report.secondsLeft)),
            ("previous", .string(report.previous.rawValue)), ("index", .int(report.programIndex)),
        ])
    }

    /// `feedback {kind}`: tick, press, confirm, alarm or reject.
    public static func feedback(_ kind: String, ms: Double) -> JSONValue {
        line("feedback", ms: ms, [("kind", .string(kind))])
    }

    /// `error {message}`.
    public static func error(_ message: String, ms: Double) -> JSONValue {
        line("error", ms: ms, [("message", .string(message))])
    }

    /// One control's geometry in window pixels and screen degrees; a button says what
    /// `buttonFace` shows on it.
    static func control(_ ref: ControlRef, of panel: ControlPanel, buttonFace: ButtonFace) -> JSONValue {
        switch ref {
        case .ring(let i):
            let ring = panel.rings[i]
            return .object([
                ("id", .string(ring.id)), ("kind", .string(ring.kind.rawValue)),
                ("cx", .number(ring.center.x)), ("cy", .number(ring.center.y)),
                ("r_inner", .number(ring.innerRadius)), ("r_outer", .number(ring.outerRadius)),
                ("marker_deg", .number(Degrees.normalized(ring.markerDegrees))),
                ("items", .array(ring.labels.indices.map { i in
                    .object([("label", .string(ring.labels[i])), ("center_deg", .number(ring.itemCenterDegrees(i)))])
                })),
                ("selected", .int(ring.selectedIndex)),
            ])
        case .button(let i):
            let button = panel.buttons[i]
            return .object([
                ("id", .string(button.id)), ("kind", .string("button")), ("cx", .number(button.center.x)),
                ("cy", .number(button.center.y)), ("r", .number(button.radius)), ("label", .string(buttonFace.label)),
                ("detail", .string(buttonFace.detail)),
            ])
        case .slider(let i):
            let slider = panel.sliders[i]
            return .object([
                ("id", .string(slider.id)), ("kind", .string(slider.mode == .arc ? "arc" : "knob")),
                ("cx", .number(slider.center.x)), ("cy", .number(slider.center.y)), ("r", .number(slider.radius)),
                ("start_deg", .number(slider.track.startDegrees)), ("end_deg", .number(slider.track.endDegrees)),
                ("value", .number(slider.value)), ("min", .number(slider.range.lowerBound)),
                ("max", .number(slider.range.upperBound)),
            ])
        case .strip(let i):
            let strip = panel.strips[i]
            return .object([
                ("id", .string(strip.id)), ("kind", .string("strip")), ("x", .number(strip.x)), ("y", .number(strip.y)),
                ("w", .number(strip.width)), ("h", .number(strip.height)), ("marker_x", .number(strip.markerX)),
                ("items", .array(strip.labels.indices.map { i in
                    .object([("label", .string(strip.labels[i])), ("center_x", .number(strip.itemCenterX(i)))])
                })),
                ("selected", .int(strip.selectedIndex)),
            ])
        }
    }
}
