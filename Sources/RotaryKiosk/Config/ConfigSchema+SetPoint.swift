import Foundation
import TOMLKit

/// A program's set point (`[program.setting]`): read with its schema, and its steps and
/// default checked against its range.
extension ConfigSchema {
    /// Reads a program's `[program.setting]` at `path` (`program[2].setting`), adding its name
    /// and unit to `names` for the font check. Nil when it has an error.
    static func readSetting(_ value: any TOMLValueConvertible, at path: String, _ r: inout ConfigReader,
                            _ names: inout [(key: String, name: String)]) -> ProgramSetting? {
        guard let table = value.tomlValue.table else {
            let what = value.tomlValue.array != nil ? "one table, not a list: a program has one set point"
                : "a table, not \(value.tomlValue.type)"
            r.error(path, "must be \(what); write [program.setting] after the program's [[program]] keys, "
                + "with name, min, max and step")
            return nil
        }
        let errorsBefore = r.errorCount
        var draft = SettingDraft.defaults
        ConfigSchema.setting.read(table, at: path, &r, into: &draft)
        if let name = draft.name { names.append((key: "\(path).name", name: name)) }
        if !draft.unit.isEmpty { names.append((key: "\(path).unit", name: draft.unit)) }
        guard r.errorCount == errorsBefore, let name = draft.name, let min = draft.min, let max = draft.max, let step = draft.step else { return nil }
        return ProgramSetting(name: name, unit: draft.unit, min: min, max: max, step: step, defaultValue: draft.defaultValue ?? min,
                              style: draft.style)
    }

    /// Whether `step` divides max − min into a whole number of steps (within rounding), at
    /// most 1000 of them; an error at `path.step` when not.
    static func checkSteps(min: Double, max: Double, step: Double, at path: String, _ r: inout ConfigReader) -> Bool {
        let span = max - min
        let steps = span / step
        let whole = steps.rounded()
        if steps < 1 - 1e-6 {
            r.error("\(path).step", "is larger than max − min (\(ConfigBounds.message(span))): the control would have one value only; "
                + "choose a step of at most \(ConfigBounds.message(span))")
            return false
        }
        if !isWhole(steps) {
            let below = min + steps.rounded(.down) * step, above = min + steps.rounded(.up) * step
            r.error("\(path).step", "does not divide max − min (\(ConfigBounds.message(span))) into whole steps (it gives "
                + "\(ConfigBounds.message(steps, places: 2))): max could never be set; set max = \(ConfigBounds.message(below)) or \(ConfigBounds.message(above)), "
                + "or choose a step that divides \(ConfigBounds.message(span))")
            return false
        }
        if let problem = ConfigBounds.settingSteps.problem(whole) {
            r.error("\(path).step", "(max − min) / step \(problem); choose a step of at least \(ConfigBounds.message(span / 1000))")
            return false
        }
        return true
    }

    /// Checks `value`, the set point's `default`: within min…max and on a step.
    static func checkDefault(_ value: Double, min: Double, max: Double, step: Double, at path: String,
                             _ r: inout ConfigReader) {
        guard (min...max).contains(value) else {
            r.error("\(path).default", "must be between min and max (\(ConfigBounds.message(min)) and \(ConfigBounds.message(max))), not \(ConfigBounds.message(value)): "
                + "the set point starts there each time the program is picked")
            return
        }
        let k = (value - min) / step
        guard !isWhole(k) else { return }
        let below = min + k.rounded(.down) * step
        r.error("\(path).default", "\(ConfigBounds.message(value)) is not on a step: the values are \(ConfigBounds.message(min)), \(ConfigBounds.message(min + step)) … "
            + "\(ConfigBounds.message(max)) (min + a whole number of steps of \(ConfigBounds.message(step))); write \(ConfigBounds.message(below)) or \(ConfigBounds.message(below + step))")
    }

    /// Whether a count of steps is a whole number within rounding (a millionth, relative).
    static func isWhole(_ steps: Double) -> Bool { abs(steps - steps.rounded()) <= 1e-6 * Swift.max(1, abs(steps)) }
}
