import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// `[[zone]]`: what loads, and every rule's error at its key and line.
@Suite("Config zones")
struct ConfigZoneTests {
    /// Two programs, lines 1 to 4; zones start on line 5.
    static let programs = "[[program]]\nname = \"Sauna\"\n[[program]]\nname = \"Wash\"\n"

    static func load(_ toml: String) -> ConfigLoader.Outcome { ConfigLoader.load(text: toml, file: "/etc/rotary.toml") }

    @Test("zones load with their names, programs (default: all) and own hooks, in order")
    func goodZones() throws {
        let outcome = Self.load(Self.programs + """
            [[zone]]
            name = " Cabin 1 "
            programs = ["Sauna"]
            [zone.hooks]
            on_timer_finished = ["/bin/true", "cabin"]
            [[zone]]
            name = "Laundry"
            """)
        let config = try #require(outcome.config, "\(outcome.problems)")
        #expect(config.zones == [ZoneSettings(name: "Cabin 1", programs: ["Sauna"], hooks: [.timerFinished: ["/bin/true", "cabin"]]),
                                 ZoneSettings(name: "Laundry")])
    }

    @Test("a zone naming no [[program]] is refused, one written in another case is told how it is written")
    func unknownProgram() {
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\nprograms = [\"Steam\"]\n"),
                      key: "zone[0].programs[0]", line: 7, message: "\"Steam\" is no [[program]]'s name")
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\nprograms = [\"sauna\"]\n"),
                      key: "zone[0].programs[0]", line: 7, message: "\"sauna\" is written \"Sauna\"")
    }

    @Test("an empty programs list, a program listed twice, a name used twice, a missing name are refused")
    func badLists() {
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\nprograms = []\n"),
                      key: "zone[0].programs", line: 7, message: "lists no program")
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\nprograms = [\"Sauna\", \"Sauna\"]\n"),
                      key: "zone[0].programs", line: 7, message: "lists \"Sauna\" twice")
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\n[[zone]]\nname = \"a\"\n"),
                      key: "zone[1].name", line: 8, message: "\"a\" is already zone[0]")
        expectRefused(Self.load(Self.programs + "[[zone]]\nprograms = [\"Sauna\"]\n"),
                      key: "zone[0].name", line: 5, message: "is missing")
    }

    @Test("more than eight zones are refused; a zone's hooks must be a table")
    func limits() {
        let nine = (1...9).map { "[[zone]]\nname = \"Z\($0)\"\n" }.joined()
        expectRefused(Self.load(Self.programs + nine), key: "zone", line: 5, message: "needs 1 to 8 zones, not 9")
        expectRefused(Self.load(Self.programs + "[[zone]]\nname = \"A\"\nhooks = 3\n"),
                      key: "zone[0].hooks", line: 7, message: "must be a table")
    }
}
