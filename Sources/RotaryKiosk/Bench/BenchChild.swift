import CSDL2
import RotaryKit
import RotarySDL

/// One bench run in its own process, so its first-frame time and peak memory are its own:
/// renders a ``BenchScene`` in motion without vsync, timing render + present with the GPU
/// synchronised (the scene's motion and draw list are made outside the timing), and returns
/// the figures.
struct BenchChild {
    let size: WindowSize
    let renderer: Renderer.Kind
    let scene: BenchScene
    let frames: Int
    /// When the parent started this process, on ``ProcessClock/monotonicNs()``.
    let spawnedAtNs: UInt64

    func run() throws -> BenchResult {
        let system = try KioskRunner.openVideo(requested: nil)
        let window = try Window(system: system, title: "Rotary bench", width: size.width, height: size.height,
                                fullscreen: false)
        let renderer = try Renderer(window: window, kind: self.renderer, vsync: false)
        let (w, h) = try renderer.outputSize()
        let fonts = FontBook(path: try FontLocator.locate(Theme().fontPattern))
        let executor = DrawListExecutor(renderer: renderer, fonts: fonts)
        var motion = try BenchMotion(scene, width: Double(w), height: Double(h), fonts: fonts)
        try frame(executor, renderer, motion.drawList)
        let firstFrameMs = ProcessClock.msSince(spawnedAtNs)

        var times: [Double] = []
        for i in 1...max(1, frames) {
            motion.advance(frame: i)
            let list = motion.drawList
            let start = ProcessClock.monotonicNs()
            try frame(executor, renderer, list)
            times.append(ProcessClock.msSince(start))
        }
        let (median, p99) = BenchResult.percentiles(times)
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        return BenchResult(size: "\(w)x\(h)", scene: scene.rawValue, renderer: self.renderer.rawValue, rendererName: renderer.name,
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
