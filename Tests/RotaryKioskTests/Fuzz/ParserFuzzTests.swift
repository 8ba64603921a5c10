import Foundation
import RotarySDL
import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Every parser of outside input, fed mutated seed files (``MutationFuzz``): it must not
/// crash (that would end this test process), must not hang (a second per small input is
/// already far too long), and must answer with a result or a message a person can act on.
@Suite("Fuzzing the parsers of outside input")
struct ParserFuzzTests {
    @Test("config (TOML): a config or problems that each name a file, a key and a reason")
    func config() async {
        await MutationFuzz.run("config", standard: 4000) { _, bytes in
            let outcome = ConfigLoader.load(text: String(decoding: bytes, as: UTF8.self), file: "/fuzz/k.toml")
            #expect(outcome.config != nil || !outcome.errors.isEmpty)
            for problem in outcome.problems {
                #expect(problem.file == "/fuzz/k.toml" && !problem.key.isEmpty && !problem.message.isEmpty, "\(problem)")
                #expect(!problem.description.contains(":?:"))
            }
        }
    }

    @Test("replay traces: a trace or an error naming the trace and its line")
    func trace() async {
        await MutationFuzz.run("trace", standard: 40000) { _, bytes in
            do {
                let trace = try ReplayTrace(text: String(decoding: bytes, as: UTF8.self), name: "t.jsonl", isKeyName: KeyNames.isKnown)
                #expect(trace.steps.allSatisfy { $0.ms >= 0 && $0.ms <= ReplayTrace.maxMs })
            } catch {
                #expect("\(error)".range(of: #"^t\.jsonl:[0-9]+: ."#, options: .regularExpression) != nil, "\(error)")
            }
        }
    }

    @Test("timer.json: a countdown within its bounds, nothing, or a reason it is ignored")
    func savedTimer() async {
        await MutationFuzz.run("timer", standard: 60000) { _, bytes in
            switch SavedTimer.decode(Data(bytes), now: 1_795_263_800) {
            case .timer(let state, let index, let program, let total, let left, let setting, let boot):
                #expect(state == .running || state == .paused)
                #expect(boot.map(SavedTimer.isBootID) ?? true)
                #expect(setting.map { $0.value.isFinite && !$0.name.isEmpty } ?? true)
                #expect(index.map { $0 >= 0 } ?? true && !program.isEmpty)
                #expect(total > 0 && total <= SavedTimer.maxSeconds && left >= 0 && left <= total)
                _ = TimeText.format(seconds: left)
            case .corrupt(let message):
                #expect(!message.isEmpty)
            case .nothing:
                break
            }
        }
    }

    @Test("art headers: a PNG of a size a panel can show, SVG text, or a reason it is refused")
    func artHeader() async {
        await MutationFuzz.run("art", standard: 300_000) { seedName, bytes in
            let isSVG = seedName.hasSuffix(".svg")
            do {
                switch try ArtHeader.inspect(bytes, isSVG: isSVG) {
                case .png(let width, let height):
                    #expect(!isSVG && (1...ArtHeader.maxSide).contains(width) && (1...ArtHeader.maxSide).contains(height))
                case .svg:
                    #expect(isSVG)
                }
            } catch {
                #expect(!"\(error)".isEmpty)
            }
        }
    }
}
