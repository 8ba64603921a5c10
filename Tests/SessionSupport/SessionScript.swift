import RotaryKioskCore

/// Scripted steps on a session, for the tests that look at what it shows (its rules in
/// RotaryKioskCoreTests, its pixels in RotaryKioskTests).
extension KioskSession {
    /// Lets `seconds` pass in 60 Hz frames.
    public mutating func run(seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { _ = advance(by: 1.0 / 60) }
    }

    /// Sets the dial to 5 minutes with the keys, starts, and lets the countdown run out:
    /// "Done" has just come.
    public mutating func finishFiveMinuteCountdown() {
        _ = key("Tab")
        _ = key("Home")
        _ = key("Right")  // 5 minutes
        run(seconds: 1)
        _ = key("Return")
        run(seconds: 300.5)
    }
}

extension KioskScreen {
    /// The demo programs on the built-in dial, on a `width`×`height` panel turned by
    /// `rotation` degrees: the screen most tests start from.
    public static func demo(width: Double, height: Double, rotation: Int = 0) -> KioskScreen {
        KioskScreen(layout: ScreenLayout(width: width, height: height, rotation: rotation), programs: Program.demo,
                    dialMinutes: Program.defaultDialMinutes)
    }
}
