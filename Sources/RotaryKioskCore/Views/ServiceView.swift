import RotaryKit

/// The service screen as a draw list: the title bar with the countdown's state (it keeps
/// running underneath), the close button, and the PIN pad or the menu's strip of tabs with
/// the tab's controls and text, in the panel's language. Drawn in the layout's view and
/// turned onto the window, like ``KioskView``.
package struct ServiceView: Sendable {
    let layout: ScreenLayout
    let theme: Theme

    package init(layout: ScreenLayout, theme: Theme) {
        self.layout = layout
        self.theme = theme
    }

    /// One frame of `service` over `session`, with the shell's `facts`.
    package func drawList(_ service: ServiceMode, session: KioskSession, facts: ServiceFacts) -> DrawList {
        let screen = service.screen
        let locale = session.screen.locale
        var list = DrawList([.fill(nil, RGBA(theme.background.r, theme.background.g, theme.background.b))])
        if screen.page != .calibration { list.append(contentsOf: title(screen, session)) }
        switch screen.page {
        case .pin: list.append(contentsOf: pinPad(service))
        case .menu(let tab): list.append(contentsOf: menu(tab, service, session, facts: facts, locale: locale))
        case .touchTest: list.append(contentsOf: touchTest(service))
        case .calibration: list.append(contentsOf: calibration(service))
        }
        return layout.turn.window(list.keepingText(atLeast: layout.minimumTextPoints, narrowest: KioskView.narrowestText))
    }

    /// The size of body text: from the view's shorter side, so a panel on its side reads alike.
    private var textPoints: Int { max(12, Int(min(layout.viewWidth, layout.viewHeight) * 0.036)) }

    private func title(_ screen: ServiceScreen, _ session: KioskSession) -> [DrawCommand] {
        let service = session.screen.locale.service
        let bar = screen.titleHeight
        var commands: [DrawCommand] = [
            .fill(Rect(x: 0, y: 0, width: screen.width, height: bar * 1.1), theme.dialFill),
            text(service(.title), points: Int(bar * 0.45), at: Point(x: screen.xInset(bar * 0.5 + screen.width * 0.15), y: bar * 0.55),
                 width: screen.width * 0.3, alignment: screen.locale.lineStart),
        ]
        if let status = countdownStatus(session) {
            commands.append(text(status, points: Int(bar * 0.36), at: Point(x: screen.xInset(screen.width * 0.6), y: bar * 0.55),
                                 width: screen.width * 0.5, color: KioskView.haloColor))
        }
        commands += button(.close, in: screen, face: ButtonFace(label: "✕"), labelScale: 0.9)
        return commands
    }

    /// "Sauna · 12:34 · paused" while a countdown runs underneath, in the panel's words and digits.
    private func countdownStatus(_ session: KioskSession) -> String? {
        let timer = session.timer, locale = session.screen.locale
        guard timer.isActive || timer.state == .finished else { return nil }
        let left = TimeText.format(seconds: timer.secondsLeft, numbers: locale.numbers)
        return switch timer.state {
        case .paused: "\(timer.program) · \(left) · \(locale.words.paused)"
        case .finished: "\(timer.program) · \(locale.words.done)"
        default: "\(timer.program) · \(left) · \(locale.words.running)"
        }
    }

    private func pinPad(_ service: ServiceMode) -> [DrawCommand] {
        let screen = service.screen
        let typed = service.digits.count
        let dots = typed == 0 ? service.words(.enterPIN) : String(repeating: "● ", count: typed).trimmingCharacters(in: .whitespaces)
        var commands = [text(service.message ?? dots, points: service.message == nil && typed > 0 ? textPoints * 2 : textPoints,
                             at: screen.messageLineCenter, width: screen.width * 0.9,
                             color: service.message == nil ? theme.textColor : KioskView.cancelColor)]
        for key in PadKey.pad {
            // Digit keys in the panel's digits (١٢٣ on an Arabic-Indic panel); what they type stays ASCII.
            let label = switch key {
            case .back: service.words(.delete)
            case .ok: service.words(.ok)
            case .digit: service.locale.numbers.write(key.name)
            }
            commands += button(.key(key), in: screen, face: ButtonFace(label: label))
        }
        return commands
    }

    private func menu(_ tab: ServiceTab, _ service: ServiceMode, _ session: KioskSession, facts: ServiceFacts,
                      locale: KioskLocale) -> [DrawCommand] {
        let screen = service.screen, words = service.words
        func lines(_ lines: [String], points: Int? = nil) -> [DrawCommand] {
            self.lines(lines, in: screen.contentRect, points: points, alignment: locale.lineStart)
        }
        var commands: [DrawCommand] = []
        if let strip = screen.panel.strips.first { commands += StripDrawing.commands(strip, look: ScreenLooks.strip(strip, theme: theme)) }
        let content = screen.contentRect
        switch tab {
        case .display:
            if let slider = screen.panel.sliders.first {
                commands += setting(slider, ServiceScreen.brightnessSetting, named: words(.brightness))
                commands.append(text(words(.backlight, x: facts.backlight ?? "?"), at: Point(x: content.center.x, y: content.maxY - Double(textPoints)),
                                     width: content.width, color: theme.dialTickColor))
            } else {
                commands += lines([words(.noBacklight), words(.setBacklight)])
            }
        case .sound:
            if let slider = screen.panel.sliders.first { commands += setting(slider, ServiceScreen.volumeSetting, named: words(.volume)) }
        case .diagnostics:
            commands += lines(facts.diagnostics)
        case .errors:
            commands += facts.errors.isEmpty ? lines([words(.noErrors)]) : lines(facts.errors, points: max(10, textPoints * 3 / 4))
        case .usage:
            commands += facts.usage.count < 2 ? lines([words(.noUsage)]) : table(facts.usage, in: content)
        case .touch:
            commands += button(.touchTest, in: screen, face: ButtonFace(label: words(.test), detail: words(.everyFinger)))
            commands += button(.calibrate, in: screen, face: ButtonFace(label: words(.calibrate), detail: words(.fourTargets)),
                               labelScale: 0.32)
            commands += button(.resetCalibration, in: screen, face: ButtonFace(label: words(.reset), detail: words(.calibration)),
                               labelScale: 0.4)
            let status = service.touchMessage ?? words(session.touchCalibration.isIdentity ? .noCalibration : .calibrationInUse)
            commands.append(text(status, at: Point(x: content.center.x, y: content.maxY - Double(textPoints)), width: content.width,
                                 color: theme.dialTickColor))
        case .exit:
            commands += button(.leave, in: screen, face: ButtonFace(label: words(.back), detail: words(.toKiosk)))
            commands += button(.quit, in: screen, face: ButtonFace(label: words(.quit), detail: words(.theApp)),
                               accent: KioskView.cancelColor)
        }
        return commands
    }

    /// Every finger as a dot with its id, and what to do.
    private func touchTest(_ service: ServiceMode) -> [DrawCommand] {
        let screen = service.screen
        let radius = max(18, min(screen.width, screen.height) * 0.06)
        var commands = [text(service.fingers.isEmpty ? service.words(.touchAnywhere) : service.words(.fingers, n: service.fingers.count),
                             at: screen.messageLineCenter, width: screen.width * 0.9,
                             color: theme.dialTickColor)]
        for (finger, point) in service.fingers.sorted(by: { $0.key < $1.key }) {
            let colour = Self.fingerColours[abs(finger) % Self.fingerColours.count]
            commands.append(.disc(center: point, radius: radius, color: colour.fading(0.85)))
            commands.append(text("\(finger)", points: Int(radius * 0.8), at: point, width: radius * 2))
        }
        return commands
    }

    /// The next calibration target as a cross in a ring (the check target in the "done"
    /// colour), and what to do in the middle of the panel.
    private func calibration(_ service: ServiceMode) -> [DrawCommand] {
        guard let run = service.calibration, let target = run.target else { return [] }
        let screen = service.screen
        let center = layout.turn.view(target)
        let side = min(screen.width, screen.height)
        let arm = max(16, side * 0.05), line = max(2, side * 0.005)
        let checking = run.step == CalibrationRun.targets.count - 1
        let colour = checking ? KioskView.haloColor : theme.textColor
        let middle = Point(x: screen.width / 2, y: screen.height / 2)
        let words = service.words
        let hint = words(checking ? .touchCheck : .touchCross)
        return [
            .arc(ArcStroke(center: center, radius: arm * 0.6, width: line, color: colour)),
            .fill(Rect(x: center.x - arm, y: center.y - line / 2, width: arm * 2, height: line), colour),
            .fill(Rect(x: center.x - line / 2, y: center.y - arm, width: line, height: arm * 2), colour),
            text(hint + " " + words(.step, n: run.step + 1, m: CalibrationRun.targets.count), at: Point(x: middle.x, y: middle.y - Double(textPoints)),
                 width: screen.width * 0.9),
        ] + [words(.oneFinger), words(.escapeLeaves, n: Int(ServiceMode.menuTimeoutSeconds / 60))].enumerated().map { index, line in
            // Two short lines: a panel on its side has little width for one long one.
            text(line, points: max(10, textPoints * 3 / 4), at: Point(x: middle.x, y: middle.y + Double(textPoints) * (1 + Double(index))),
                 width: screen.width * 0.9, color: theme.dialTickColor)
        }
    }

    private static let fingerColours = [KioskView.focusColor, KioskView.armedColor, KioskView.haloColor, KioskView.cancelColor,
                                        RGBA(192, 132, 252), RGBA(45, 212, 191)]

    /// The brightness knob or volume arc, `named` in the panel's language.
    private func setting(_ slider: ArcSlider, _ setting: ProgramSetting, named name: String) -> [DrawCommand] {
        var setting = setting
        setting.name = name
        return ScreenLooks.setting(slider, for: setting, theme: theme, numbers: .standard).commands(slider)
    }

    /// Lines of text from the top of `rect` down, against the side where lines start, as many as fit.
    private func lines(_ lines: [String], in rect: Rect, points: Int? = nil, alignment: TextAlignment) -> [DrawCommand] {
        let size = points ?? textPoints
        let pitch = Double(size) * 1.45
        let fitting = max(0, Int(rect.height / pitch))
        return lines.prefix(fitting).enumerated().map { index, line in
            text(line, points: size, at: Point(x: rect.center.x, y: rect.y + pitch * (Double(index) + 0.5)), width: rect.width,
                 alignment: alignment)
        }
    }

    /// A table: the first column left-aligned in half the width, the others right-aligned in
    /// equal shares of the rest; the heading row dimmer. As many rows as fit.
    private func table(_ rows: [[String]], in rect: Rect) -> [DrawCommand] {
        let pitch = Double(textPoints) * 1.45
        let columns = rows.map(\.count).max() ?? 1
        let first = rect.width * 0.5, other = (rect.width - first) / Double(max(1, columns - 1))
        var commands: [DrawCommand] = []
        for (r, row) in rows.prefix(max(0, Int(rect.height / pitch))).enumerated() {
            let y = rect.y + pitch * (Double(r) + 0.5)
            let color = r == 0 ? theme.dialTickColor : theme.textColor
            for (c, cell) in row.enumerated() {
                let x = c == 0 ? rect.x + first / 2 : rect.x + first + other * (Double(c) - 0.5)
                commands.append(text(cell, at: Point(x: x, y: y), width: c == 0 ? first : other, color: color,
                                     alignment: c == 0 ? .left : .right))
            }
        }
        return commands
    }

    /// A service button: a flat disc with a thin ring (`accent`, else the dial's tick
    /// colour), lighter while pressed, its label in the middle (`labelScale` × the radius,
    /// in points) and the detail under it.
    private func button(_ control: ServiceControl, in screen: ServiceScreen, face: ButtonFace, accent: RGBA? = nil,
                        labelScale: Double = 0.5) -> [DrawCommand] {
        guard case .button(let index)? = screen.panel.ref(of: control.id) else { return [] }
        let button = screen.panel.buttons[index]
        let ring = max(2, button.radius * 0.06)
        let fill = button.isPressed ? RGBA(64, 76, 102) : theme.dialFill
        var commands: [DrawCommand] = [
            .disc(center: button.center, radius: button.radius, color: fill),
            .arc(ArcStroke(center: button.center, radius: button.radius - ring / 2, width: ring,
                           color: accent ?? theme.dialTickColor.fading(0.6))),
        ]
        let labelAt = face.detail.isEmpty ? button.center : Point(x: button.center.x, y: button.center.y - button.radius * 0.12)
        commands.append(text(face.label, points: max(10, Int(button.radius * labelScale)), at: labelAt, width: button.radius * 1.6))
        if !face.detail.isEmpty {
            commands.append(text(face.detail, points: max(9, Int(button.radius * 0.2)),
                                 at: Point(x: button.center.x, y: button.center.y + button.radius * 0.38), width: button.radius * 1.6,
                                 color: theme.dialTickColor))
        }
        return commands
    }

    private func text(_ text: String, points: Int? = nil, at center: Point, width: Double, color: RGBA? = nil,
                      alignment: TextAlignment = .center) -> DrawCommand {
        .text(TextDraw(text, points: points ?? textPoints, center: center, maxWidth: width, color: color ?? theme.textColor,
                       alignment: alignment, narrowestFit: KioskView.narrowestText))
    }
}
