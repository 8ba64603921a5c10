import ArgumentParser
import Foundation

/// `rotary-kiosk check-config FILE`: validates a config before deployment.
public struct CheckConfigCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a config file: prints every problem with file, line and key; exits 0 when it is usable."
    )

    @Argument(help: "The TOML config file.")
    var file: String

    public init() {}

    public func run() throws {
        let outcome = ConfigLoader.load(path: file)
        for problem in outcome.problems { print(problem) }
        guard let config = outcome.config else {
            print("\(file): \(Plural.of(outcome.errors.count, "error")); the kiosk would not use this file")
            throw ExitCode(1)
        }
        let art = ThemeArtCheck(theme: Theme(config.theme), icons: config.programs.map(\.icon))
        if !art.failures.isEmpty {
            let lines = TOMLLineIndex(text: outcome.text ?? "")
            for failure in art.failures {
                print(ConfigProblem(severity: .error, file: file, line: lines.line(of: failure.key), key: failure.key,
                                    message: failure.message))
            }
            print("\(file): \(Plural.of(art.failures.count, "art file")) cannot be drawn; "
                  + "the kiosk would run on this file with built-in art in their place")
            throw ExitCode(1)
        }
        print("\(file): OK: \(Self.summary(config)), \(Plural.of(config.dialMinutes.count, "dial value"))"
            + Self.language(config.locale) + (outcome.problems.isEmpty ? "" : ", \(Plural.of(outcome.problems.count, "warning"))"))
    }

    /// "8 programs in 2 categories, 3 with a set point, 3 zones"; the categories, set points
    /// and zones only when there are any.
    static func summary(_ config: KioskConfig) -> String {
        let categories = config.categories.count
        let setPoints = config.programs.filter { $0.setting != nil }.count
        return Plural.of(config.programs.count, "program")
            + (categories > 0 ? " in \(Plural.of(categories, "category", plural: "categories"))" : "")
            + (setPoints > 0 ? ", \(setPoints) with a set point" : "")
            + (config.zones.isEmpty ? "" : ", \(Plural.of(config.zones.count, "zone"))")
    }

    /// ", words in German", ", words in Arabic read right to left"; nothing for the built-in
    /// English unchanged (English with changed words or direction says so).
    static func language(_ locale: KioskLocale) -> String {
        guard locale != .english else { return "" }
        return ", words in \(locale.language.name)" + (locale.direction == .rightToLeft ? " read right to left" : "")
    }
}
