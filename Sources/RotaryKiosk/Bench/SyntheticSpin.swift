import CSDL2
import Foundation

/// A finger that spins the kiosk's wheel for `bench --live`: SDL finger events pushed into
/// SDL's queue from SDL's timer thread, as a touchscreen's arrive, so the kiosk's own live
/// loop handles them exactly as it handles a person's. The finger goes down on the wheel,
/// circles the centre once every 1.5 s for ``seconds``, lifts, and the kiosk is asked to
/// quit.
final class SyntheticSpin: @unchecked Sendable {
    /// How long the finger spins, seconds.
    let seconds: Double
    private var center = (x: 0.0, y: 0.0), radius = 0.0, size = (width: 1.0, height: 1.0)
    private var startTicks: UInt64 = 0
    private var timer: SDL_TimerID = 0
    /// Ends the live loop's wait for input (on a framebuffer it does not wait on SDL's queue).
    private var wake: @Sendable () -> Void = {}
    /// Milliseconds between two finger moves (a touchscreen reports at about 125 Hz).
    private static let stepMs: UInt32 = 8
    /// A touch device id no real device has.
    private static let touch: SDL_TouchID = 0x524F_5441

    /// A spin of `seconds`.
    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Starts the finger on a circle of `radius` pixels around window pixel `center` of a
    /// `width`×`height` window; `wake` is called after each event is pushed.
    func start(center: (x: Double, y: Double), radius: Double, width: Double, height: Double,
               wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.center = center
        self.radius = radius
        size = (width, height)
        startTicks = SDL_GetTicks64()
        push(SDL_FINGERDOWN, at: 0)
        timer = SDL_AddTimer(Self.stepMs, { _, context in
            guard let context else { return 0 }
            return Unmanaged<SyntheticSpin>.fromOpaque(context).takeUnretainedValue().step()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops the timer (the spin must outlive it).
    func stop() {
        if timer != 0 { SDL_RemoveTimer(timer) }
        timer = 0
    }

    /// One timer tick: the next move, or the lift and the quit; the milliseconds to the next
    /// tick (0: no more).
    private func step() -> UInt32 {
        let elapsed = Double(SDL_GetTicks64() - startTicks) / 1000
        if elapsed < seconds {
            push(SDL_FINGERMOTION, at: elapsed)
            return Self.stepMs
        }
        push(SDL_FINGERUP, at: seconds)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        SDL_PushEvent(&quit)
        wake()
        return 0
    }

    /// Pushes a finger event of `type` where the finger is `elapsed` seconds into the spin.
    private func push(_ type: SDL_EventType, at elapsed: Double) {
        let angle = 2 * Double.pi * elapsed / 1.5
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.touchId = Self.touch
        event.tfinger.fingerId = 1
        event.tfinger.x = Float((center.x + radius * cos(angle)) / size.width)
        event.tfinger.y = Float((center.y + radius * sin(angle)) / size.height)
        event.tfinger.pressure = 1
        SDL_PushEvent(&event)
        wake()
    }
}
