import Testing
@testable import RotaryKit

@Suite("Countdown timer (virtual time)")
struct CountdownTimerTests {
    /// Advances in 60 Hz steps until `timer` reports finished; returns the virtual seconds.
    func runToFinish(_ timer: inout CountdownTimer, limit: Double = 10_000) -> Double? {
        var t = 0.0
        while t < limit {
            t += 1.0 / 60
            if timer.advance(by: 1.0 / 60)?.state == .finished { return t }
        }
        return nil
    }

    @Test("a 15-minute countdown finishes 900 s later, within one frame")
    func finishesOnTime() {
        var timer = CountdownTimer()
        let started = timer.start(programIndex: 2, program: "Sauna", seconds: 900)
        #expect(started?.state == .running && started?.previous == .idle && started?.secondsLeft == 900)
        let finished = runToFinish(&timer)
        #expect(abs((finished ?? 0) - 900) <= 1.0 / 60)
        #expect(timer.state == .finished && timer.secondsLeft == 0)
    }

    @Test("pause stops the clock; resume carries on from where it stopped")
    func pauseResume() {
        var timer = CountdownTimer()
        _ = timer.start(programIndex: 0, program: "A", seconds: 60)
        for _ in 0..<600 { _ = timer.advance(by: 1.0 / 60) }  // 10 s
        #expect(timer.togglePause()?.state == .paused)
        for _ in 0..<6000 { _ = timer.advance(by: 1.0 / 60) }  // 100 s paused: nothing
        #expect(abs(timer.secondsLeft - 50) < 1e-6)
        let resumed = timer.togglePause()
        #expect(resumed?.state == .running && resumed?.previous == .paused)
        let finished = runToFinish(&timer)
        #expect(abs((finished ?? 0) - 50) <= 1.0 / 60)
    }

    @Test("cancel from running or paused; then it can start again")
    func cancel() {
        var timer = CountdownTimer()
        #expect(timer.cancel() == nil)
        _ = timer.start(programIndex: 0, program: "A", seconds: 60)
        _ = timer.togglePause()
        #expect(timer.cancel()?.state == .cancelled)
        #expect(!timer.isActive)
        #expect(timer.start(programIndex: 1, program: "B", seconds: 30)?.state == .running)
    }

    @Test("nothing starts with no time, a negative time, NaN, or while one runs",
          arguments: [0.0, -5, .nan, .infinity])
    func refusals(seconds: Double) {
        var timer = CountdownTimer()
        #expect(timer.start(programIndex: 0, program: "A", seconds: seconds) == nil)
        _ = timer.start(programIndex: 0, program: "A", seconds: 10)
        #expect(timer.start(programIndex: 1, program: "B", seconds: 20) == nil)
    }

    @Test("finished stays until acknowledged, then idle")
    func acknowledge() {
        var timer = CountdownTimer()
        _ = timer.start(programIndex: 0, program: "A", seconds: 1)
        _ = runToFinish(&timer)
        #expect(timer.togglePause() == nil)
        #expect(timer.acknowledge()?.state == .idle)
    }

    @Test("a saved countdown comes back with what is left, or finished if time ran out while away")
    func restore() {
        var running = CountdownTimer()
        let report = running.restore(state: .running, programIndex: 3, program: "C", secondsTotal: 900, secondsLeft: 850)
        #expect(report?.state == .running && running.secondsLeft == 850)
        var late = CountdownTimer()
        #expect(late.restore(state: .running, programIndex: 3, program: "C", secondsTotal: 900, secondsLeft: -20)?.state == .finished)
        var paused = CountdownTimer()
        #expect(paused.restore(state: .paused, programIndex: 0, program: "A", secondsTotal: 60, secondsLeft: 12)?.state == .paused)
        var bogus = CountdownTimer()
        #expect(bogus.restore(state: .running, programIndex: 0, program: "A", secondsTotal: .nan, secondsLeft: 5) == nil)
        #expect(bogus.restore(state: .idle, programIndex: 0, program: "A", secondsTotal: 5, secondsLeft: 5) == nil)
    }
}

@Suite("Feedback rate limit")
struct FeedbackLimiterTests {
    @Test("ticks faster than the interval are dropped; other kinds always pass")
    func limit() {
        var limiter = FeedbackLimiter(tickInterval: 0.035)
        var passed = 0
        for frame in 0..<60 where limiter.allows(.tick, at: Double(frame) / 60) { passed += 1 }  // 60 ticks in 1 s
        #expect(passed == 20)  // one every third frame: 50 ms apart, the first ≥ 35 ms
        #expect(limiter.allows(.alarm, at: 0.99) && limiter.allows(.press, at: 0.99))
    }
}
