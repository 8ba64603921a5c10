import CLinuxPanel
import CSDL2
import Glibc
import RotarySDL

/// The live loop's input on a framebuffer: libinput's devices, a stop signal (SIGTERM,
/// SIGINT) as ``InputFact/quit``, and remote commands, waited for together in one `poll`.
/// Where SDL's event queue was started (`bench --live`: its synthetic finger), its events
/// are taken too.
final class FramebufferInput: LiveInput {
    /// libinput gives each touch the kernel's time.
    let timesTouches = true
    private let reader: LibinputReader
    /// Translates SDL's queued events, when SDL's events were started.
    private var queue: InputMapper?
    /// An eventfd that remote commands and stop signals write to, ending a wait. It is never
    /// closed: a late write from the MQTT thread must not land in a reused descriptor.
    private let wakeDescriptor: Int32

    /// Input from `reader`; takes SIGTERM and SIGINT over from here on.
    init(reader: LibinputReader, width: Double, height: Double) throws {
        self.reader = reader
        if SDL_WasInit(SDL_INIT_EVENTS) != 0 { queue = InputMapper(windowWidth: width, windowHeight: height) }
        wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wakeDescriptor >= 0 else { throw KioskError.framebuffer("eventfd: \(String(cString: strerror(errno)))") }
        SignalWatch.install(waking: wakeDescriptor)
        let descriptor = wakeDescriptor
        wake = { Self.signal(descriptor) }
    }

    let wake: @Sendable () -> Void

    func wait(milliseconds: Int32) -> [InputFact] {
        var descriptors = [pollfd(fd: reader.descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        _ = Glibc.poll(&descriptors, 2, milliseconds)  // EINTR (a signal) is a wake like any other
        var count: UInt64 = 0
        _ = read(wakeDescriptor, &count, 8)  // drained: the next wait waits again
        return poll()
    }

    func poll() -> [InputFact] {
        var sdl: [InputFact] = []
        if var mapper = queue {
            sdl = SDLInput.drain(&mapper)
            queue = mapper
        }
        return reader.read() + sdl + (SignalWatch.received != nil ? [.quit] : [])
    }

    func resize(width: Double, height: Double) {}  // a framebuffer keeps its size

    private static func signal(_ descriptor: Int32) {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }
}
