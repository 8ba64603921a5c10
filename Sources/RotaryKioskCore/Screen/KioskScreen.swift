import RotaryKit

/// The kiosk's controls built for one window: the program wheel, the timer dial around it,
/// the centre button in its hub, the category strip (with two or more categories), the
/// selected program's set point (when it has one), and the running view's Stop and "+N min"
/// (hidden but while a countdown runs or is paused). Controls live in the layout's view (see
/// ``ScreenLayout``).
public struct KioskScreen: Sendable {
    /// The layout the controls were built for.
    public let layout: ScreenLayout
    /// Every program of the config, in order.
    public let allPrograms: [Program]
    /// The strip's names in order (fewer than two: no strip, every program on the wheel).
    public let categories: [String]
    /// The minutes on the dial.
    public let dialMinutes: [Int]
    /// The words, numbers and reading direction the screen is shown in.
    public let locale: KioskLocale
    /// The category shown, an index into ``categories`` (0 without categories).
    public private(set) var category: Int
    /// The programs on the wheel: the shown category's, or all of them.
    public private(set) var programs: [Program]
    /// The controls, topmost first: button, wheel, dial, strip, Stop, "+N min", set point.
    public var panel: ControlPanel
    /// The set point the screen's slider was made for (nil: none on the screen).
    public private(set) var shownSetting: ProgramSetting?
    /// Where the panel keeps the wheel, the dial and the button (always there), and the strip
    /// and the set point (while shown): as the panel's `add` returned them.
    private let wheelRing: Int, dialRing: Int, buttonIndex: Int, stopIndex: Int, extendIndex: Int
    private var stripRef: ControlRef?, settingRef: ControlRef?

    /// The screen in `layout` showing `category`, the wheel on `program` (an index among that
    /// category's programs), the dial on `dialIndex` (by default on the program's own
    /// minutes) and the set point on `settingValue` (by default the program's default), in
    /// `locale` (the dial's numbers written in its digits, the strip in its direction).
    public init(layout: ScreenLayout, programs: [Program], dialMinutes: [Int], categories: [String] = [],
                category: Int = 0, program: Int = 0, dialIndex: Int? = nil, settingValue: Double? = nil,
                locale: KioskLocale = .english) {
        self.layout = layout
        self.locale = locale
        allPrograms = programs
        self.categories = categories.count >= 2 ? categories : []
        self.dialMinutes = dialMinutes
        self.category = self.categories.indices.contains(category) ? category : 0
        self.programs = Self.programs(of: self.category, in: programs, categories: self.categories)
        let program = self.programs.indices.contains(program) ? program : 0
        let dialIndex = dialIndex ?? Self.nearest(self.programs.indices.contains(program) ? self.programs[program].minutes : 0,
                                                  in: dialMinutes)
        let button = CenterButton(id: KioskControl.button.id, center: layout.center, radius: layout.buttonRadius)
        let dial = RingControl(id: KioskControl.dial.id, kind: .dial, labels: dialMinutes.map(locale.numbers.text), center: layout.center,
                               innerRadius: layout.dialInnerRadius, outerRadius: layout.dialOuterRadius,
                               markerDegrees: layout.markerDegrees, selected: dialIndex)
        // Each kind of control has its own shelf in the panel, which `add` appends to:
        // the button is the last button, the wheel and the dial the last two rings.
        panel = ControlPanel()
        panel.add(button)
        panel.add(Self.wheel(self.programs, layout: layout, selected: program))
        panel.add(dial)
        (buttonIndex, wheelRing, dialRing) = (panel.buttons.count - 1, panel.rings.count - 2, panel.rings.count - 1)
        if let strip = layout.stripRect, !self.categories.isEmpty {
            stripRef = panel.add(StripControl(id: KioskControl.categories.id, labels: self.categories, itemWidths: Self.stripItemWidths(self.categories, layout: layout, strip: strip),
                                   x: strip.x, y: strip.y, width: strip.width, height: strip.height,
                                   markerX: strip.x + strip.width * Self.stripMarkerAt(locale.direction), selected: self.category,
                                   direction: locale.direction, ends: .pinned))
        }
        panel.add(CenterButton(id: KioskControl.stop.id, center: layout.stopCenter, radius: layout.actionRadius))
        panel.add(CenterButton(id: KioskControl.extend.id, center: layout.extendCenter, radius: layout.actionRadius))
        (stopIndex, extendIndex) = (panel.buttons.count - 2, panel.buttons.count - 1)
        panel.focusIndex = panel.stack.firstIndex(of: .ring(wheelRing)) ?? 0
        _ = showSetting(value: settingValue)
    }

    /// The same screen rebuilt for a new layout, keeping what is selected.
    public func relaidOut(_ layout: ScreenLayout) -> KioskScreen {
        var screen = KioskScreen(layout: layout, programs: allPrograms, dialMinutes: dialMinutes, categories: categories,
                                 category: category, program: wheel.selectedIndex, dialIndex: dial.selectedIndex,
                                 settingValue: setting?.value, locale: locale)
        screen.panel.focusIndex = min(panel.focusIndex, screen.panel.stack.count - 1)
        return screen
    }

    /// The same screen offering only the programs named in `names`, in the config's order
    /// (nil: every program), the wheel on the first: a zone's screen. Its strip keeps the
    /// categories that have one of them.
    public func offering(_ names: [String]?) -> KioskScreen {
        guard let names else { return self }
        let offered = allPrograms.filter { names.contains($0.name) }
        return KioskScreen(layout: layout, programs: offered, dialMinutes: dialMinutes,
                           categories: categories.filter { name in offered.contains { $0.category == name } }, locale: locale)
    }

    // MARK: - Categories and set points

    /// Shows category `index` (an index into ``categories``): the strip rests on its name, the
    /// wheel is rebuilt with its programs on the first, and the set point follows. False when
    /// it was already shown.
    public mutating func showCategory(_ index: Int) -> Bool {
        guard categories.indices.contains(index), index != category else { return false }
        category = index
        if case .strip(let i)? = stripRef, panel.strips[i].selectedIndex != index {
            panel.strips[i].place(atCoordinate: Double(index))
        }
        programs = Self.programs(of: index, in: allPrograms, categories: categories)
        panel.rings[wheelRing] = Self.wheel(programs, layout: layout, selected: 0)
        _ = showSetting(value: nil)
        return true
    }

    /// Puts the set point of the selected program on the screen at `value` (nil: its
    /// default), or takes it away when the program has none. True when the controls' geometry
    /// changed: a set point came, went, or is another one.
    public mutating func showSetting(value: Double?) -> Bool {
        let had = settingRef, before = shownSetting
        shownSetting = layout.settingCenter == nil ? nil : selectedProgram?.setting
        guard let setting = shownSetting, let center = layout.settingCenter else {
            if let had {
                panel.remove(had)
                settingRef = nil
            }
            return had != nil
        }
        let slider = setting.slider(id: KioskControl.setting.id, center: center, radius: layout.settingRadius,
                                    thumbRadius: layout.settingThumbRadius, knobDragPixels: layout.knobDragPixels,
                                    value: value ?? setting.defaultValue)
        if case .slider(let i) = had {
            panel.sliders[i] = slider
        } else {
            settingRef = panel.add(slider)
        }
        return before != setting
    }

    /// The program under the wheel's marker, if the wheel has any.
    public var selectedProgram: Program? {
        programs.indices.contains(wheel.selectedIndex) ? programs[wheel.selectedIndex] : nil
    }

    /// The minutes under the dial's marker (0 if the dial has no such value).
    public var selectedMinutes: Int {
        dialMinutes.indices.contains(dial.selectedIndex) ? dialMinutes[dial.selectedIndex] : 0
    }

    /// The set point the selected program would start with: its name and unit with the arc's
    /// or knob's value; nil for a program without one.
    public var selectedReading: SettingReading? {
        selectedProgram?.setting.flatMap { setting in
            self.setting.map { SettingReading(name: setting.name, value: $0.value, unit: setting.unit) }
        }
    }

    /// Where the program named `name` is: its category and its place on that category's
    /// wheel.
    public func place(ofProgram name: String) -> (category: Int, index: Int)? {
        for category in categories.isEmpty ? [0] : Array(categories.indices) {
            let shown = Self.programs(of: category, in: allPrograms, categories: categories)
            if let index = shown.firstIndex(where: { $0.name == name }) { return (category, index) }
        }
        return nil
    }

    // MARK: - The dial

    /// The dial item whose minutes are nearest to `minutes`.
    public func dialIndex(forMinutes minutes: Int) -> Int { Self.nearest(minutes, in: dialMinutes) }

    /// The index of the dial value in `values` nearest to `minutes` (the first of two as near).
    package static func nearest(_ minutes: Int, in values: [Int]) -> Int {
        values.indices.min { abs(values[$0] - minutes) < abs(values[$1] - minutes) } ?? 0
    }

    /// The dial's continuous item coordinate for `minutes`: between the two values around
    /// it, in proportion; clamped to the first and last value.
    public func dialCoordinate(forMinutes minutes: Double) -> Double {
        guard let first = dialMinutes.first, let last = dialMinutes.last, minutes > Double(first) else { return 0 }
        guard minutes < Double(last) else { return Double(dialMinutes.count - 1) }
        let upper = dialMinutes.firstIndex { Double($0) > minutes } ?? dialMinutes.count - 1
        let low = Double(dialMinutes[upper - 1]), high = Double(dialMinutes[upper])
        return Double(upper - 1) + (minutes - low) / (high - low)
    }

    // MARK: - The controls

    /// Where the panel keeps `control` (nil: not on the screen now, or not one of the panel's:
    /// the zone tiles).
    public func ref(_ control: KioskControl) -> ControlRef? {
        switch control {
        case .zones: nil
        case .categories: stripRef
        case .setting: settingRef
        case .dial: .ring(dialRing)
        case .wheel: .ring(wheelRing)
        case .button: .button(buttonIndex)
        case .stop: .button(stopIndex)
        case .extend: .button(extendIndex)
        }
    }

    /// Which of the screen's controls `ref` is (nil: none of them).
    public func control(_ ref: ControlRef) -> KioskControl? { KioskControl.allCases.first { self.ref($0) == ref } }

    /// Turns `control` as the panel turns a control by its ref (nothing while it is not on
    /// the screen, or locked).
    public mutating func turn(_ control: KioskControl, _ command: TurnCommand) -> [ControlEvent] {
        guard let ref = ref(control) else { return [] }
        return panel.turn(ref, command)
    }

    /// The program wheel.
    public var wheel: RingControl {
        get { panel.rings[wheelRing] }
        set { panel.rings[wheelRing] = newValue }
    }
    /// The timer dial.
    public var dial: RingControl {
        get { panel.rings[dialRing] }
        set { panel.rings[dialRing] = newValue }
    }
    /// The centre button.
    public var button: CenterButton {
        get { panel.buttons[buttonIndex] }
        set { panel.buttons[buttonIndex] = newValue }
    }
    /// Stop, held to cancel a running or paused countdown.
    public var stop: CenterButton { panel.buttons[stopIndex] }
    /// "+N min", which adds time to a running or paused countdown.
    public var extend: CenterButton { panel.buttons[extendIndex] }
    /// Stop cancels once held `seconds`.
    public mutating func holdStop(for seconds: Double) { panel.buttons[stopIndex].longPressSeconds = seconds }
    /// The category strip, when there is one.
    public var strip: StripControl? {
        guard case .strip(let i)? = stripRef else { return nil }
        return panel.strips[i]
    }
    /// The set point, while the selected program has one.
    public var setting: ArcSlider? {
        guard case .slider(let i)? = settingRef else { return nil }
        return panel.sliders[i]
    }

    private static func wheel(_ programs: [Program], layout: ScreenLayout, selected: Int) -> RingControl {
        RingControl(id: KioskControl.wheel.id, kind: .wheel, labels: programs.map(\.name), center: layout.center,
                    innerRadius: layout.wheelInnerRadius, outerRadius: layout.wheelOuterRadius,
                    markerDegrees: layout.markerDegrees, selected: selected)
    }

    /// The programs of category `index`, or all of them without categories.
    private static func programs(of index: Int, in programs: [Program], categories: [String]) -> [Program] {
        guard categories.indices.contains(index) else { return programs }
        return programs.filter { $0.category == categories[index] }
    }

    /// Where the strip's marker sits, as a fraction of its width from its left end: before
    /// the middle as the strip reads (left of it, or right of it from right to left), so the
    /// next names show in full.
    static func stripMarkerAt(_ direction: ReadingDirection) -> Double { direction == .leftToRight ? 0.3 : 0.7 }

    /// Room per name on the strip: as the layout measured it, else the same for every name
    /// (two and a half times the strip's height).
    private static func stripItemWidths(_ names: [String], layout: ScreenLayout, strip: Rect) -> [Double] {
        layout.stripItemWidths.count == names.count ? layout.stripItemWidths : names.map { _ in strip.height * 2.5 }
    }
}
