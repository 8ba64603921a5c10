import CSDL2
import RotaryKit
import RotarySDL

/// One bench run in its own process, so its first-frame time and peak memory are its own:
/// renders the reference scene (the kiosk screen with the wheel dragged 1.5° every frame,
/// so every frame redraws everything) without vsync, timing render + present with the GPU
/// synchronised, and returns the figures.
struct BenchChild {
    let size: WindowSize
    let renderer: Renderer.Kind
    let frames: Int
    /// When the parent started this process, on ``ProcessClock/monotonicNs()``.
    let spawnedAtNs: UInt64

    func run() throws -> BenchResult {
        let system = try KioskRunner.openVideo(requested: nil)
        let window = try Window(system: system, title: "Rotary bench", width: size.width, height: size.height,
                                fullscreen: false)
        let renderer = try Renderer(window: window, kind: self.renderer, vsync: false)
        let theme = Theme()
        let (w, h) = try renderer.outputSize()
        var session = KioskSession(screen: KioskScreen(layout: ScreenLayout(width: Double(w), height: Double(h)),
                                                       programs: Program.demo, dialMinutes: Program.defaultDialMinutes),
                                   settings: SessionSettings())
        let view = KioskView(screen: session.screen, theme: theme)
        let executor = DrawListExecutor(renderer: renderer, fonts: FontBook(path: try FontLocator.locate(theme.fontPattern)))
        try frame(executor, renderer, view.drawList(session.screen, overlay: ScreenOverlay(session, serviceBadge: false)))
        let firstFrameMs = ProcessClock.msSince(spawnedAtNs)

        let wheel = session.screen.wheel
        let radius = (wheel.innerRadius + wheel.outerRadius) / 2
        var degrees = wheel.markerDegrees
        _ = session.pointer(PointerEvent(.down, at: Degrees.point(at: degrees, radius: radius, around: wheel.center), time: 0))
        var times: [Double] = []
        for i in 1...max(1, frames) {
            degrees += 1.5
            _ = session.pointer(PointerEvent(.moved, at: Degrees.point(at: degrees, radius: radius, around: wheel.center),
                                             time: Double(i) / 60))
            _ = session.advance(by: 1.0 / 60)
            let start = ProcessClock.monotonicNs()
            try frame(executor, renderer, view.drawList(session.screen, overlay: ScreenOverlay(session, serviceBadge: false)))
            times.append(ProcessClock.msSince(start))
        }
        let (median, p99) = BenchResult.percentiles(times)
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        return BenchResult(size: "\(w)x\(h)", renderer: self.renderer.rawValue, rendererName: renderer.name,
                           videoDriver: system.videoDriver, frames: times.count, medianMs: rounded(median),
                           p99Ms: rounded(p99), firstFrameMs: rounded(firstFrameMs),
                           peakRSSMB: rounded(ProcessClock.peakRSSMB()))
    }

    /// Draws, waits until the renderer has really finished (a one-pixel read-back), presents.
    private func frame(_ executor: DrawListExecutor, _ renderer: Renderer, _ list: DrawList) throws {
        try executor.draw(list)
        try renderer.synchronise()
        renderer.present()
    }
}
