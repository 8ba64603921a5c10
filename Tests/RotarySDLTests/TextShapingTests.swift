import Foundation
import Testing
@testable import RotarySDL

/// Needs fontconfig, fonts-dejavu-core, fonts-noto-core and fonts-noto-cjk, and HarfBuzz's
/// `hb-shape` (libharfbuzz-bin): kiosk/test installs them.
@Suite("Text shaping: runs in display order, fallback fonts, HarfBuzz's own answer")
struct TextShapingTests {
    static func runs(_ text: String, base: TextRuns.BaseDirection = .auto) -> [String] {
        TextRuns(text, base: base) { _, _ in 0 }.runs.map { "\($0.rightToLeft ? "R" : "L"):\($0.script):\($0.text)" }
    }

    @Test("an Arabic name with a number reads right to left, the number's digits left to right, on its left")
    func arabicWithNumber() {
        #expect(Self.runs("ساونا 40") == ["L:Arab:40", "R:Arab:ساونا "])
    }

    @Test("a Latin name with a Hebrew word keeps Latin first; a Hebrew paragraph puts the Latin word on the left")
    func mixedDirections() {
        #expect(Self.runs("Sauna חם") == ["L:Latn:Sauna ", "R:Hebr:חם"])
        #expect(Self.runs("חם Sauna") == ["L:Latn:Sauna", "R:Hebr:חם "])
        #expect(Self.runs("Sauna 2", base: .rightToLeft) == ["L:Latn:Sauna 2"])
    }

    @Test("tabs and line breaks become spaces; zero-width spaces go; joiners, which shape letters, stay")
    func displayable() {
        #expect(TextRuns.displayable("A\tB\nC\u{200B}D\u{2028}E") == "A B CD E")
        #expect(TextRuns.displayable("👩\u{200D}🔬") == "👩\u{200D}🔬")
    }

    @Test("characters the theme's font lacks come from a fallback font found by fontconfig, one face per script")
    func fallback() throws {
        let book = FontBook(path: try FontLocator.locate("DejaVu Sans:bold"))
        let primary = try book.font(size: 24)
        #expect(book.faceNumber(for: "K", primary: primary) == 0)
        let japanese = book.faceNumber(for: "ス", primary: primary)
        #expect(japanese > 0)
        #expect(book.faceNumber(for: "チ", primary: primary) == japanese)
        #expect(try book.face(japanese, size: 24).provides("ス"))
        let mixed = TextRuns("Sauna スチーム") { book.faceNumber(for: $0, emoji: $1, primary: primary) }
        #expect(mixed.runs.map(\.font) == [0, japanese])
    }

    @Test("a fallback is asked for at the weight of the font it stands in for: Japanese beside Bold Latin is Bold, beside Regular Regular")
    func fallbackWeight() throws {
        for (pattern, file) in [("DejaVu Sans:bold", "NotoSansCJK-Bold"), ("DejaVu Sans", "NotoSansCJK-Regular")] {
            let path = try FontLocator.locate(pattern)
            let book = FontBook(path: path)
            let primary = try book.font(size: 24)
            let face = book.faceNumber(for: "完", primary: primary)
            #expect(face > 0)
            let used = book.filesInUse
            #expect(used.count == 2 && used[1].contains(file), "\(pattern): \(used)")
        }
        #expect(FontFallback.weight(ofFile: try FontLocator.locate("DejaVu Sans:bold")) == 200)
        #expect(FontFallback.weight(ofFile: "/nowhere/font.ttf") == nil)
    }

    @Test("an emoji asked for in emoji style (U+FE0F after it) comes from the colour font even where the theme's font has it")
    func emojiStyle() throws {
        #expect(TextRuns.wantsEmoji("♨", before: "\u{FE0F}") && TextRuns.wantsEmoji("🔥", before: nil))
        #expect(!TextRuns.wantsEmoji("♨", before: nil) && !TextRuns.wantsEmoji("🔥", before: "\u{FE0E}"))
        let book = FontBook(path: try FontLocator.locate("DejaVu Sans:bold"))
        let primary = try book.font(size: 24)
        #expect(primary.provides("♨"), "DejaVu Sans draws U+2668 as text")
        let runs = TextRuns("Steam ♨\u{FE0F} ♨") { book.faceNumber(for: $0, emoji: $1, primary: primary) }
        #expect(runs.runs.map(\.font).first == 0 && runs.runs.count == 3, "\(runs.runs)")
        let colour = runs.runs[1].font
        #expect(colour > 0 && runs.runs[1].text == "♨\u{FE0F}" && runs.runs[2].font == 0)
        #expect(FontFallback.face(for: "♨", emoji: true)?.path.contains("NotoColorEmoji") == true)
    }

    /// HarfBuzz's own shaping of `text` with `font` at `size` pixels: each glyph's advance.
    static func hbAdvances(_ text: String, font: String, size: Int, options: [String] = []) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--font-file=\(font)", "--font-size=\(size)", "--output-format=json"] + options + [text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let glyphs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return glyphs.compactMap { $0["ax"] as? Int }
    }

    @Test("Arabic is shaped as HarfBuzz shapes it: joined letters, not the wider isolated forms",
          arguments: ["ساونا", "حمام بخار"])
    func arabicShapedLikeHarfBuzz(text: String) throws {
        let path = try FontLocator.locate("DejaVu Sans:bold")
        let shaped = try Self.hbAdvances(text, font: path, size: 40)
        let unshaped = try Self.hbAdvances(text, font: path, size: 40, options: ["--direction=ltr", "--script=Zzzz"])
        let width = try TextLine(text, size: 40, book: FontBook(path: path)).width
        // Hinting moves each advance by up to a pixel.
        #expect(abs(width - shaped.reduce(0, +)) <= shaped.count, "ours \(width), HarfBuzz \(shaped.reduce(0, +))")
        #expect(abs(width - unshaped.reduce(0, +)) > unshaped.count, "as wide as unshaped text: \(width)")
    }
}
