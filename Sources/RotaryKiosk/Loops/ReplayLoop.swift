import Foundation
import RotaryKit

/// Plays a trace on a virtual clock that steps at exactly 60 Hz: each frame delivers the
/// inputs due by its time, then moves the models and the countdown on by 1/60 s. Spans in
/// which nothing can change by itself (no control moves, the countdown's next second, a
/// timeout or the next input is further off) are crossed in one step, so a virtual wait
/// costs in proportion to what happens in it, not to its length. It ends once the last
/// input's time has passed and every control rests (a running countdown is not motion), at an
/// `end` line's time as things stand, when the session asks to quit, or on SIGTERM/SIGINT. Only the first and last frames are drawn.
struct ReplayLoop {
    let driver: SessionDriver
    let trace: ReplayTrace
    /// How long controls may keep moving (or a finger stay down) after the last input.
    static let settleLimitMs = 30_000.0
    static let frameMs = 1000.0 / 60

    /// Replays into the driver's session. Throws when the controls never come to rest or a
    /// signal asks the replay to stop.
    func run() throws {
        SignalWatch.install()
        var frame = 0
        var next = 0
        while !driver.quitting {
            if let signal = SignalWatch.received { throw ReplayError.interrupted(signal: signal) }
            let now = Double(frame) * Self.frameMs
            while next < trace.steps.count, trace.steps[next].ms <= now + 1e-6, !driver.quitting {
                if let input = trace.steps[next].input { handle(input, at: trace.steps[next].ms, now: now) }
                if let remote = trace.steps[next].remote { driver.remote(remote, ms: now) }
                next += 1
            }
            if driver.quitting || (next == trace.steps.count && now >= trace.endMs && (driver.session.isAtRest || trace.endsAsItStands)) {
                break
            }
            if now > trace.endMs + Self.settleLimitMs {
                driver.report("replay: controls still held or moving \(Int(Self.settleLimitMs / 1000)) s after the last input", ms: now)
                try driver.draw()
                throw ReplayError.neverRested
            }
            let frames = framesToStep(from: frame, nextInput: next, driver.session)
            frame += frames
            driver.advance(by: Double(frames) / 60, ms: Double(frame) * Self.frameMs)
        }
        try driver.draw()
    }

    /// Hands the session `input` from the trace's line at `lineMs`, on the frame at `now`; a
    /// contact it dropped as too short, or as repeating the two before it on one beat, is told
    /// as an `error`, so a trace that taps with no hold or on a metronome does not silently do
    /// nothing.
    private func handle(_ input: ControlInput, at lineMs: Double, now: Double) {
        let before = driver.session.touchesDropped
        driver.handle(input, ms: now)
        let after = driver.session.touchesDropped
        if after.short > before.short {
            driver.report("replay: the contact that lifted at \(JSONValue.plain(lineMs)) ms was shorter than [touch] min_contact_ms and "
                          + "was dropped as a touch nobody made; give a tap some hold (80 ms is a person's)", ms: now)
        }
        if after.repeating > before.repeating {
            driver.report("replay: the contact at \(JSONValue.plain(lineMs)) ms came where the two before it did, on the same beat, and "
                          + "was dropped as a panel's phantom touch ([touch] repeat_radius, repeat_tolerance_ms); "
                          + "vary a trace's repeated taps by more than that in place or time", ms: now)
        }
    }

    /// How many frames the next step may cover: 1 while anything moves, else every frame
    /// before the next input, the session's next change of its own, or the end of the trace.
    private func framesToStep(from frame: Int, nextInput next: Int, _ session: KioskSession) -> Int {
        let now = Double(frame) * Self.frameMs
        let change = session.secondsUntilChange.map { now + $0 * 1000 } ?? .infinity
        let input = next < trace.steps.count ? trace.steps[next].ms : trace.endMs
        let until = min(change, max(input, now))
        // The last frame strictly before `until`, so the change or the input lands on a frame
        // stepped normally.
        let last = Int(saturating: ((until - 1e-6) / Self.frameMs).rounded(.down))
        return max(1, last - frame)
    }
}

/// Why a replay failed after it started.
enum ReplayError: Error, CustomStringConvertible {
    case neverRested
    case interrupted(signal: Int32)

    var description: String {
        switch self {
        case .neverRested: "replay: the controls never came to rest (a finger left down?)"
        case .interrupted(let signal): "replay: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"
        }
    }

    /// The exit status a shell expects: 128 + the signal for a stop by signal, else 1.
    var exitStatus: Int32 {
        switch self {
        case .neverRested: 1
        case .interrupted(let signal): 128 + signal
        }
    }
}
