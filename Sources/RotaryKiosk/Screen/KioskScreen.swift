import RotaryKit

/// The kiosk's controls built for one window: the program wheel, the timer dial around it
/// and the centre button in its hub.
public struct KioskScreen: Sendable {
    /// Control ids used in events.
    public static let wheelID = "wheel"
    public static let dialID = "dial"
    public static let buttonID = "button"

    /// The layout the controls were built for.
    public let layout: ScreenLayout
    /// The programs on the wheel.
    public let programs: [Program]
    /// The minutes on the dial.
    public let dialMinutes: [Int]
    /// The controls, topmost first: button, wheel, dial.
    public var panel: ControlPanel

    /// The screen in `layout`, wheel on `program` and dial on `dialIndex` (by default on the
    /// program's own minutes).
    public init(layout: ScreenLayout, programs: [Program], dialMinutes: [Int], program: Int = 0, dialIndex: Int? = nil) {
        self.layout = layout
        self.programs = programs
        self.dialMinutes = dialMinutes
        let dialIndex = dialIndex ?? Self.nearest(programs.indices.contains(program) ? programs[program].minutes : 0, in: dialMinutes)
        let button = CenterButton(id: Self.buttonID, center: layout.center, radius: layout.buttonRadius)
        let wheel = RingControl(id: Self.wheelID, kind: .wheel, labels: programs.map(\.name), center: layout.center,
                                innerRadius: layout.wheelInnerRadius, outerRadius: layout.wheelOuterRadius,
                                markerDegrees: layout.markerDegrees, selected: program)
        let dial = RingControl(id: Self.dialID, kind: .dial, labels: dialMinutes.map(String.init), center: layout.center,
                               innerRadius: layout.dialInnerRadius, outerRadius: layout.dialOuterRadius,
                               markerDegrees: layout.markerDegrees, selected: dialIndex)
        panel = ControlPanel()
        panel.add(button)
        panel.add(wheel)
        panel.add(dial)
        panel.focusIndex = 1
    }

    /// The same screen rebuilt for a new layout, keeping what is selected.
    public func relaidOut(_ layout: ScreenLayout) -> KioskScreen {
        var screen = KioskScreen(layout: layout, programs: programs, dialMinutes: dialMinutes,
                                 program: wheel.selectedIndex, dialIndex: dial.selectedIndex)
        screen.panel.focusIndex = panel.focusIndex
        return screen
    }

    /// The dial item whose minutes are nearest to `minutes`.
    public func dialIndex(forMinutes minutes: Int) -> Int { Self.nearest(minutes, in: dialMinutes) }

    private static func nearest(_ minutes: Int, in values: [Int]) -> Int {
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

    /// The program wheel.
    public var wheel: RingControl {
        get { panel.rings[Self.wheelShelf] }
        set { panel.rings[Self.wheelShelf] = newValue }
    }
    /// The timer dial.
    public var dial: RingControl {
        get { panel.rings[Self.dialShelf] }
        set { panel.rings[Self.dialShelf] = newValue }
    }
    /// The centre button.
    public var button: CenterButton {
        get { panel.buttons[0] }
        set { panel.buttons[0] = newValue }
    }

    /// Where the rings are kept on the panel's ring shelf (added in this order above).
    private static let wheelShelf = 0, dialShelf = 1
}
