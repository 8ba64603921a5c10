import RotaryKit
import Testing
import RotaryKioskCore

/// The operator's levels as a kiosk starts, from what its settings file kept.
@Suite("The operator's settings at start (pure)")
struct RememberedOperatorTests {
    @Test("kept levels come back; without them full brightness and the config's volume; no backlight, no brightness")
    func levels() {
        let kept = RememberedOperator(brightness: 0.4, volume: 0.2)
        #expect(kept.levels(hasBacklight: true, configVolume: 0.7) == OperatorLevels(brightness: 0.4, volume: 0.2))
        #expect(kept.levels(hasBacklight: false, configVolume: 0.7) == OperatorLevels(brightness: nil, volume: 0.2))
        #expect(RememberedOperator().levels(hasBacklight: true, configVolume: 0.7) == OperatorLevels(brightness: 1, volume: 0.7))
        #expect(RememberedOperator().levels(hasBacklight: false, configVolume: 0) == OperatorLevels(brightness: nil, volume: 0))
    }
}
