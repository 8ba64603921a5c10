import RotaryKit

/// The service screen's controls for one page, in the kiosk layout's view (its pixels):
/// a close button in the top-right corner; on the PIN page a keypad of round keys; on the
/// menu the strip of tabs and the tab's own controls (the brightness knob, the volume arc,
/// the leave and quit buttons). Pure geometry and models; ``ServiceView`` draws them.
package struct ServiceScreen: Sendable {
    /// Brightness (of the backlight's maximum) and volume as the set points they are shown
    /// as, in percent: a fraction is the value / 100. Brightness stops at 5 %: the panel is
    /// never turned black from here.
    package static let brightnessSetting = ProgramSetting(name: "Brightness", unit: "%", min: 5, max: 100, step: 5, defaultValue: 100,
                                                  style: .knob)
    static let volumeSetting = ProgramSetting(name: "Volume", unit: "%", min: 0, max: 100, step: 5, defaultValue: 50, style: .arc)

    /// The view's size in pixels.
    let width: Double
    let height: Double
    /// How the view lies on the window (the panel).
    let turn: QuarterTurn
    /// The tabs' widths as the layout measured them (empty: estimated).
    private let tabWidths: [Double]
    /// The language the tabs are named in and run in.
    /// The panel's language: its words, digits and reading direction.
    let locale: KioskLocale
    package private(set) var page: ServicePage
    /// The page's controls, topmost first.
    var panel = ControlPanel()

    /// The service screen in `layout`'s view on `page`, the knob and arc at the operator's
    /// `levels` (no knob without a backlight), its tabs named in `locale`'s words, running its way.
    init(layout: ScreenLayout, page: ServicePage, levels: OperatorLevels, locale: KioskLocale) {
        self.locale = locale
        width = layout.viewWidth
        height = layout.viewHeight
        titleHeight = Self.titleHeight(layout)
        turn = layout.turn
        tabWidths = layout.serviceTabWidths
        self.page = page
        show(page, levels: levels)
    }

    /// Builds `page`'s controls, the strip kept where it is.
    mutating func show(_ page: ServicePage, levels: OperatorLevels) {
        let strip = panel.strips.first
        self.page = page
        panel = ControlPanel()
        guard page != .calibration else { return }  // every touch is a calibration tap
        panel.add(CenterButton(id: ServiceControl.close.id, center: closeCenter, radius: titleHeight * 0.5))  // ✕: a finger's target across
        switch page {
        case .pin:
            for (index, key) in PadKey.pad.enumerated() {
                panel.add(CenterButton(id: ServiceControl.key(key).id, center: keyCenter(index), radius: keyPitch * 0.42))
            }
        case .menu(let tab):
            panel.add(strip ?? tabs(selected: tab))
            addControls(of: tab, levels: levels)
        case .touchTest, .calibration:
            break
        }
        panel.focusIndex = min(1, panel.stack.count - 1)
    }

    private mutating func addControls(of tab: ServiceTab, levels: OperatorLevels) {
        let content = contentRect
        let radius = min(content.width, content.height) * 0.32
        switch tab {
        case .display:
            if let brightness = levels.brightness {
                panel.add(slider(.brightness, Self.brightnessSetting, fraction: brightness, radius: radius))
            }
        case .sound:
            panel.add(slider(.volume, Self.volumeSetting, fraction: levels.volume, radius: radius))
        case .exit:
            addButtons([.leave, .quit])
        case .touch:
            addButtons([.touchTest, .calibrate, .resetCalibration])
        case .diagnostics, .errors, .usage:
            break
        }
    }

    /// Round buttons `ids` side by side across the content, a little above its middle (room
    /// for a line of text under them).
    private mutating func addButtons(_ controls: [ServiceControl]) {
        let content = contentRect
        let share = content.width / Double(controls.count)
        let radius = min(content.height * 0.3, share * 0.32)
        for (index, control) in controls.enumerated() {
            let center = Point(x: content.x + share * (Double(index) + 0.5), y: content.y + content.height * 0.45)
            panel.add(CenterButton(id: control.id, center: center, radius: radius))
        }
    }

    private func slider(_ control: ServiceControl, _ setting: ProgramSetting, fraction: Double, radius: Double) -> ArcSlider {
        setting.slider(id: control.id, center: contentRect.center, radius: radius, thumbRadius: max(14, radius * 0.14),
                       knobDragPixels: radius * 3, value: fraction * 100)
    }

    private func tabs(selected tab: ServiceTab) -> StripControl {
        let rect = stripRect
        let labels = ServiceTab.allCases.map { locale.service($0.word) }
        let widths = tabWidths.count == labels.count ? tabWidths : labels.map { _ in rect.height * 3 }
        return StripControl(id: ServiceControl.tabs.id, labels: labels, itemWidths: widths, x: rect.x, y: rect.y, width: rect.width,
                            height: rect.height, markerX: rect.x + rect.width * KioskScreen.stripMarkerAt(locale.direction),
                            selected: tab.rawValue, direction: locale.direction, ends: .pinned)
    }

    // MARK: - Geometry

    /// The title bar's height, which is also the strip's.
    let titleHeight: Double

    /// The title bar's height in `layout`'s view: a tenth of its shorter side, at least 36
    /// pixels and a finger's target (the tabs and the ✕ are as tall).
    package static func titleHeight(_ layout: ScreenLayout) -> Double {
        max(36, layout.panel.fingerPixels, min(layout.viewHeight, layout.viewWidth) * 0.1)
    }
    /// The ✕ at the end of the title bar as the language reads: the right, or the left in a
    /// right-to-left language.
    var closeCenter: Point { Point(x: xInset(titleHeight * 0.6, fromEnd: true), y: titleHeight * 0.55) }
    /// `inset` pixels from the side a line starts at in the panel's language (from the other
    /// side with `fromEnd`), as an x.
    func xInset(_ inset: Double, fromEnd: Bool = false) -> Double {
        (locale.direction == .leftToRight) != fromEnd ? inset : width - inset
    }
    /// The strip of tabs, under the title.
    var stripRect: Rect { Rect(x: 0, y: titleHeight * 1.1, width: width, height: titleHeight) }
    /// Where a tab's own controls and text go.
    var contentRect: Rect {
        let top = stripRect.maxY + titleHeight * 0.3
        return Rect(x: titleHeight * 0.5, y: top, width: width - titleHeight, height: height - top - titleHeight * 0.3)
    }
    /// The line under the title bar: the PIN pad's dots or message, the touch test's count.
    var messageLineCenter: Point { Point(x: width / 2, y: titleHeight * 1.6) }
    /// Distance between keypad keys: four rows fill the height under the PIN line unless
    /// three columns would be wider than most of the width.
    var keyPitch: Double { min((height - keypadTop) / 4, width * 0.8 / 3) }

    /// Where key `index` (of ``PadKey/pad``) sits: the pad in the middle of the room under the
    /// PIN line.
    func keyCenter(_ index: Int) -> Point {
        let pitch = keyPitch
        let top = keypadTop + (height - keypadTop - 4 * pitch) / 2
        return Point(x: width / 2 + Double(index % 3 - 1) * pitch, y: top + (Double(index / 3) + 0.5) * pitch)
    }

    private var keypadTop: Double { titleHeight * 2.2 }
}
