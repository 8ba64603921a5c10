import Foundation
import RotaryKit
import RotarySDL

/// Keeps the operator's brightness, volume and touch calibration, and the wrong-PIN count
/// and lock, in `operator.json` in the state folder, so they outlive a restart: written atomically (``AtomicFile``) off the
/// render thread whenever the operator lets go of a knob or takes or resets a calibration.
/// A file that is missing or makes no sense gives the defaults, field by field; one that
/// cannot be read, is larger than ``maxFileBytes``, is a symbolic link or is not a JSON
/// object is ignored with a message.
final class OperatorStore: @unchecked Sendable {
    static let fileName = "operator.json"
    /// The most bytes the file may have (it holds a few numbers): a larger one is not read.
    static let maxFileBytes = 64 << 10
    private let file: BackgroundFile
    private let failed: @Sendable (String) -> Void
    var path: String { file.path }

    /// A store in `folder`; in a folder that is only readable it reads and keeps nothing.
    init(folder: StateFolder, failed: @escaping @Sendable (String) -> Void) {
        file = BackgroundFile(Self.fileName, in: folder.path, kept: folder.isWritable, holding: "the operator's settings",
                              failed: failed)
        self.failed = failed
    }

    /// What was saved, as of wall-clock time `now` (seconds since 1970): levels within 0…1, a
    /// calibration of six numbers that leaves the panel touchable, the wrong-PIN count and
    /// what is left of a lock.
    func load(now: Double) -> RememberedOperator {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: Self.maxFileBytes, followingLinks: false) } catch .missing {
            return RememberedOperator()
        } catch {
            failed("\(path): \(error); ignored, the operator's settings start from the defaults")
            return RememberedOperator()
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            failed("\(path): not a JSON object (\(bytes.count) bytes); ignored, the operator's settings start from the defaults")
            return RememberedOperator()
        }
        func level(_ key: String) -> Double? { JSONValue.finiteNumber(object[key]).flatMap { (0...1).contains($0) ? $0 : nil } }
        // Never below the knob's lowest: the panel is not turned black from a file.
        let brightness = level("brightness").map { max($0, ServiceScreen.brightnessSetting.min / 100) }
        var touch: TouchCalibration?
        if let field = object["touch_calibration"], !(field is NSNull) {
            let items = field as? [Any] ?? []
            let numbers = items.compactMap(JSONValue.finiteNumber)
            touch = numbers.count == items.count ? TouchCalibration(matrix: numbers) : nil
            if touch == nil {
                failed("\(path): touch_calibration is not six numbers that leave the panel touchable; "
                       + "touches land where the panel reports them until the operator calibrates again")
            }
        }
        return RememberedOperator(brightness: brightness, volume: level("volume"), touch: touch, pinLock: Self.pinLock(object["pin"], now: now))
    }

    /// The `"pin"` field's count and lock as of `now`; open when it is missing or not numbers.
    private static func pinLock(_ field: Any?, now: Double) -> PinLock {
        guard let object = field as? [String: Any] else { return .open }
        let wrong = JSONValue.finiteNumber(object["wrong_in_a_row"]).map { Int(min(max($0, 0), 100)) } ?? 0
        let left = JSONValue.finiteNumber(object["locked_until"]).map { $0 - now }.flatMap { $0 > 0 ? $0 : nil }
        return PinLock(wrongInARow: wrong, secondsLocked: left)
    }

    /// Saves `levels`, `touch` (none when it is the identity) and `pin` (none when open) as of
    /// wall-clock time `now`, in the background.
    func save(_ levels: OperatorLevels, touch: TouchCalibration, pin: PinLock, now: Double) {
        var fields = (levels.brightness.map { [("brightness", JSONValue.number($0))] } ?? []) + [("volume", .number(levels.volume))]
        if !touch.isIdentity { fields.append(("touch_calibration", .array(touch.matrix.map(JSONValue.exact)))) }
        if pin != .open {
            fields.append(("pin", .object([("wrong_in_a_row", .int(pin.wrongInARow))]
                                         + (pin.secondsLocked.map { [("locked_until", .number(now + $0))] } ?? []))))
        }
        file.write(Data((JSONValue.object(fields).text + "\n").utf8))
    }

    /// Waits for the saves so far.
    func flush() { file.flush() }
}
