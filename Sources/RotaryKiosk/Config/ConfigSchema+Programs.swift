import Foundation
import RotaryAssets
import RotaryKit
import TOMLKit

/// One `[[program]]` table as the file gives it, with what its keys are checked against.
struct ProgramDraft: ConfigTarget {
    /// The dial's minutes, which its `minutes` should be one of.
    var dialMinutes: [Int] = []
    /// The `[[category]]` names with their keys (nil: the file has none).
    var declared: [(key: String, name: String)]?
    var name: String?
    var icon = ""
    var minutes: Int?
    var category: String?
    /// Whether the file gave it a `category`.
    var categoryGiven = false
    var setting: ProgramSetting?
    var maxOnMinutes: Int?
    /// Its set point's name and unit with their keys, for the font check.
    var settingWords: [(key: String, name: String)] = []

    static var defaults: ProgramDraft { ProgramDraft() }
}

/// A program's `[program.setting]` as the file gives it.
struct SettingDraft: ConfigTarget {
    var name: String?
    var unit = ""
    var min: Double?
    var max: Double?
    var step: Double?
    var defaultValue: Double?
    var style = ProgramSetting.Style.arc

    static var defaults: SettingDraft { SettingDraft() }
}

/// One `[[category]]` table.
struct CategoryDraft: ConfigTarget {
    var name: String?
    static var defaults: CategoryDraft { CategoryDraft() }
}

extension ConfigSchema {
    static var category: ConfigSection<CategoryDraft> { ConfigSection<CategoryDraft>(
        header: "[[category]]", doc: "The category strip's names, in order (left out: taken from the programs).", keys: [
            .label("name", \.name, limit: TextLimit.category, shownOn: "the category strip",
                   missing: "each [[category]] is one name on the category strip; add name = \"…\"", doc: "Its name on the strip."),
        ]) }

    static var program: ConfigSection<ProgramDraft> { ConfigSection<ProgramDraft>(header: "[[program]]", doc: "The wheel's programs, in order: 1 to 64.", keys: [
        .label("name", \.name, limit: TextLimit.programName, shownOn: "a wheel segment",
               missing: "each program is a segment of the wheel with its name; add name = \"…\"", doc: "Its name on its segment, in events and hooks."),
        .custom("icon", takes: "a built-in icon's name (\(RotaryAssets.iconNames.joined(separator: ", "))) or an SVG or PNG file",
                default: "none", doc: "The icon on its segment.") { r, key, draft in
            guard let text = r.string(key) else { return }
            if RotaryAssets.icon(named: text) != nil {
                draft.icon = text
            } else if text.contains("/") || text.contains(".") {
                draft.icon = r.file(text, for: key.path) ?? ""
            } else {
                r.error(key, "\"\(text)\" is no built-in icon (\(RotaryAssets.iconNames.joined(separator: ", "))) and no file path")
            }
        },
        .custom("minutes", takes: "a whole number, " + ConfigBounds.programMinutes.summary, default: "the dial's first value above 0",
                doc: "The minutes the dial turns to when it is picked.") { r, key, draft in
            guard let minutes = r.int(key, in: .programMinutes) else { return }
            draft.minutes = minutes
            if !draft.dialMinutes.contains(minutes) {
                r.warning(key.path, "\(minutes) is not on the dial; the nearest dial value is used")
            }
        },
        .custom("max_on_minutes", takes: "a whole number, " + ConfigBounds.programMaxOnMinutes.summary, default: "[safety] max_on_minutes",
                doc: "The longest it may run, extensions included, instead of [safety]'s.") { r, key, draft in
            draft.maxOnMinutes = r.int(key, in: .programMaxOnMinutes)
        },
        .custom("category", takes: "text: a [[category]]'s name when the file has them", default: "none",
                doc: "The category whose wheel it is on.") { r, key, draft in
            draft.categoryGiven = key.value != nil
            draft.category = readCategory(key, declared: draft.declared, &r)
        },
        .custom("setting", takes: "a [program.setting] table", default: "none", doc: "Its set point (see [program.setting]).") { r, key, draft in
            guard let value = key.value else { return }
            draft.setting = readSetting(value, at: key.path, &r, &draft.settingWords)
        },
    ]) }

    static var setting: ConfigSection<SettingDraft> { ConfigSection<SettingDraft>(
        header: "[program.setting]", doc: "A program's set point (a temperature, a speed), set on an arc or a knob.", keys: [
            .label("name", \.name, limit: TextLimit.settingName, shownOn: "the set point's control",
                   missing: "the control says what it sets; add e.g. name = \"Temperature\"", doc: "What it sets, on its control."),
            .custom("unit", takes: "text, at most \(TextLimit.unit) characters", default: "\"\"", doc: "Written after the value.") { r, key, draft in
                draft.unit = r.label(key, limit: TextLimit.unit, shownOn: "the control, after the value",
                                                allowsEmpty: true,
                                                tooLong: "it is written after the value on the control; abbreviate it, like \"°C\" or \"rpm\"") ?? ""
            },
            .required("min", \.min, "the lowest value; add e.g. min = 0", doc: "The lowest value."),
            .required("max", \.max, "the highest value; add e.g. max = 100", doc: "The highest value, a whole number of steps above min."),
            .required("step", \.step, "the size of one step from min to max; add e.g. step = 1", doc: "One step (at most 1000 steps from min to max)."),
            .number("default", \.defaultValue, .settingValue, default: "min", doc: "Where it starts each time the program is picked, on a step."),
            .custom("style", takes: ProgramSetting.Style.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "),
                    default: "\"\(ProgramSetting.Style.arc.rawValue)\"", doc: "Its control.") { r, key, draft in
                guard let text = r.string(key) else { return }
                if let known = ProgramSetting.Style(rawValue: text) { draft.style = known } else {
                    let styles = ProgramSetting.Style.allCases.map { "\"\($0.rawValue)\" (\($0.summary))" }
                    r.error(key, "must be \(styles.joined(separator: " or ")), not \"\(text)\": these are the controls a set point can have")
                }
            },
        ],
        check: { r, _, path, draft in
            if let step = draft.step, step <= 0 {
                r.error("\(path).step", "must be greater than 0, not \(ConfigBounds.message(step)): the values go from min to max "
                    + "in steps of this size; write e.g. step = 1")
            }
            if let min = draft.min, let max = draft.max, min >= max {
                r.error("\(path).max", "must be greater than min (\(ConfigBounds.message(min))), not \(ConfigBounds.message(max)): "
                    + "the set point needs a range to choose from; write the lowest value as min and the highest as max")
            }
            guard let min = draft.min, let max = draft.max, let step = draft.step, step > 0, min < max,
                  checkSteps(min: min, max: max, step: step, at: path, &r) else { return }
            if let value = draft.defaultValue { checkDefault(value, min: min, max: max, step: step, at: path, &r) }
        }) }
}

extension ConfigKey where Target == SettingDraft {
    /// A number the set point cannot do without into `field`: an error naming `what` it is
    /// when missing.
    static func required(_ name: String, _ field: WritableKeyPath<SettingDraft, Double?>, _ what: String, doc: String) -> ConfigKey {
        .custom(name, takes: ConfigBounds.settingValue.summary, default: "required", doc: doc) { r, key, draft in
            guard key.value != nil else { return r.error(key, "is missing: the set point needs \(what)") }
            draft[keyPath: field] = r.number(key, in: .settingValue)
        }
    }
}

extension ConfigSchema {
    /// A program's `category` (`key`): one of `declared` when the file has `[[category]]`,
    /// else a name for the strip. Nil when it has none or it is wrong (a declared name written
    /// in another case is reported and gives that name: it is meant).
    static func readCategory(_ key: ConfigSpot, declared: [(key: String, name: String)]?, _ r: inout ConfigReader) -> String? {
        guard let declared else { return r.label(key, limit: TextLimit.category, shownOn: "the category strip") }
        guard let category = r.string(key)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        if declared.contains(where: { $0.name == category }) { return category }
        let known = declared.map { "\"\($0.name)\"" }.joined(separator: ", ")
        if category.isEmpty {
            r.error(key.path, "must not be empty: the file has [[category]], so it names one of \(known)")
        } else if let match = declared.first(where: { $0.name.lowercased() == category.lowercased() }) {
            r.error(key.path, "\"\(category)\" is written \"\(match.name)\" in [[category]]: write it the same way, "
                + "or the program would be on no wheel of the strip")
            return match.name  // meant: the category is used, so it is not also reported as empty
        } else {
            r.error(key.path, "\"\(category)\" is no [[category]]; the file has \(known): use one of them, "
                + "or add a [[category]] with this name")
        }
        return nil
    }
}
