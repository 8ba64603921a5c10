import RotaryKit
import RotarySDL

/// What the loops share: the renderer and painter for the current layout, and the event
/// lines they write.
final class KioskScene {
    let renderer: Renderer
    private let theme: Theme
    private let fonts: FontBook
    private let events: EventSink
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

    /// Draws and presents a frame.
    func draw(_ screen: KioskScreen) throws {
        try painter?.draw(screen)
        renderer.present()
    }

    /// Draws the first frame and announces `ready` with the layout.
    func drawFirstFrame(_ screen: KioskScreen, ms: Double) throws {
        try draw(screen)
        lastMs = ms
        events.emit(EventRecords.layout("ready", ms: ms, screen: screen))
    }

    /// Announces a new layout.
    func emitLayout(_ screen: KioskScreen, ms: Double) {
        lastMs = ms
        events.emit(EventRecords.layout("layout", ms: ms, screen: screen))
    }

    /// Writes the control events and the feedback each one asks for.
    func publish(_ controlEvents: [ControlEvent], ms: Double) {
        lastMs = ms
        for event in controlEvents {
            events.emit(EventRecords.control(event, ms: ms))
            switch event {
            case .detent: events.emit(EventRecords.feedback("tick", ms: ms))
            case .pressed: events.emit(EventRecords.feedback("press", ms: ms))
            case .selected, .value: break
            }
        }
    }

    /// Writes an `error` line.
    func emitError(_ message: String, ms: Double) {
        events.emit(EventRecords.error(message, ms: ms))
    }

    /// Writes the `exit` line with the final state.
    func emitExit(_ screen: KioskScreen) {
        events.emit(EventRecords.layout("exit", ms: lastMs, screen: screen))
    }
}
