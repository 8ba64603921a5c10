import Testing
@testable import RotarySDL

/// Needs fontconfig and fonts-dejavu-core, which the set-up installs.
@Suite("Fonts: what fontconfig matched and which characters a font can draw")
struct FontTests {
    @Test("fontconfig's match says whether it is of the family asked for", arguments: [
        ("DejaVu Sans:bold", true), ("dejavu sans", true), ("sans-serif:bold", true), (":bold", true),
        ("Rotary No Such Family:bold", false),
    ])
    func family(pattern: String, requested: Bool) throws {
        let match = try #require(FontLocator.match(pattern))
        #expect(match.isRequestedFamily == requested, "\(match)")
        #expect(try FontLocator.locate(pattern) == match.file)
    }

    @Test("missing characters are listed once each, in order; controls and joiners are not counted")
    func missingCharacters() throws {
        let path = try FontLocator.locate("DejaVu Sans:bold")
        let missing = try Font.inspecting(path: path) { $0.missingCharacters(in: "Kylmä 日本\t日\u{200D}x") }
        #expect(missing == ["日", "本"])
    }
}
