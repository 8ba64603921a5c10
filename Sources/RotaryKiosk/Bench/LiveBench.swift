import Foundation

/// What `bench --live` reports: the kiosk itself in a real window on this display, its wheel
/// spun by a ``SyntheticSpin``, measured over the spin. JSON keys are snake_case.
public struct LiveBenchResult: Codable, Equatable, Sendable {
    /// Window size, pixels, `WxH`.
    public var size: String
    public var videoDriver: String
    /// SDL's name for the renderer the kiosk drew with, and why it was chosen.
    public var rendererName: String
    public var rendererReason: String
    /// The display's refresh rate, hertz (what frames are paced to).
    public var refreshHz: Double
    /// Length of the spin, seconds.
    public var seconds: Double
    /// Frames presented during the spin, and how many of them only the changed regions.
    public var frames: Int
    public var partialFrames: Int
    public var framesPerSecond: Double
    /// Median and 99th percentile of the intervals between presents, milliseconds.
    public var medianIntervalMs: Double
    public var p99IntervalMs: Double
    /// CPU time (user + system, every thread) over the spin, as a percentage of one core.
    public var cpuPercent: Double
    /// The same CPU time per frame presented, milliseconds: comparable with `bench`'s
    /// `cpu_ms_per_frame` for the same scene.
    public var cpuMsPerFrame: Double
    /// Peak resident memory (`VmHWM`) at the end, MiB.
    public var peakRSSMB: Double

    enum CodingKeys: String, CodingKey {
        case size, seconds, frames
        case videoDriver = "video_driver", rendererName = "renderer_name", rendererReason = "renderer_reason"
        case refreshHz = "refresh_hz", partialFrames = "partial_frames", framesPerSecond = "frames_per_s"
        case medianIntervalMs = "median_interval_ms", p99IntervalMs = "p99_interval_ms", cpuPercent = "cpu_percent", cpuMsPerFrame = "cpu_ms_per_frame"
        case peakRSSMB = "peak_rss_mb"
    }

    /// The result as lines for a person.
    var text: String {
        """
        live: \(size) on \(videoDriver), renderer \(rendererName) (\(rendererReason)), display \(Self.format(refreshHz, 0)) Hz
        spin \(Self.format(seconds, 1)) s: \(frames) frames (\(partialFrames) only where something changed), \
        \(Self.format(framesPerSecond, 1)) frames/s, interval median \(Self.format(medianIntervalMs, 2)) ms, \
        p99 \(Self.format(p99IntervalMs, 2)) ms
        CPU \(Self.format(cpuPercent, 1)) % of a core, \(Self.format(cpuMsPerFrame, 2)) ms a frame, peak RSS \(Self.format(peakRSSMB, 1)) MB
        """
    }

    private static func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
}

/// The measuring half of `bench --live`, called by ``KioskRunner`` as its live loop starts
/// and ends: starts the finger on the wheel, then reads CPU time, frames and memory.
final class LiveMeasurement {
    let spin: SyntheticSpin
    private(set) var result: LiveBenchResult?
    private var start: (cpu: Double, time: UInt64, frames: Int, partial: Int)?
    private var about: (size: String, driver: String, renderer: String, reason: String, hertz: Double)?

    init(seconds: Double) {
        spin = SyntheticSpin(seconds: seconds)
    }

    /// Puts the finger on `session`'s wheel and starts counting; `wake` ends the live loop's
    /// wait after each of the finger's events.
    func begin(_ session: KioskSession, scene: KioskScene, driver: String, reason: String, hertz: Double,
               wake: @escaping @Sendable () -> Void) {
        let layout = session.screen.layout
        let center = layout.turn.window(layout.center)
        let radius = (layout.wheelInnerRadius + layout.wheelOuterRadius) / 2
        about = ("\(Int(layout.width))x\(Int(layout.height))", driver, scene.renderer.name, reason, hertz)
        scene.restartFrameIntervals()
        start = (ProcessClock.cpuSeconds(), ProcessClock.monotonicNs(), scene.frameStats.frames, scene.frameStats.partialFrames)
        spin.start(center: (center.x, center.y), radius: radius, width: layout.width, height: layout.height, wake: wake)
    }

    /// Stops counting when the live loop has ended.
    func end(scene: KioskScene) {
        spin.stop()
        guard let start, let about else { return }
        let seconds = ProcessClock.msSince(start.time) / 1000
        let stats = scene.frameStats
        let frames = stats.frames - start.frames
        let cpu = ProcessClock.cpuSeconds() - start.cpu
        let (median, p99) = stats.intervalPercentiles ?? (0, 0)
        result = LiveBenchResult(size: about.size, videoDriver: about.driver, rendererName: about.renderer,
                                 rendererReason: about.reason, refreshHz: about.hertz, seconds: seconds, frames: frames,
                                 partialFrames: stats.partialFrames - start.partial,
                                 framesPerSecond: Double(frames) / max(seconds, 1e-9), medianIntervalMs: median * 1000,
                                 p99IntervalMs: p99 * 1000,
                                 cpuPercent: 100 * cpu / max(seconds, 1e-9), cpuMsPerFrame: 1000 * cpu / Double(max(frames, 1)),
                                 peakRSSMB: ProcessClock.peakRSSMB())
    }
}
