import CSDL2
import RotaryKit

/// Plays feedback on what the machine has: sounds through SDL audio (queued, never
/// blocking), rumble through SDL's haptic API. Whatever is missing is off, and says so once.
public final class FeedbackDevices {
    private var audio: SDL_AudioDeviceID = 0
    private var sounds: [FeedbackKind: [Float]] = [:]
    private var sampleRate = 0
    private var haptic: OpaquePointer?
    /// What was found, for the log: e.g. "audio on (pulseaudio), no rumble device".
    public private(set) var summary = ""

    /// The peak of each sound, 0…1; a new volume makes the sounds anew (they are short).
    public var volume: Double {
        didSet { synthesize() }
    }

    /// Opens audio (when `audio`) at `volume` (0…1: the peak of each sound), and the first
    /// rumble device (when `rumble`).
    public init(audio wantsAudio: Bool, volume: Double, rumble wantsRumble: Bool) {
        self.volume = volume
        var parts: [String] = []
        if wantsAudio {
            parts.append(openAudio())
        } else {
            parts.append("audio off in config")
        }
        if wantsRumble {
            parts.append(openRumble())
        }
        summary = parts.joined(separator: ", ")
    }

    deinit {
        if audio != 0 { SDL_CloseAudioDevice(audio) }
        if let haptic { SDL_HapticClose(haptic) }
    }

    /// Plays `kind`: a sound (ticks are skipped when sound is already queued, so a fling
    /// cannot build up a backlog) and a rumble.
    public func play(_ kind: FeedbackKind) {
        if audio != 0, let samples = sounds[kind] {
            if kind != .tick || SDL_GetQueuedAudioSize(audio) == 0 {
                samples.withUnsafeBytes { _ = SDL_QueueAudio(audio, $0.baseAddress, UInt32($0.count)) }
            }
        }
        if let haptic {
            let (strength, ms): (Float, UInt32) = switch kind {
            case .tick: (0.25, 15)
            case .press: (0.5, 40)
            case .confirm: (0.6, 120)
            case .reject: (0.8, 200)
            case .warning: (0.7, 300)
            case .alarm: (1, 1500)
            }
            SDL_HapticRumblePlay(haptic, strength, ms)
        }
    }

    private func openAudio() -> String {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return "no audio (\(String(cString: SDL_GetError())))" }
        var want = SDL_AudioSpec()
        want.freq = 48_000
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 1
        want.samples = 512
        var have = SDL_AudioSpec()
        audio = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard audio != 0 else { return "no audio device (\(String(cString: SDL_GetError())))" }
        sampleRate = Int(have.freq)
        synthesize()
        SDL_PauseAudioDevice(audio, 0)
        return "audio on (\(String(cString: SDL_GetCurrentAudioDriver())))"
    }

    private func synthesize() {
        guard sampleRate > 0 else { return }
        for kind in FeedbackKind.allCases { sounds[kind] = SoundSynth.samples(kind, sampleRate: sampleRate, volume: volume) }
    }

    private func openRumble() -> String {
        guard SDL_InitSubSystem(SDL_INIT_HAPTIC) == 0, SDL_NumHaptics() > 0, let device = SDL_HapticOpen(0) else {
            return "no rumble device"
        }
        guard SDL_HapticRumbleSupported(device) == 1, SDL_HapticRumbleInit(device) == 0 else {
            SDL_HapticClose(device)
            return "rumble not supported by \(String(cString: SDL_HapticName(0)))"
        }
        haptic = device
        return "rumble on \(String(cString: SDL_HapticName(0)))"
    }
}
