import RotaryKit

/// The kiosk's controls and their layout: the program wheel and the centre button, built
/// for a window size. The placeholder for the full screen (dial, textures) to come.
public struct KioskScreen: Sendable {
    /// Control ids used in events.
    public static let wheelID = "wheel"
    public static let buttonID = "button"

    /// The layout the controls were built for.
    public private(set) var layout: ScreenLayout
    /// The controls, topmost first.
    public var panel: ControlPanel

    /// The screen for `programs` in a window of the given size, wheel at rest on `selected`.
    public init(programs: [String], width: Double, height: Double, selected: Int = 0) {
        layout = ScreenLayout(width: width, height: height)
        let button = CenterButton(id: Self.buttonID, center: layout.center, radius: layout.buttonRadius, label: "Start")
        let wheel = RingControl(id: Self.wheelID, kind: .wheel, labels: programs, center: layout.center,
                                innerRadius: layout.wheelInnerRadius, outerRadius: layout.wheelOuterRadius,
                                selected: selected)
        panel = ControlPanel(controls: [button, wheel])
        panel.focusIndex = 1
    }

    /// The program wheel.
    public var wheel: RingControl? { panel.control(Self.wheelID) }
    /// The centre button.
    public var button: CenterButton? { panel.control(Self.buttonID) }

    /// The eight demo programs of the built-in default.
    public static let demoPrograms = [
        "Finnish sauna", "Steam bath", "Infrared", "Cold plunge",
        "Wash 40°", "Wash 60°", "Quick dry", "Gentle dry",
    ]
}
