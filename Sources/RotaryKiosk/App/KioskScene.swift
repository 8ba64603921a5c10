import Foundation
import RotaryKit
import RotarySDL

/// What the loops share: the renderer and painter for the current layout, the event stream,
/// and the service badge, shown from the first `error` event on (a broken config or art
/// file, an unusable state folder, a failed save): calm, in a corner, never over a control.
final class KioskScene {
    let renderer: Renderer
    private var theme: Theme
    private var onBuiltInTheme = false
    private let fonts: FontBook
    let events: EventSink
    /// Problems found off the main thread, published as `error` events with the next events.
    let backgroundProblems = ProblemMailbox()
    /// Whether the service badge shows.
    private(set) var showsServiceBadge = false
    private var painter: KioskPainter?
    private var lastMs = 0.0

    init(renderer: Renderer, theme: Theme, fonts: FontBook, events: EventSink) {
        self.renderer = renderer
        self.theme = theme
        self.fonts = fonts
        self.events = events
    }

    /// Builds the art for `screen`'s layout (after start, a resize, a rotation or a reset).
    /// Should the config's theme fail to draw at all, the built-in theme takes over (an
    /// `error` says so): a broken theme never leaves the panel black.
    func rebuild(for screen: KioskScreen) throws {
        painter = nil
        do {
            painter = try KioskPainter(renderer: renderer, screen: screen, theme: theme, fonts: fonts)
        } catch where !onBuiltInTheme {
            backgroundProblems.post("the theme cannot be drawn (\(error)); the built-in theme is used")
            theme = Theme()
            onBuiltInTheme = true
            painter = try KioskPainter(renderer: renderer, screen: screen, theme: theme, fonts: fonts)
        }
    }

    /// Draws and presents a frame of `session`.
    func draw(_ session: KioskSession) throws {
        try painter?.draw(session.screen, overlay: ScreenOverlay(session, serviceBadge: showsServiceBadge))
        renderer.present()
    }

    /// Draws the first frame and announces `ready` with the layout.
    func drawFirstFrame(_ session: KioskSession, ms: Double) throws {
        try draw(session)
        lastMs = ms
        events.emit(EventRecords.layout("ready", ms: ms, session: session))
    }

    /// Announces a new layout.
    func emitLayout(_ session: KioskSession, ms: Double) {
        lastMs = ms
        events.emit(EventRecords.layout("layout", ms: ms, session: session))
    }

    /// Writes each event's line and tells the listeners, after any problems found in the
    /// background since the last call. An `error` turns the service badge on.
    func publish(_ kioskEvents: [KioskEvent], ms: Double) {
        lastMs = ms
        for event in backgroundProblems.take().map(KioskEvent.error) + kioskEvents {
            if case .error = event { showsServiceBadge = true }
            events.emit(event, ms: ms)
        }
    }

    /// Writes the `exit` line with the final state.
    func emitExit(_ session: KioskSession) {
        publish([], ms: lastMs)
        events.emit(EventRecords.layout("exit", ms: lastMs, session: session))
    }
}

/// Messages posted from any thread, taken in order by the main loop.
final class ProblemMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    /// Adds `message` (any thread).
    func post(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    /// Everything posted since the last call.
    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = messages
        messages = []
        return taken
    }
}
