import CSDL2
import Glibc
import RotaryKit
import RotarySDL

/// One bench run in its own process, so its first-frame time and peak memory are its own:
/// renders a ``BenchScene`` in motion without vsync, timing render + present with the GPU
/// synchronised (the scene's motion and draw list are made outside the timing), and returns
/// the figures. On a framebuffer, present is the copy of the whole frame into it.
struct BenchChild {
    let size: WindowSize
    let renderer: Renderer.Kind
    let scene: BenchScene
    let frames: Int
    /// When the parent started this process, on ``ProcessClock/monotonicNs()``.
    let spawnedAtNs: UInt64
    /// The framebuffer device drawn into instead of a window, at its own size.
    let framebuffer: String?
    /// The folder rings' art is kept in between runs, or nil for none.
    let ringCache: String?

    func run() throws -> BenchResult {
        let fontLookup = FontLookup(pattern: Theme().fontPattern)  // as the kiosk does: meanwhile, on a worker
        // The renderer keeps its window, and the window SDL, alive.
        let system: SDLSystem?, panel: FramebufferPanel?, renderer: Renderer
        if let framebuffer {
            system = nil
            panel = try FramebufferPanel(device: try FramebufferDevice(path: framebuffer))
            renderer = panel!.renderer
        } else {
            system = try KioskDisplay.openVideo(requested: nil)
            panel = nil
            let window = try Window(system: system!, title: "Rotary bench", width: size.width, height: size.height, fullscreen: false)
            renderer = try Renderer(window: window, kind: self.renderer, vsync: false)
        }
        let (w, h) = try renderer.outputSize()
        let fonts = FontBook(path: try fontLookup.choice().file)
        let store = KioskRunner.ringArtStore(ringCache) { message in
            _ = "bench: \(message)\n".withCString { write(2, $0, strlen($0)) }
        }
        let executor = DrawListExecutor(renderer: renderer, fonts: fonts, threads: .workers, ringArt: store)
        var motion = try BenchMotion(scene, width: Double(w), height: Double(h), fonts: fonts)
        try frame(executor, renderer, panel, motion.drawList)
        let firstFrameMs = ProcessClock.msSince(spawnedAtNs)

        var times: [Double] = []
        let cpuBefore = ProcessClock.cpuSeconds()
        for i in 1...max(1, frames) {
            motion.advance(frame: i)
            let list = motion.drawList
            let start = ProcessClock.monotonicNs()
            try frame(executor, renderer, panel, list)
            times.append(ProcessClock.msSince(start))
        }
        let cpuMs = (ProcessClock.cpuSeconds() - cpuBefore) * 1000 / Double(times.count)
        store?.waitForWrites()  // the next run reads what this one painted
        let (median, p99) = BenchResult.percentiles(times)
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        return BenchResult(size: "\(w)x\(h)", scene: scene.rawValue, renderer: self.renderer.rawValue, rendererName: renderer.name,
                           videoDriver: system?.videoDriver ?? "fbdev", frames: times.count, medianMs: rounded(median),
                           p99Ms: rounded(p99), cpuMsPerFrame: rounded(cpuMs), firstFrameMs: rounded(firstFrameMs),
                           peakRSSMB: rounded(ProcessClock.peakRSSMB()), ringsRead: store.map { _ in executor.ringArtTime.read })
    }

    /// Draws, waits until the renderer has really finished (a one-pixel read-back), presents
    /// (on a framebuffer: copies the frame into it, without waiting for its vertical blank).
    private func frame(_ executor: DrawListExecutor, _ renderer: Renderer, _ panel: FramebufferPanel?, _ list: DrawList) throws {
        try executor.draw(list)
        try renderer.synchronise()
        renderer.present()
        panel?.show(nil, pacing: false)
    }
}
