import Testing
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Expects `outcome` to be refused, with an error on `key` at `line` whose message starts
/// with `message`, printed as `FILE:LINE: error: KEY: message`.
func expectRefused(_ outcome: ConfigLoader.Outcome, key: String, line: Int, message: String = "",
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(outcome.config == nil, sourceLocation: sourceLocation)
    let problem = outcome.errors.first { $0.key == key }
    #expect(problem?.line == line, "\(outcome.problems)", sourceLocation: sourceLocation)
    #expect(problem.map { $0.description.hasPrefix("\($0.file):\(line): error: \(key): \(message)") } == true,
            "\(outcome.problems)", sourceLocation: sourceLocation)
}
