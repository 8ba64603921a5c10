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
            .label("name", \.name, limit: ConfigLoader.categoryLimit, shownOn: "the category strip",
                   missing: "each [[category]] is one name on the category strip; add name = \"…\"", doc: "Its name on the strip."),
        ]) }

    static var program: ConfigSection<ProgramDraft> { ConfigSection<ProgramDraft>(header: "[[program]]", doc: "The wheel's programs, in order: 1 to 64.", keys: [
        .label("name", \.name, limit: ConfigLoader.programNameLimit, shownOn: "a wheel segment",
               missing: "each program is a segment of the wheel with its name; add name = \"…\"", doc: "Its name on its segment, in events and hooks."),
        .custom("icon", takes: "a built-in icon's name (\(RotaryAssets.iconNames.joined(separator: ", "))) or an SVG or PNG file",
                default: "none", doc: "The icon on its segment.") { r, table, path, draft in
            guard let text = r.string(table, "icon", at: path) else { return }
            if RotaryAssets.icon(named: text) != nil {
                draft.icon = text
            } else if text.contains("/") || text.contains(".") {
                draft.icon = r.file(text, for: "\(path).icon") ?? ""
            } else {
                r.error("\(path).icon", "\"\(text)\" is no built-in icon (\(RotaryAssets.iconNames.joined(separator: ", "))) and no file path")
            }
        },
        .custom("minutes", takes: "a whole number, " + ConfigBounds.programMinutes.summary, default: "the dial's first value above 0",
                doc: "The minutes the dial turns to when it is picked.") { r, table, path, draft in
            guard let minutes = r.int(table, "minutes", at: path, in: .programMinutes) else { return }
            draft.minutes = minutes
            if !draft.dialMinutes.contains(minutes) {
                r.warning("\(path).minutes", "\(minutes) is not on the dial; the nearest dial value is used")
            }
        },
        .custom("max_on_minutes", takes: "a whole number, " + ConfigBounds.programMaxOnMinutes.summary, default: "[safety] max_on_minutes",
                doc: "The longest it may run, extensions included, instead of [safety]'s.") { r, table, path, draft in
            draft.maxOnMinutes = r.int(table, "max_on_minutes", at: path, in: .programMaxOnMinutes)
        },
        .custom("category", takes: "text: a [[category]]'s name when the file has them", default: "none",
                doc: "The category whose wheel it is on.") { r, table, path, draft in
            draft.categoryGiven = table["category"] != nil
            draft.category = ConfigLoader.readCategory(of: table, at: path, declared: draft.declared, &r)
        },
        .custom("setting", takes: "a [program.setting] table", default: "none", doc: "Its set point (see [program.setting]).") { r, table, path, draft in
            guard let value = table["setting"] else { return }
            draft.setting = ConfigLoader.readSetting(value, at: "\(path).setting", &r, &draft.settingWords)
        },
    ]) }

    static var setting: ConfigSection<SettingDraft> { ConfigSection<SettingDraft>(
        header: "[program.setting]", doc: "A program's set point (a temperature, a speed), set on an arc or a knob.", keys: [
            .label("name", \.name, limit: ConfigLoader.settingNameLimit, shownOn: "the set point's control",
                   missing: "the control says what it sets; add e.g. name = \"Temperature\"", doc: "What it sets, on its control."),
            .custom("unit", takes: "text, at most \(ConfigLoader.unitLimit) characters", default: "\"\"", doc: "Written after the value.") { r, table, path, draft in
                draft.unit = ConfigLoader.label(table, "unit", at: path, limit: ConfigLoader.unitLimit, shownOn: "the control, after the value",
                                                allowsEmpty: true,
                                                tooLong: "it is written after the value on the control; abbreviate it, like \"°C\" or \"rpm\"", &r) ?? ""
            },
            .required("min", \.min, "the lowest value; add e.g. min = 0", doc: "The lowest value."),
            .required("max", \.max, "the highest value; add e.g. max = 100", doc: "The highest value, a whole number of steps above min."),
            .required("step", \.step, "the size of one step from min to max; add e.g. step = 1", doc: "One step (at most 1000 steps from min to max)."),
            .number("default", \.defaultValue, .settingValue, default: "min", doc: "Where it starts each time the program is picked, on a step."),
            .custom("style", takes: ProgramSetting.Style.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "),
                    default: "\"\(ProgramSetting.Style.arc.rawValue)\"", doc: "Its control.") { r, table, path, draft in
                guard let text = r.string(table, "style", at: path) else { return }
                if let known = ProgramSetting.Style(rawValue: text) { draft.style = known } else {
                    let styles = ProgramSetting.Style.allCases.map { "\"\($0.rawValue)\" (\($0.summary))" }
                    r.error("\(path).style", "must be \(styles.joined(separator: " or ")), not \"\(text)\": these are the controls a set point can have")
                }
            },
        ],
        check: { r, _, path, draft in
            if let step = draft.step, step <= 0 {
                r.error("\(path).step", "must be greater than 0, not \(ConfigLoader.number(step)): the values go from min to max "
                    + "in steps of this size; write e.g. step = 1")
            }
            if let min = draft.min, let max = draft.max, min >= max {
                r.error("\(path).max", "must be greater than min (\(ConfigLoader.number(min))), not \(ConfigLoader.number(max)): "
                    + "the set point needs a range to choose from; write the lowest value as min and the highest as max")
            }
            guard let min = draft.min, let max = draft.max, let step = draft.step, step > 0, min < max,
                  ConfigLoader.checkSteps(min: min, max: max, step: step, at: path, &r) else { return }
            if let value = draft.defaultValue { ConfigLoader.checkDefault(value, min: min, max: max, step: step, at: path, &r) }
        }) }
}

extension ConfigKey where Target == SettingDraft {
    /// A number the set point cannot do without into `field`: an error naming `what` it is
    /// when missing.
    static func required(_ name: String, _ field: WritableKeyPath<SettingDraft, Double?>, _ what: String, doc: String) -> ConfigKey {
        .custom(name, takes: ConfigBounds.settingValue.summary, default: "required", doc: doc) { r, table, path, draft in
            guard table[name] != nil else { return r.error("\(path).\(name)", "is missing: the set point needs \(what)") }
            draft[keyPath: field] = r.number(table, name, at: path, in: .settingValue)
        }
    }
}
