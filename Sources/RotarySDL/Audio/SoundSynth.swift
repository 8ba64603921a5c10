import FoundationEssentials
import RotaryKit

/// The kiosk's feedback sounds, synthesised (no sample files): short sine bursts with
/// a fast attack and an exponential decay, so they click instead of pop.
public enum SoundSynth {
    /// One tone: frequency in Hz, length and the pause after it, in seconds.
    struct Tone {
        var hertz: Double
        var seconds: Double
        var pauseAfter: Double = 0
        var decayPerSecond: Double = 30
    }

    static func tones(_ kind: FeedbackKind) -> [Tone] {
        switch kind {
        case .tick: [Tone(hertz: 2600, seconds: 0.006, decayPerSecond: 600)]
        case .press: [Tone(hertz: 1200, seconds: 0.03, decayPerSecond: 120)]
        case .confirm: [Tone(hertz: 880, seconds: 0.08, pauseAfter: 0.02), Tone(hertz: 1320, seconds: 0.12)]
        case .reject: [Tone(hertz: 220, seconds: 0.18, decayPerSecond: 8)]
        case .warning: [Tone(hertz: 660, seconds: 0.12, pauseAfter: 0.08, decayPerSecond: 10), Tone(hertz: 660, seconds: 0.12, decayPerSecond: 10)]
        case .alarm: Array(repeating: [Tone(hertz: 2000, seconds: 0.18, pauseAfter: 0.12, decayPerSecond: 4)], count: 6).flatMap { $0 }
        }
    }

    /// Mono float samples of `kind` at `sampleRate`, peak `volume` (0…1).
    public static func samples(_ kind: FeedbackKind, sampleRate: Int, volume: Double) -> [Float] {
        let rate = Double(sampleRate)
        let gain = min(max(volume, 0), 1)
        var out: [Float] = []
        for tone in tones(kind) {
            let count = Int(tone.seconds * rate)
            let attack = max(1.0, rate * 0.001)
            for i in 0..<count {
                let t = Double(i) / rate
                let envelope = min(1, Double(i) / attack) * exp(-tone.decayPerSecond * t)
                out.append(Float(gain * envelope * sin(2 * .pi * tone.hertz * t)))
            }
            out += Array(repeating: 0, count: Int(tone.pauseAfter * rate))
        }
        return out
    }
}
