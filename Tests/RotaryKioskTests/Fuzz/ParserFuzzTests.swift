import Foundation
import PropertyBased
import RotarySDL
import Testing
@testable import RotaryKiosk

/// Every parser of outside input, fed mutated seed files: it must not crash (that would end
/// this test process), must not hang (a second per small input is already far too long), and
/// must answer with a result or a message a person can act on.
@Suite("Fuzzing the parsers of outside input")
struct ParserFuzzTests {
    static let hangSeconds = 1.0

    @Test("config (TOML): a config or problems that each name a file, a key and a reason")
    func config() async {
        let seeds = MutationFuzz.corpus("config")
        #expect(seeds.count >= 3)
        await propertyCheck(count: MutationFuzz.cases(standard: 4000), input: MutationFuzz.seedChoice, MutationFuzz.edits) { choice, edits in
            let seed = seeds[choice % seeds.count]
            let text = String(decoding: MutationFuzz.apply(edits, to: seed), as: UTF8.self)
            MutationFuzz.keepForCrashReport(text, as: "config.toml")
            var outcome: ConfigLoader.Outcome?
            #expect(MutationFuzz.seconds { outcome = ConfigLoader.load(text: text, file: "/fuzz/k.toml") } < Self.hangSeconds)
            guard let outcome else { return }
            #expect(outcome.config != nil || !outcome.errors.isEmpty)
            for problem in outcome.problems {
                #expect(problem.file == "/fuzz/k.toml" && !problem.key.isEmpty && !problem.message.isEmpty, "\(problem)")
                #expect(!problem.description.contains(":?:"))
            }
        }
    }

    @Test("replay traces: a trace or an error naming the trace and its line")
    func trace() async {
        let seeds = MutationFuzz.corpus("trace")
        #expect(seeds.count >= 2)
        await propertyCheck(count: MutationFuzz.cases(standard: 40000), input: MutationFuzz.seedChoice, MutationFuzz.edits) { choice, edits in
            let seed = seeds[choice % seeds.count]
            let text = String(decoding: MutationFuzz.apply(edits, to: seed), as: UTF8.self)
            var outcome: Result<ReplayTrace, Error>?
            #expect(MutationFuzz.seconds { outcome = Result { try ReplayTrace(text: text, name: "t.jsonl") } } < Self.hangSeconds)
            switch outcome {
            case .success(let trace):
                #expect(trace.steps.allSatisfy { $0.ms >= 0 && $0.ms <= ReplayTrace.maxMs })
            case .failure(let error):
                #expect("\(error)".range(of: #"^t\.jsonl:[0-9]+: ."#, options: .regularExpression) != nil, "\(error)")
            case nil:
                break
            }
        }
    }

    @Test("timer.json: a countdown within its bounds, nothing, or a reason it is ignored")
    func savedTimer() async {
        let seeds = MutationFuzz.corpus("timer")
        #expect(seeds.count >= 3)
        await propertyCheck(count: MutationFuzz.cases(standard: 60000), input: MutationFuzz.seedChoice, MutationFuzz.edits) { choice, edits in
            let seed = seeds[choice % seeds.count]
            let data = Data(MutationFuzz.apply(edits, to: seed))
            var found: SavedTimer.Found?
            #expect(MutationFuzz.seconds { found = SavedTimer.decode(data, now: 1_795_263_800) } < Self.hangSeconds)
            switch found {
            case .timer(let state, let index, let program, let total, let left):
                #expect(state == .running || state == .paused)
                #expect(index >= 0 && !program.isEmpty)
                #expect(total > 0 && total <= SavedTimer.maxSeconds && left >= 0 && left <= total)
                _ = TimeText.format(seconds: left)
            case .corrupt(let message):
                #expect(!message.isEmpty)
            case .nothing, nil:
                break
            }
        }
    }

    @Test("art headers: a PNG of a size a panel can show, SVG text, or a reason it is refused")
    func artHeader() async {
        let seeds = MutationFuzz.corpus("art")
        #expect(seeds.count >= 2)
        await propertyCheck(count: MutationFuzz.cases(standard: 300000), input: MutationFuzz.seedChoice, MutationFuzz.edits,
                            Gen.bool) { choice, edits, isSVG in
            let seed = seeds[choice % seeds.count]
            let bytes = MutationFuzz.apply(edits, to: seed)
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
