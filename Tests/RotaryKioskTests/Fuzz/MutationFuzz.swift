import Foundation
import PropertyBased
import Testing

/// Mutation fuzzing of the parsers of outside input on top of PropertyBased: each case
/// takes a seed file from `Fuzz/Corpus/<parser>/` and applies a few random edits (a byte
/// changed, a hostile token inserted, a span deleted or doubled, the end cut off), so the
/// inputs stay close enough to valid to reach deep into the parser. Failing cases print their
/// input and the seed that reproduces them.
enum MutationFuzz {
    /// One edit: what, where (an offset, wrapped to the input's length) and which token.
    struct Edit: Sendable, CustomStringConvertible {
        var kind: Int
        var offset: Int
        var token: String

        var description: String { "\(["set", "insert", "delete", "double", "cut"][kind])@\(offset) \(token.debugDescription)" }
    }

    /// Tokens that break parsers: numbers no Int or Double holds, signs, quotes, brackets,
    /// control and bidirectional characters, table names next to the real ones.
    static let hostileTokens = [
        "1e19", "-1e19", "1e308", "-1e308", "1e-320", "nan", "inf", "-inf", "-0", "9223372036854775808",
        "-9223372036854775809", "0", "-1", "2147483648", "1.5", "true", "null", "\"", "\\", "[", "]", "[[", "]]", "{", "}",
        ",", ":", "=", "#", "\n", "\r\n", "\t", "\u{0}", "\u{7}", "\u{200B}", "\u{202E}", "é", "日本", "🔥",
        "[[programs]]", "[program]", "[theme]", "segments = [\"/\"]", "icon = \"/dev/zero\"", "\"t\": 1e12",
        "\"type\": \"down\"", "\"key\": \"\"", "\"state\": \"running\"", "\"version\": 2", "<svg", "IHDR",
        "\u{89}PNG\r\n\u{1A}\n",
    ]

    /// Edits for PropertyBased to draw and shrink.
    static let edits = zip(Gen.int(in: 0...4), Gen.int(in: 0...100_000), Gen.element(of: hostileTokens))
        .map { Edit(kind: $0, offset: $1, token: $2 ?? "") }.array(of: 1...6)

    /// The seed files of `parser`: name and bytes.
    static func corpus(_ parser: String) -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/\(parser)")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.sorted { $0.path < $1.path }.compactMap { url in
            (try? Data(contentsOf: url)).map { (url.lastPathComponent, [UInt8]($0)) }
        }
    }

    /// Which seed file a case starts from (an index, wrapped to the corpus's size).
    static let seedChoice = Gen.int(in: 0...1000)

    /// Runs `standard` cases (or `ROTARY_FUZZ_CASES`) of `parser`: each hands `body` a seed
    /// file's name and its bytes with a few edits, after keeping them for a crash report, and
    /// fails when one case takes longer than `hangSeconds`.
    static func run(_ parser: String, standard: Int, hangSeconds: Double = 1,
                    _ body: @escaping @Sendable (_ seedName: String, _ bytes: [UInt8]) -> Void) async {
        let seeds = corpus(parser)
        #expect(seeds.count >= 2, "the seed corpus of \(parser) is missing")
        guard !seeds.isEmpty else { return }
        await propertyCheck(count: cases(standard: standard), input: seedChoice, edits) { choice, edits in
            let seed = seeds[choice % seeds.count]
            let bytes = apply(edits, to: seed.bytes)
            keepForCrashReport(bytes, as: "\(parser)-\(seed.name)")
            #expect(seconds { body(seed.name, bytes) } < hangSeconds, "a hang on \(edits) of \(seed.name)")
        }
    }

    /// `seed` with `edits` applied in order.
    static func apply(_ edits: [Edit], to seed: [UInt8]) -> [UInt8] {
        var bytes = seed
        for edit in edits {
            let at = bytes.isEmpty ? 0 : edit.offset % (bytes.count + 1)
            let token = Array(edit.token.utf8)
            switch edit.kind {
            case 0 where at < bytes.count: bytes[at] = token.first ?? 0
            case 1: bytes.insert(contentsOf: token, at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + token.count * 3 + 1))
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at)
            case 4: bytes.removeSubrange(at..<bytes.count)
            default: break
            }
        }
        return bytes
    }

    /// With `ROTARY_FUZZ_KEEP=DIR`, writes the case about to run to DIR/`name`, so that
    /// after a crash of the whole process the input that caused it is there to read.
    static func keepForCrashReport(_ bytes: [UInt8], as name: String) {
        guard let dir = ProcessInfo.processInfo.environment["ROTARY_FUZZ_KEEP"] else { return }
        FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes))
    }

    /// How many cases each parser gets: `ROTARY_FUZZ_CASES`, else `standard`.
    static func cases(standard: Int) -> Int {
        ProcessInfo.processInfo.environment["ROTARY_FUZZ_CASES"].flatMap(Int.init) ?? standard
    }

    /// Seconds `body` took.
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
