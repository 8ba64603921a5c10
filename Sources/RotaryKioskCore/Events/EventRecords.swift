import RotaryKit

/// The event lines of the automation contract (docs/automation.md, "Events out"), built as JSON.
public enum EventRecords {
    /// The line for `event` at `ms` milliseconds with `fields` after `"t"` and `"event"`.
    public static func line(_ event: String, ms: Double, _ fields: [(String, JSONValue)] = []) -> JSONValue {
        .object([("t", .number(ms)), ("event", .string(event))] + fields)
    }

    /// `ready`, `layout` or `exit`: the window size and every control's geometry and state
    /// (and `time`, the time the running view shows, while a countdown is there; `service`,
    /// the service screen's page, while it shows; `remote_arm`, the arming control, with
    /// `[mqtt] control = "armed"`). With zones, the controls end with the zone
    /// tiles and `zone` names the zone the rings edit.
    public static func layout(_ event: String, ms: Double, session: KioskSession) -> JSONValue {
        let screen = session.screen
        // Built a field at a time: as one expression it outgrows Swift 6.2's type checker.
        var controls: [JSONValue] = screen.panel.stack.map { ref in
            control(ref, of: screen, buttonFace: session.face(of: screen.control(ref) ?? .button))
        }
        if session.hasZones { controls.append(zoneTiles(session)) }
        var fields: [(String, JSONValue)] = [
            ("width", .int(Int(screen.layout.width))), ("height", .int(Int(screen.layout.height))), ("controls", .array(controls)),
        ]
        if session.hasZones { fields.append(("zone", .string(session.zones[session.selectedZone].id.name))) }
        if session.dialShowing != nil {
            fields.append(("time", .string(TimeText.format(seconds: session.timer.secondsLeft, numbers: screen.locale.numbers))))
        }
        if let service = session.service { fields.append(("service", .string(service.screen.page.name))) }
        if session.settings.remoteControl.showsArming { fields.append(("remote_arm", remoteArm(session))) }
        return line(event, ms: ms, fields)
    }

    /// The zone tiles as a control: each tile's rectangle in window pixels, its zone's state
    /// and whole seconds left, and which zone the rings edit.
    private static func zoneTiles(_ session: KioskSession) -> JSONValue {
        let turn = session.screen.layout.turn
        let items = zip(session.screen.layout.zoneTiles, session.zones).map { rect, zone -> JSONValue in
            let tile = zone.tile, window = turn.window(rect)
            return .object([("label", .string(tile.label)), ("x", .number(window.x)), ("y", .number(window.y)),
                            ("w", .number(window.width)), ("h", .number(window.height)), ("state", .string(tile.state.rawValue)),
                            ("seconds_left", .number(tile.secondsLeft))])
        }
        return .object([("id", .string(KioskControl.zones.id)), ("kind", .string("zones")), ("items", .array(items)),
                        ("selected", .int(session.selectedZone))])
    }

    /// Where the remote-start arming control is (window pixels) and whether it is armed.
    private static func remoteArm(_ session: KioskSession) -> JSONValue {
        let layout = session.screen.layout, center = layout.turn.window(layout.remoteArmCenter)
        return .object([("cx", .number(center.x)), ("cy", .number(center.y)), ("r", .number(layout.remoteArmSize / 2)),
                        ("armed", .bool(session.arming.isArmed(at: session.clock)))])
    }

    /// A control's own event (`detent`, `selected`, `value`, `pressed`), with the `zone` it
    /// happened in when the kiosk has zones.
    public static func control(_ event: KioskControlEvent, zone: ZoneID, ms: Double) -> JSONValue {
        let line = switch event {
        case .detent(let control, let index):
            line("detent", ms: ms, [("id", .string(control.id)), ("index", .int(index))])
        case .selected(let control, let index, let label, let value):
            line("selected", ms: ms, [("id", .string(control.id)), ("index", .int(index)), ("label", .string(label))]
                + (value.map { [("value", JSONValue.number($0))] } ?? []))
        case .value(let control, let value):
            line("value", ms: ms, [("id", .string(control.id)), ("value", .number(value))])
        case .pressed(let control):
            line("pressed", ms: ms, [("id", .string(control.id))])
        case .longPressed(let control):
            line("pressed", ms: ms, [("id", .string(control.id)), ("long", .bool(true))])
        }
        return line.adding(zone: zone)
    }

    /// Any kiosk event as its line.
    public static func event(_ event: KioskEvent, ms: Double) -> JSONValue {
        switch event {
        case .control(let control, let zone): self.control(control, zone: zone, ms: ms)
        case .timer(let report, let setting, let timedOut, let zone):
            timer(report, setting: setting, timedOut: timedOut, ms: ms).adding(zone: zone)
        case .feedback(let kind): feedback(kind.rawValue, ms: ms)
        case .error(let message): error(message, ms: ms)
        case .service(let note): service(note, ms: ms)
        case .display(let on): line("display", ms: ms, [("state", .string(on ? "on" : "off"))])
        case .command(let name, let refusal, let zone):
            line("command", ms: ms, [("command", .string(name)), ("result", .string(refusal == nil ? "accepted" : "rejected"))]
                + (refusal.map { [("reason", JSONValue.string($0))] } ?? [])).adding(zone: zone)
        case .armed(let seconds, let zone):
            line("remote", ms: ms, [("state", .string("armed")), ("seconds", .number(seconds))]).adding(zone: zone)
        case .disarmed(let why, let zone):
            line("remote", ms: ms, [("state", .string("disarmed")), ("why", .string(why.rawValue))]).adding(zone: zone)
        case .update(let note): update(note, ms: ms)
        case .screenshot: line("screenshot", ms: ms, [])
        }
    }

    /// `update {state}`: `waiting` and `installing` (with `url`), `installed` (with
    /// `version`), `failed` (with `reason`), `rebooting`.
    public static func update(_ note: UpdateNote, ms: Double) -> JSONValue {
        let fields: [(String, JSONValue)] = switch note {
        case .waiting(let url): [("state", .string("waiting")), ("url", .string(url))]
        case .installing(let url): [("state", .string("installing")), ("url", .string(url))]
        case .installed(let version): [("state", .string("installed")), ("version", .string(version))]
        case .failed(let reason): [("state", .string("failed")), ("reason", .string(reason))]
        case .rebooting: [("state", .string("rebooting"))]
        }
        return line("update", ms: ms, fields)
    }

    /// `service {action}`: `pin_asked`, `pin_rejected` (with `tries_left`), `locked_out`
    /// (with `seconds`), `opened`, `closed` (with `reason`: left, timeout, quit), `brightness`
    /// and `volume` (with `value`, 0…1), `calibrated` (with `matrix`, libinput's six numbers,
    /// and `check_error_px`), `calibration_refused` (with `check_error_px` when the check tap
    /// missed) and `calibration_reset`.
    public static func service(_ note: ServiceNote, ms: Double) -> JSONValue {
        let fields: [(String, JSONValue)] = switch note {
        case .pinAsked: [("action", .string("pin_asked"))]
        case .pinRejected(let left): [("action", .string("pin_rejected")), ("tries_left", .int(left))]
        case .lockedOut(let seconds): [("action", .string("locked_out")), ("seconds", .number(seconds))]
        case .opened: [("action", .string("opened"))]
        case .closed(let reason): [("action", .string("closed")), ("reason", .string(reason.rawValue))]
        case .brightness(let value): [("action", .string("brightness")), ("value", .number(value))]
        case .volume(let value): [("action", .string("volume")), ("value", .number(value))]
        case .calibrated(let calibration, let error):
            [("action", .string("calibrated")), ("matrix", .array(calibration.matrix.map(JSONValue.number))),
             ("check_error_px", .number(error))]
        case .calibrationRefused(let error):
            [("action", .string("calibration_refused"))] + (error.map { [("check_error_px", JSONValue.number($0))] } ?? [])
        case .calibrationReset: [("action", .string("calibration_reset"))]
        }
        return line("service", ms: ms, fields)
    }

    /// `timer {state, program, seconds_total, seconds_left}` (plus `previous` and `index`, and
    /// `setting {name, value, unit}` when the countdown was started with a set point).
    public static func timer(_ report: TimerReport, setting: SettingReading? = nil, timedOut: Bool = false, ms: Double) -> JSONValue {
        line("timer", ms: ms, [
            ("state", .string(report.state.rawValue)), ("program", .string(report.program)),
            ("seconds_total", .number(report.secondsTotal)), ("seconds_left", .number(report.secondsLeft)),
            ("previous", .string(report.previous.rawValue)), ("index", .int(report.programIndex)),
        ] + (setting.map { [("setting", .object([("name", .string($0.name)), ("value", .number($0.value)),
                                                 ("unit", .string($0.unit))]))] } ?? [])
          + (timedOut ? [("timed_out", .bool(true))] : []))
    }

    /// `feedback {kind}`: tick, press, confirm, alarm or reject.
    public static func feedback(_ kind: String, ms: Double) -> JSONValue {
        line("feedback", ms: ms, [("kind", .string(kind))])
    }

    /// `error {message}`.
    public static func error(_ message: String, ms: Double) -> JSONValue {
        line("error", ms: ms, [("message", .string(message))])
    }

    /// One control's geometry in window pixels and screen degrees (the layout's view turned
    /// onto the window), and `"hidden": true` while it is off the screen; a button says what
    /// `buttonFace` shows on it, a set point what it sets.
    static func control(_ ref: ControlRef, of screen: KioskScreen, buttonFace: ButtonFace) -> JSONValue {
        let fields = controlFields(ref, of: screen, buttonFace: buttonFace)
        return .object(fields + (screen.panel.hidden.contains(screen.panel.model(ref).id) ? [("hidden", .bool(true))] : []))
    }

    private static func controlFields(_ ref: ControlRef, of screen: KioskScreen, buttonFace: ButtonFace) -> [(String, JSONValue)] {
        let panel = screen.panel, turn = screen.layout.turn
        func place(_ p: Point) -> [(String, JSONValue)] {
            let w = turn.window(p)
            return [("cx", .number(w.x)), ("cy", .number(w.y))]
        }
        func angle(_ degrees: Double) -> JSONValue { .number(Degrees.normalized(turn.window(degrees: degrees))) }
        switch ref {
        case .ring(let i):
            let ring = panel.rings[i]
            return ([("id", .string(ring.id)), ("kind", .string(ring.kind.rawValue))] + place(ring.center) + [
                ("r_inner", .number(ring.innerRadius)), ("r_outer", .number(ring.outerRadius)),
                ("marker_deg", angle(ring.markerDegrees)),
                ("items", .array(ring.labels.indices.map { i in
                    .object([("label", .string(ring.labels[i])), ("center_deg", angle(ring.itemCenterDegrees(i)))])
                })),
                ("selected", .int(ring.selectedIndex)),
            ])
        case .button(let i):
            let button = panel.buttons[i]
            return ([("id", .string(button.id)), ("kind", .string("button"))] + place(button.center) + [
                ("r", .number(button.radius)), ("label", .string(buttonFace.label)), ("detail", .string(buttonFace.detail)),
            ])
        case .slider(let i):
            let slider = panel.sliders[i]
            var dragPixels: Double?
            if case .knob(_, let perPixel) = slider.mode, perPixel > 0 { dragPixels = (slider.range.upperBound - slider.range.lowerBound) / perPixel }
            let setting = screen.control(ref) == .setting ? screen.shownSetting : nil
            var fields: [(String, JSONValue)] = [
                ("id", .string(slider.id)), ("kind", .string("arc")), ("mode", .string(slider.mode == .arc ? "arc" : "knob")),
            ]
            fields += place(slider.center)
            fields += [
                ("r", .number(slider.radius)), ("start_deg", angle(slider.track.startDegrees)),
                ("end_deg", angle(slider.track.endDegrees)), ("value", .number(slider.value)),
                ("min", .number(slider.range.lowerBound)), ("max", .number(slider.range.upperBound)),
                ("step", .number(slider.step)), ("label", .string(setting?.name ?? "")), ("unit", .string(setting?.unit ?? "")),
                ("thumb_deg", angle(slider.thumbDegrees)), ("grab_r", .number(slider.grabRadius)),
            ]
            if let dragPixels { fields.append(("drag_px", .number(dragPixels))) }
            return fields
        case .strip(let i):
            let strip = panel.strips[i]
            let rect = turn.window(StripDrawing.rect(strip))
            let middle = strip.y + strip.height / 2
            func along(_ x: Double, _ names: (String, String)) -> [(String, JSONValue)] {
                let p = turn.window(Point(x: x, y: middle))
                return [(names.0, .number(p.x)), (names.1, .number(p.y))]
            }
            return ([("id", .string(strip.id)), ("kind", .string("strip")), ("x", .number(rect.x)), ("y", .number(rect.y)),
                            ("w", .number(rect.width)), ("h", .number(rect.height))]
                + along(strip.markerX, ("marker_x", "marker_y")) + [
                ("reading_deg", .number(Degrees.normalizedPositive(Double(turn.degrees) + (strip.direction == .rightToLeft ? 180 : 0)))),
                ("items", .array(strip.labels.indices.map { i in
                    .object([("label", .string(strip.labels[i]))] + along(strip.itemCenterX(i), ("center_x", "center_y")))
                })),
                ("selected", .int(strip.selectedIndex)),
            ])
        }
    }
}

extension JSONValue {
    /// The object with `"zone": ` the zone's name after its fields (unchanged for
    /// ``ZoneID/whole``).
    func adding(zone: ZoneID) -> JSONValue {
        guard !zone.isWhole, case .object(let fields) = self else { return self }
        return .object(fields + [("zone", .string(zone.name))])
    }
}
