import RotaryKit

/// Every area of the panel a person or an operator taps right now, in window pixels: the
/// service screen's controls while it shows, else the kiosk's (its rings, button, strip and
/// set point, the zone tiles and the arming control). For checks of the targets' sizes and
/// `--draw-list-out`; pure.
package enum TapTargets {
    /// One tappable area.
    package struct Target: Equatable, Sendable {
        /// The control's id (`button`, `wheel`, `zones.2`, `service.close`…).
        package var id: String
        /// `button`, `ring`, `slider`, `strip`, `tile`.
        package var kind: String
        /// The box around it, window pixels.
        package var box: Rect
        /// What a finger must hit, pixels: for a ring the width of its band, for an arc its
        /// thumb as drawn; else the smaller side of the box.
        package var reach: Double
        /// Whether it ignores touches now (a ring locked while a countdown runs).
        package var locked: Bool

        /// Whether `point` lies on it: a ring's band, a button's or slider's disc, else its box.
        package func holds(_ point: Point) -> Bool {
            let distance = point.distance(to: box.center), outer = box.width / 2
            switch kind {
            case "ring": return distance <= outer && distance >= outer - reach
            case "button", "slider": return distance <= outer
            default: return box.contains(point)
            }
        }
    }

    /// The targets of `session` as the panel shows it now, where the burn-in shift has put
    /// them.
    package static func of(_ session: KioskSession) -> [Target] {
        let shift = session.pictureShift
        return inPlace(session).map { target in
            var moved = target
            moved.box = target.box.offset(by: shift)
            return moved
        }
    }

    /// The targets of `session` on the picture in its place.
    private static func inPlace(_ session: KioskSession) -> [Target] {
        if let service = session.service {
            return targets(of: service.screen.panel, turn: service.screen.turn)
        }
        let layout = session.screen.layout
        // What a countdown hides steps back for the running view: not on the screen, not a target.
        var targets = targets(of: session.screen.panel, turn: layout.turn)
        if session.hasZones {
            targets += layout.zoneTiles.enumerated().map { index, rect in
                let box = layout.turn.window(rect)
                return Target(id: "\(KioskControl.zones.id).\(index)", kind: "tile", box: box, reach: min(box.width, box.height),
                              locked: false)
            }
        }
        if session.showsArmingControl {
            targets.append(circle("remote_arm", kind: "button", center: layout.turn.window(layout.remoteArmCenter),
                                  radius: layout.remoteArmSize / 2, locked: false))
        }
        return targets
    }

    /// The targets of the controls of `panel` that are on the screen (not hidden).
    private static func targets(of panel: ControlPanel, turn: QuarterTurn) -> [Target] {
        everyTarget(of: panel, turn: turn).filter { !panel.hidden.contains($0.id) }
    }

    private static func everyTarget(of panel: ControlPanel, turn: QuarterTurn) -> [Target] {
        panel.buttons.map { circle($0.id, kind: "button", center: turn.window($0.center), radius: $0.radius, locked: panel.locked.contains($0.id)) }
            + panel.rings.map { ring in
                var target = circle(ring.id, kind: "ring", center: turn.window(ring.center), radius: ring.outerRadius,
                                    locked: panel.locked.contains(ring.id))
                target.reach = ring.outerRadius - ring.innerRadius
                return target
            }
            + panel.sliders.map { slider in
                var target = circle(slider.id, kind: "slider", center: turn.window(slider.center), radius: slider.radius + slider.grabRadius,
                                    locked: panel.locked.contains(slider.id))
                // An arc is taken by its thumb, as drawn; a knob anywhere on its face.
                if slider.mode == .arc { target.reach = 2 * slider.thumbRadius }
                return target
            }
            + panel.strips.map { strip in
                let box = turn.window(Rect(x: strip.x, y: strip.y, width: strip.width, height: strip.height))
                return Target(id: strip.id, kind: "strip", box: box, reach: min(box.width, box.height),
                              locked: panel.locked.contains(strip.id))
            }
    }

    private static func circle(_ id: String, kind: String, center: Point, radius: Double, locked: Bool) -> Target {
        Target(id: id, kind: kind, box: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
               reach: 2 * radius, locked: locked)
    }
}
