import Testing
@testable import RotaryKit

@Suite("Panel: fingers belong to the control they went down on")
struct ControlPanelTests {
    static let centre = Point(x: 540, y: 540)

    func kioskPanel() -> ControlPanel {
        let button = CenterButton(id: "button", center: Self.centre, radius: 80)
        let wheel = RingControl(id: "wheel", kind: .wheel, labels: (0..<8).map { "P\($0)" }, center: Self.centre,
                                innerRadius: 90, outerRadius: 400)
        let dial = RingControl(id: "dial", kind: .dial, labels: (0..<12).map { "\($0 * 5)" }, center: Self.centre,
                               innerRadius: 410, outerRadius: 530)
        var panel = ControlPanel()
        panel.add(button)
        panel.add(wheel)
        panel.add(dial)
        return panel
    }

    @Test("two fingers on wheel and dial turn both at once")
    func twoFingersTwoControls() {
        var panel = kioskPanel()
        let onWheel = TouchPath.drag(center: Self.centre, radius: 300, from: -90, to: -90 + 90, seconds: 1,
                                     restBeforeUp: 0.1, finger: 1)
        let onDial = TouchPath.drag(center: Self.centre, radius: 470, from: 0, to: -60, seconds: 1,
                                    restBeforeUp: 0.1, finger: 2)
        let result = simulate(&panel, onWheel + onDial)
        let wheel = panel.rings[0]
        let dial = panel.rings[1]
        #expect(wheel.selectedIndex == 2)
        #expect(dial.selectedIndex == 10)
        #expect(result.events.contains(.selected(id: "wheel", index: 2, label: "P2", value: nil)))
        #expect(result.events.contains(.selected(id: "dial", index: 10, label: "50", value: nil)))
    }

    @Test("a finger that wanders from the wheel onto the dial keeps turning the wheel only")
    func fingerKeepsItsControl() {
        var panel = kioskPanel()
        var path = TouchPath()
        path.down(Point(x: 540, y: 240))
        path.line(to: Point(x: 1000, y: 540), seconds: 0.8)
        path.rest(0.1)
        path.up()
        _ = simulate(&panel, path.events)
        let dial = panel.rings[1]
        let wheel = panel.rings[0]
        #expect(dial.rotationDegrees == 0)
        #expect(wheel.selectedIndex == 2)
    }

    @Test("a second finger on a held wheel is ignored")
    func secondFingerIgnored() {
        var panel = kioskPanel()
        let first = TouchPath.drag(center: Self.centre, radius: 300, from: -90, to: 0, seconds: 1, restBeforeUp: 0.1,
                                   finger: 1)
        let second = TouchPath.drag(center: Self.centre, radius: 250, from: 90, to: -60, seconds: 0.5,
                                    startTime: 0.2, finger: 2)
        _ = simulate(&panel, first + second)
        let wheel = panel.rings[0]
        #expect(wheel.selectedIndex == 2)
    }

    @Test("a tap on the centre button presses it; sliding off cancels")
    func button() {
        var panel = kioskPanel()
        let tap = [PointerEvent(.down, at: Self.centre, time: 0), PointerEvent(.up, at: Self.centre, time: 0.1)]
        #expect(simulate(&panel, tap).events == [.pressed(id: "button")])
        var slide = TouchPath(startTime: 1)
        slide.down(Self.centre)
        slide.line(to: Point(x: 540, y: 700), seconds: 0.2)
        slide.up()
        #expect(simulate(&panel, slide.events).events.isEmpty)
    }

    @Test("a repeated down for the same finger ends its old touch first; invalid events are dropped")
    func robustness() {
        var panel = kioskPanel()
        let events = [
            PointerEvent(.down, finger: 7, at: Self.centre, time: 0),
            PointerEvent(.down, finger: 7, at: Point(x: 540, y: 240), time: 0.1),
            PointerEvent(.moved, finger: 7, at: Point(x: .nan, y: 3), time: 0.2),
            PointerEvent(.up, finger: 7, at: Point(x: 540, y: 240), time: 0.3),
        ]
        #expect(panel.handle(PointerEvent(.moved, finger: 7, at: Point(x: 900, y: 540), time: .infinity)).isEmpty)
        let result = simulate(&panel, events)
        #expect(result.rested)
        #expect(!result.events.contains(.pressed(id: "button")))
    }

    @Test("keys go to the focused control")
    func focus() {
        var panel = kioskPanel()
        panel.focusIndex = panel.stack.firstIndex(of: .ring(1))!
        _ = panel.turnFocused(.steps(3))
        _ = settle(&panel)
        let dial = panel.rings[1]
        #expect(dial.selectedIndex == 3)
        #expect(panel.turn("button", .activate) == [.pressed(id: "button")])
    }

    @Test("one input function: keys turn the focused control, Tab moves on, Enter presses a button, notches turn what is under the pointer")
    func applyInputs() {
        var panel = kioskPanel()
        panel.focusIndex = 1  // the wheel
        _ = panel.apply(.key("Right"))
        _ = panel.apply(.encoder(steps: 2))
        _ = settle(&panel)
        #expect(panel.rings[0].selectedIndex == 3)
        _ = panel.apply(.key("Tab"))
        #expect(panel.focusedID == "dial")
        _ = panel.apply(.key("End"))
        _ = settle(&panel)
        #expect(panel.rings[1].selectedIndex == 11)
        #expect(panel.apply(.key("Return")) == [.pressed(id: "button")], "the dial takes no Enter, so the button does")
        _ = panel.apply(.wheel(notches: -1, at: Point(x: 540, y: 540 - 470)))
        _ = settle(&panel)
        #expect(panel.rings[1].selectedIndex == 10)
        #expect(panel.apply(.key("Escape")).isEmpty && panel.apply(.key("F7")).isEmpty)
        #expect(panel.apply(.wheel(notches: 1, at: Point(x: 2, y: 2))).isEmpty)
    }

    @Test("a hidden control takes no touch, key or notch and claims no finger: a touch reaches what lies under it, Tab passes over it")
    func hiddenControl() {
        var panel = kioskPanel()
        panel.hidden = ["wheel"]
        // Under the hidden wheel lies nothing: the finger goes to no control.
        let onWheel = TouchPath.drag(center: Self.centre, radius: 300, from: -90, to: 0, seconds: 0.5, restBeforeUp: 0.1)
        #expect(simulate(&panel, onWheel).events.isEmpty)
        #expect(panel.rings[0].selectedIndex == 0)
        #expect(panel.apply(.wheel(notches: 1, at: Point(x: 540, y: 240))).isEmpty)
        panel.focusIndex = 0  // the button
        _ = panel.apply(.key("Tab"))
        #expect(panel.focusedID == "dial", "Tab passed over the hidden wheel")
        panel.hidden = []
        panel.focusIndex = 1
        panel.hidden = ["wheel"]
        #expect(panel.focusedID == "button", "the focus left the wheel for the topmost control shown as it was hidden")
        panel.focusIndex = 1
        #expect(panel.apply(.key("Right")).isEmpty, "keys do not reach a hidden control that had the focus")
        // A hidden control over another: the touch reaches the one under it.
        var stacked = ControlPanel()
        stacked.add(CenterButton(id: "over", center: Self.centre, radius: 80))
        stacked.add(CenterButton(id: "under", center: Self.centre, radius: 80))
        stacked.hidden = ["over"]
        let tap = [PointerEvent(.down, at: Self.centre, time: 0), PointerEvent(.up, at: Self.centre, time: 0.1)]
        #expect(simulate(&stacked, tap).events == [.pressed(id: "under")])
        stacked.hidden = []
        #expect(simulate(&stacked, tap).events == [.pressed(id: "over")])
    }
}
