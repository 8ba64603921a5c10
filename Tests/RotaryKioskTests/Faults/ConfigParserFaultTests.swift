import Foundation
import Testing

/// Shapes the fuzzer found that stopped the process inside the TOML library (toml++ guards
/// them only by assertions): now a syntax error with its line, in check-config and the kiosk.
@Suite("Faults: config syntax that crashed the TOML library")
struct ConfigParserFaultTests {
    @Test("a header without a name or a bracket closing the wrong thing is a syntax error, not a crash",
          arguments: ["[[[1]]]", "[[=", "[ =", "a = [}", "a = [0, 5, }", "x = {a = [1}"])
    func brokenShapes(line: String) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ConfigText.programs(["A"]) + line + "\n", as: "k.toml", in: dir)
        let check = try KioskProcess.runHeadless(["check-config", config])
        #expect(check.status == 1)
        #expect(check.stdout.contains("k.toml:5: error: (syntax): "), "\(check.stdout)\(check.stderr)")
        let run = try ReplayRun.run("", extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.named("error").contains { ($0["message"] as? String)?.contains("k.toml:5: error: (syntax)") == true })
        #expect((run.exitControl("wheel")?["items"] as? [Any])?.count == 8)  // the built-in programs
    }
}
