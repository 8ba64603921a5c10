import RotaryKit
import RotarySDL

/// What the loops share: the renderer and painter for the current layout, the event stream,
/// and a service message to show (a broken config).
final class KioskScene {
    let renderer: Renderer
    private let theme: Theme
    private let fonts: FontBook
    let events: EventSink
    /// Shown across the top of the screen while set.
    var serviceMessage: String?
    private var painter: KioskPainter?
    private var lastMs = 0.0

    init(renderer: Renderer, theme: Theme, fonts: FontBook, events: EventSink) {
        self.renderer = renderer
        self.theme = theme
        self.fonts = fonts
        self.events = events
    }

    /// Builds the art for `screen`'s layout (after start, a resize, a rotation or a reset).
    func rebuild(for screen: KioskScreen) throws {
        painter = nil
        painter = try KioskPainter(renderer: renderer, screen: screen, theme: theme, fonts: fonts)
    }

    /// Draws and presents a frame of `session`.
    func draw(_ session: KioskSession) throws {
        try painter?.draw(session.screen, message: serviceMessage, dimmed: session.isDimmed)
        renderer.present()
    }

    /// Draws the first frame and announces `ready` with the layout.
    func drawFirstFrame(_ session: KioskSession, ms: Double) throws {
        try draw(session)
        lastMs = ms
        events.emit(EventRecords.layout("ready", ms: ms, screen: session.screen))
    }

    /// Announces a new layout.
    func emitLayout(_ screen: KioskScreen, ms: Double) {
        lastMs = ms
        events.emit(EventRecords.layout("layout", ms: ms, screen: screen))
    }

    /// Writes each event's line and tells the listeners.
    func publish(_ kioskEvents: [KioskEvent], ms: Double) {
        lastMs = ms
        for event in kioskEvents { events.emit(event, ms: ms) }
    }

    /// Writes the `exit` line with the final state.
    func emitExit(_ screen: KioskScreen) {
        events.emit(EventRecords.layout("exit", ms: lastMs, screen: screen))
    }
}
