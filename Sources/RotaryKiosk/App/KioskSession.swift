import RotaryKit

/// The kiosk's state between SDL and the models: the screen, and what each kind of input
/// does to it. No SDL, no clock: the live loop and the replay both drive it.
public struct KioskSession: Sendable {
    /// The controls as they are now.
    public private(set) var screen: KioskScreen
    /// Whether Escape may quit (windowed development mode only).
    public let escapeQuits: Bool

    /// A session on `screen`.
    public init(screen: KioskScreen, escapeQuits: Bool) {
        self.screen = screen
        self.escapeQuits = escapeQuits
    }

    /// A finger or the mouse.
    public mutating func pointer(_ event: PointerEvent) -> [ControlEvent] {
        screen.panel.handle(event)
    }

    /// Mouse-wheel notches over `point`: SDL's `dy` (positive: away from the user). One
    /// notch towards the user turns the control under the pointer to its next item.
    public mutating func wheel(dy: Int, at point: Point) -> [ControlEvent] {
        guard let index = screen.panel.control(at: point) else { return [] }
        return screen.panel.controls[index].turn(.steps(-dy))
    }

    /// Rotary-encoder steps (positive: clockwise) to the focused control.
    public mutating func encoder(steps: Int) -> [ControlEvent] {
        screen.panel.turnFocused(.steps(steps))
    }

    /// A key by SDL's name. Returns the events and whether the app should quit.
    public mutating func key(_ name: String) -> (events: [ControlEvent], quit: Bool) {
        switch KeyBindings.action(forKey: name) {
        case .turn(let command):
            return (screen.panel.turnFocused(command), false)
        case .pressButton:
            return (screen.panel.turn(KioskScreen.buttonID, .activate), false)
        case .nextFocus:
            screen.panel.focusIndex = (screen.panel.focusIndex + 1) % max(1, screen.panel.controls.count)
            return ([], false)
        case .quit:
            return ([], escapeQuits)
        case nil:
            return ([], false)
        }
    }

    /// Moves every animation on by `dt` seconds.
    public mutating func advance(by dt: Double) -> [ControlEvent] {
        screen.panel.advance(by: dt)
    }

    /// Rebuilds the screen for `layout`, keeping what is selected.
    public mutating func relayout(_ layout: ScreenLayout) {
        screen = screen.relaidOut(layout)
    }

    /// Whether nothing moves and no finger is down.
    public var isAtRest: Bool { screen.panel.isAtRest }
}
