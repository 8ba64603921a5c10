import RotaryKiosk
import RotaryKit
import Testing

@Suite("Command line, keys and layout")
struct ArgumentTests {
    @Test("sizes parse as WxH within limits", arguments: [
        ("800x480", WindowSize(width: 800, height: 480)), ("1080X1920", WindowSize(width: 1080, height: 1920)),
        ("0x10", nil), ("800", nil), ("axb", nil), ("99999x10", nil),
    ] as [(String, WindowSize?)])
    func sizes(text: String, expected: WindowSize?) {
        #expect(WindowSize(argument: text) == expected)
    }

    @Test("arrows step one item, Home/End jump, Enter presses, Tab moves focus")
    func keys() {
        #expect(KeyBindings.action(forKey: "Right") == .turn(.steps(1)))
        #expect(KeyBindings.action(forKey: "Up") == .turn(.steps(-1)))
        #expect(KeyBindings.action(forKey: "End") == .turn(.last))
        #expect(KeyBindings.action(forKey: "Return") == .pressButton)
        #expect(KeyBindings.action(forKey: "Tab") == .nextFocus)
        #expect(KeyBindings.action(forKey: "Q") == nil)
    }

    @Test("dial around wheel around button, fitting the shorter side",
          arguments: [(800.0, 480.0), (1080, 1080), (1080, 1920), (3840, 2160)])
    func layout(width: Double, height: Double) {
        let screen = KioskScreen(layout: ScreenLayout(width: width, height: height), programs: Program.demo,
                                 dialMinutes: Program.defaultDialMinutes)
        let wheel = screen.wheel, dial = screen.dial, button = screen.button
        #expect(dial.outerRadius * 2 <= min(width, height))
        #expect(wheel.outerRadius < dial.innerRadius)
        #expect(button.radius < wheel.innerRadius)
        #expect(wheel.center == Point(x: width / 2, y: height / 2))
    }
}
