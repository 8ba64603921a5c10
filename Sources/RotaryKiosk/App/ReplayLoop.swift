import RotaryKit

/// Plays a trace on a virtual clock that steps at exactly 60 Hz: each frame delivers the
/// inputs due by its time, then moves the models and the countdown on by 1/60 s. It ends
/// once the last input's time has passed and every control rests (a running countdown is
/// not motion), or when the session asks to quit. Only the first and last frames are
/// drawn, so long virtual waits replay in moments.
struct ReplayLoop {
    let scene: KioskScene
    let trace: ReplayTrace
    /// How long controls may keep moving (or a finger stay down) after the last input.
    static let settleLimitMs = 30_000.0
    static let frameMs = 1000.0 / 60

    /// Replays into `session`. Throws when the controls never come to rest.
    func run(_ session: inout KioskSession) throws {
        var frame = 0
        var next = 0
        while !session.quitRequested {
            let now = Double(frame) * Self.frameMs
            while next < trace.steps.count, trace.steps[next].ms <= now + 1e-6 {
                let step = trace.steps[next]
                scene.publish(apply(step.input, atMs: step.ms, to: &session), ms: now)
                next += 1
            }
            if next == trace.steps.count, now >= trace.endMs, session.isAtRest { break }
            if now > trace.endMs + Self.settleLimitMs {
                scene.publish([.error("replay: controls still held or moving \(Int(Self.settleLimitMs / 1000)) s after the last input")],
                              ms: now)
                try scene.draw(session)
                throw ReplayError.neverRested
            }
            frame += 1
            scene.publish(session.advance(by: 1.0 / 60), ms: Double(frame) * Self.frameMs)
        }
        try scene.draw(session)
    }

    private func apply(_ input: ReplayInput, atMs ms: Double, to session: inout KioskSession) -> [KioskEvent] {
        switch input {
        case .pointer(let phase, let finger, let point):
            return session.pointer(PointerEvent(phase, finger: finger, at: point, time: ms / 1000))
        case .wheel(let dy, let point):
            return session.wheel(dy: dy, at: point)
        case .key(let name):
            return session.key(name)
        case .encoder(let steps):
            return session.encoder(steps: steps)
        case .wait:
            return []
        }
    }
}

/// Why a replay failed after it started.
enum ReplayError: Error, CustomStringConvertible {
    case neverRested

    var description: String { "replay: the controls never came to rest (a finger left down?)" }
}
