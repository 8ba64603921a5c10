import CSDL2
import RotarySDL

/// Where the live loop's input comes from: SDL's event queue, or libinput on a framebuffer
/// (``FramebufferInput``). Either way it arrives as ``InputFact``s in screen pixels.
protocol LiveInput: AnyObject {
    /// Waits up to `milliseconds` for input, a remote command (``wake``) or a stop signal;
    /// returns what came, perhaps nothing.
    func wait(milliseconds: Int32) -> [InputFact]
    /// What came since the last look, without waiting.
    func poll() -> [InputFact]
    /// The screen is now `width`×`height` pixels.
    func resize(width: Double, height: Double)
    /// Ends a ``wait(milliseconds:)`` early, from any thread: a remote command came.
    var wake: @Sendable () -> Void { get }
    /// Whether a touch's time is when it happened (the kernel's, as libinput gives it), not
    /// when it was read: only then can a contact's length be told apart from how input was
    /// batched.
    var timesTouches: Bool { get }
}

/// SDL's events: a window's, or the offscreen driver's (which cannot sleep until an event
/// comes: SDL_WaitEventTimeout would poll it every millisecond, so this sleeps itself and
/// looks every ``offscreenPollSeconds``, or as soon as a remote command is posted).
final class SDLInput: LiveInput {
    /// SDL 2 stamps a touch when it reads it: a tap read in one batch has no length.
    let timesTouches = false
    private var mapper: InputMapper
    private let waitsForEvents: Bool
    private let inbox: SessionInbox
    static let offscreenPollSeconds = 0.05

    /// SDL's input for a `width`×`height` screen; `waitsForEvents` is false on the offscreen
    /// driver, which then wakes for what comes into the session's `inbox`.
    init(width: Double, height: Double, waitsForEvents: Bool, inbox: SessionInbox) {
        mapper = InputMapper(windowWidth: width, windowHeight: height)
        self.waitsForEvents = waitsForEvents
        self.inbox = inbox
    }

    func wait(milliseconds: Int32) -> [InputFact] {
        var event = SDL_Event()
        let got = waitsForEvents ? SDL_WaitEventTimeout(&event, milliseconds) == 1 : pollSleeping(&event, milliseconds: milliseconds)
        let first = got ? mapper.translate(event).map { [$0] } ?? [] : []
        return first + poll()
    }

    /// SDL's events, and a quit where a SIGHUP arrived (SDL itself turns SIGTERM and SIGINT
    /// into its quit event).
    func poll() -> [InputFact] { Self.drain(&mapper) + (SignalWatch.received != nil ? [.quit] : []) }

    /// Every event in SDL's queue, translated by `mapper`.
    static func drain(_ mapper: inout InputMapper) -> [InputFact] {
        var event = SDL_Event()
        var facts: [InputFact] = []
        while SDL_PollEvent(&event) == 1 {
            if let fact = mapper.translate(event) { facts.append(fact) }
        }
        return facts
    }

    func resize(width: Double, height: Double) {
        mapper = InputMapper(windowWidth: width, windowHeight: height)
    }

    /// Pushes an `SDL_USEREVENT`, which ends SDL_WaitEventTimeout.
    let wake: @Sendable () -> Void = {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    /// Takes the next event into `event`, looking every ``offscreenPollSeconds`` for up to
    /// `milliseconds`; false when none came (a remote command ends the wait at once, too).
    private func pollSleeping(_ event: inout SDL_Event, milliseconds: Int32) -> Bool {
        let end = LiveLoop.seconds() + Double(milliseconds) / 1000
        while SDL_PollEvent(&event) == 0 {
            let left = end - LiveLoop.seconds()
            guard left > 0, !inbox.wait(upTo: min(left, Self.offscreenPollSeconds)) else { return false }
        }
        return true
    }
}
