import RotaryKit

/// What the session keeps for the operator's side between service screens, and what the
/// service screen changes: the wrong-PIN count, the levels and the touch calibration.
struct OperatorState: Sendable {
    var levels: OperatorLevels
    var touch: TouchCalibration
    var pins = PinGuard()
}
