import Foundation
import Testing
@testable import RotaryKiosk

/// The config keys are declared once (``ConfigSchema``): the reader, the unknown-key check
/// and the key list in docs/config.md all follow from them.
@Suite("The config's keys, declared once")
struct ConfigKeyListTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/config.md")
    static let begin = "<!-- The key list below is made from the declared keys (ConfigSchema); RECORD_DOCS=1 swift test writes it. -->\n"
    static let end = "<!-- End of the key list. -->"

    @Test("docs/config.md lists every declared key with what it takes, its default and its doc line (RECORD_DOCS=1 rewrites it)")
    func keyListIsCurrent() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/config.md has no key list marker")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let written = String(text[start.upperBound..<stop.lowerBound])
        let made = "\n" + ConfigSchema.keyList + "\n"
        if ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1", written != made {
            try (String(text[..<start.upperBound]) + made + String(text[stop.lowerBound...])).write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("docs/config.md's key list rewritten from the declared keys: check it in")
            return
        }
        #expect(written == made, "docs/config.md's key list is not the declared keys': run RECORD_DOCS=1 swift test --filter ConfigKeyList")
    }

    @Test("every key has a doc line but the words of [strings] (their default says it), and every number says its bounds")
    func everyKeyIsDescribed() {
        for table in ConfigSchema.listings where table.header != "[strings]" {
            for key in table.keys {
                #expect(!key.doc.isEmpty, "\(table.header) \(key.name) has no doc line")
                #expect(!key.takes.isEmpty && !key.defaultText.isEmpty, "\(table.header) \(key.name)")
            }
        }
        let display = ConfigSchema.display.listing.keys
        #expect(display.first { $0.name == "dim_after_seconds" }?.takes == "10 to 86400 seconds, or 0 (off)")
        #expect(display.first { $0.name == "dim_after_seconds" }?.defaultText == "120")
    }

    @Test("a key the schema does not declare is warned of with the declared ones; a declared one is read")
    func unknownKeysFollowTheSchema() {
        let outcome = ConfigLoader.load(text: ConfigTests.oneProgram + "\n[timer]\ndone_second = 5\nlong_press_seconds = 2\n", file: "/tmp/k.toml")
        let warning = outcome.problems.first { $0.key == "timer.done_second" }
        #expect(warning?.message == "unknown key (ignored); did you mean done_seconds? known here: "
            + ConfigSchema.timer.known.joined(separator: ", "))
        #expect(outcome.config?.longPressSeconds == 2)
        #expect(ConfigSchema.rootTables.sorted() == ["admin", "category", "dial", "display", "feedback", "hooks", "locale", "mqtt",
                                                     "program", "safety", "strings", "theme", "timer", "touch", "usage", "zone"])
    }
}
