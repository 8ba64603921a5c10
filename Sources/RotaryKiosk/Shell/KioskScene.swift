import Foundation
import RotaryKit
import RotarySDL

/// What is drawn and written: the renderer, the view and executor for the current layout,
/// and the event stream.
final class KioskScene {
    let renderer: Renderer
    /// The framebuffer that shows what the renderer drew (nil: SDL shows it).
    private let panel: FramebufferPanel?
    private let theme: Theme
    let events: EventSink
    /// Where a picture that cannot be drawn is said (an `error` with the next events).
    private let problems: @Sendable (String) -> Void
    private let executor: DrawListExecutor
    /// The last frame's draw list, as drawn.
    private var lastList: DrawList?
    private var view: KioskView?
    /// Finds what the service screen's diagnostics and usage tabs show (the shell's
    /// business), when a tab opens.
    var gatherFacts: (ServicePage, KioskSession) -> ServiceFacts = { _, _ in ServiceFacts() }
    private var facts = ServiceFacts()
    /// The service page `facts` were gathered for.
    private var factsPage: ServicePage?
    /// The frames presented so far.
    private(set) var frameStats = FrameStats()
    /// Watches every present for a page flip that does not complete (nil: none, as in a replay).
    var presentWatch: PresentWatch?
    private var failuresReported = 0

    init(renderer: Renderer, panel: FramebufferPanel? = nil, theme: Theme, fonts: FontBook, events: EventSink,
         ringArt: RingArtStore? = nil, problems: @escaping @Sendable (String) -> Void) {
        self.problems = problems
        self.renderer = renderer
        self.panel = panel
        self.theme = theme
        self.events = events
        executor = DrawListExecutor(renderer: renderer, fonts: fonts, threads: .workers, ringArt: ringArt)
    }

    /// Whether every frame so far was drawn with the config's own theme, art and all.
    var drewEverything: Bool { executor.failures.isEmpty }
    /// How long making ring art took so far.
    var ringArtTime: RingArtTime { executor.ringArtTime }

    /// Forgets the intervals between frames so far, e.g. as a measurement starts.
    func restartFrameIntervals() { frameStats.restartIntervals() }

    /// Lays the view out for `screen` (after start, a resize, a rotation or a reset); the
    /// art is made as the next frame needs it.
    func rebuild(for screen: KioskScreen) {
        view = KioskView(screen: screen, theme: theme)
    }

    /// Draws and presents what changed in the frame of `session` since the last one, and
    /// nothing when nothing changed, unless `whole` (the display or the window's surface lost
    /// the picture: everything is drawn and presented again). On a renderer that keeps its
    /// frame (the software renderer) only the changed regions are redrawn and presented (see
    /// `DrawListExecutor.drawChanges`). A picture that cannot be drawn costs only its own
    /// piece (the executor and ring art leave it out), and each is reported as an `error`
    /// once: a broken file never leaves the panel black.
    func draw(_ session: KioskSession, whole: Bool = false) throws {
        try draw(session, whole: whole, capturing: false)
    }

    /// Draws `session`'s frame whole and returns a copy of it, taken before it is presented
    /// (a GPU's back buffer is undefined after a present).
    func capture(_ session: KioskSession) throws -> Surface {
        guard let picture = try draw(session, whole: true, capturing: true) else {
            throw SDLError("taking the panel's picture", message: "no frame is drawn yet")
        }
        return picture
    }

    @discardableResult
    private func draw(_ session: KioskSession, whole: Bool, capturing: Bool) throws -> Surface? {
        guard let view else { return nil }
        if whole { executor.forgetFrame() }
        var list: DrawList
        if session.isAsleep {
            list = DrawList([.fill(nil, RGBA(0, 0, 0))])  // black, where there is no backlight to turn off
        } else if let service = session.service {
            if factsPage != service.screen.page {
                factsPage = service.screen.page
                facts = gatherFacts(service.screen.page, session)
            }
            list = ServiceView(layout: view.layout, theme: theme).drawList(service, session: session, facts: facts)
        } else {
            factsPage = nil
            list = view.drawList(session.screen, overlay: ScreenOverlay(session))
        }
        if !session.isAsleep { list = list.shifted(by: session.pictureShift, behind: theme.background) }
        lastList = list
        let regions = try executor.drawChanges(list)
        for failure in executor.failures.dropFirst(failuresReported) { problems("cannot draw \(failure)") }
        failuresReported = executor.failures.count
        // Presented whether or not the copy worked: the executor counts this frame as shown.
        let picture = capturing ? Result { try renderer.readPixels() } : nil
        if regions?.isEmpty == true { return try picture?.get() }
        presentWatch?.presenting()
        PresentFault.stallIfAsked(presented: frameStats.frames)
        renderer.present(regions: regions)
        panel?.show(regions)
        presentWatch?.presented()
        frameStats.presented(at: LiveLoop.seconds(), partial: regions != nil)
        return try picture?.get()
    }

    /// The last frame as data (``DrawListRecord``): its texts as drawn and what can be tapped
    /// in `session` now; nil before the first frame.
    func frameRecord(_ session: KioskSession) throws -> JSONValue? {
        guard let lastList else { return nil }
        let layout = session.screen.layout
        return DrawListRecord.make(width: Int(layout.width), height: Int(layout.height), panel: layout.panel,
                                   texts: try executor.placedTexts(lastList),
                                   targets: TapTargets.of(session),
                                   stateBox: session.service == nil ? stateBox(session) : nil)
    }

    /// The state area in window pixels, where the burn-in shift has put it.
    private func stateBox(_ session: KioskSession) -> Rect {
        let layout = session.screen.layout
        return layout.turn.window(KioskView.stateArea(layout, counting: session.dialShowing != nil)).offset(by: session.pictureShift)
    }

    /// Draws the first frame and announces `ready` with the layout.
    func drawFirstFrame(_ session: KioskSession, ms: Double) throws {
        try draw(session)
        events.emit(EventRecords.layout("ready", ms: ms, session: session))
    }

    /// Announces a new layout.
    func emitLayout(_ session: KioskSession, ms: Double) {
        events.emit(EventRecords.layout("layout", ms: ms, session: session))
    }

    /// Writes `event`'s line at `ms` and tells the listeners; the line.
    func emit(_ event: KioskEvent, ms: Double) -> String {
        // An open Errors tab shows a new error; other tabs need no new facts.
        if case .error = event, factsPage == .menu(.errors) { factsPage = nil }
        return events.emit(event, ms: ms)
    }

    /// Writes the `exit` line with the final state at `ms`.
    func emitExit(_ session: KioskSession, ms: Double) {
        events.emit(EventRecords.layout("exit", ms: ms, session: session))
    }
}
