/// One bench measurement: a size and renderer, its frame times, first frame and memory.
/// Its JSON form (snake_case keys) is what `bench --json` prints and what a bench child
/// hands its parent.
public struct BenchResult: Codable, Equatable, Sendable {
    public var size: String
    /// What was drawn: "kiosk", "arc", "knob" or "strip".
    public var scene: String
    public var renderer: String
    /// SDL's name for the renderer actually used ("software", "opengl", …).
    public var rendererName: String
    public var videoDriver: String
    public var frames: Int
    public var medianMs: Double
    public var p99Ms: Double
    /// CPU time (user + system, every thread: the drawing's worker threads too) per timed
    /// frame, milliseconds: what a frame costs the machine, beside what it takes on the clock.
    public var cpuMsPerFrame: Double
    public var firstFrameMs: Double
    public var peakRSSMB: Double
    /// Rings whose art the first frame read from `--ring-cache` instead of painting (nil: no cache).
    public var ringsRead: Int?

    enum CodingKeys: String, CodingKey {
        case size, scene, renderer, frames
        case rendererName = "renderer_name", videoDriver = "video_driver", medianMs = "median_ms", p99Ms = "p99_ms", cpuMsPerFrame = "cpu_ms_per_frame"
        case firstFrameMs = "first_frame_ms", peakRSSMB = "peak_rss_mb", ringsRead = "rings_read"
    }

    /// The median and 99th percentile of `samples` (nearest rank).
    public static func percentiles(_ samples: [Double]) -> (median: Double, p99: Double) {
        guard !samples.isEmpty else { return (0, 0) }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        return (rank(0.5), rank(0.99))
    }
}

/// What `bench --json` prints: `{"results": [...]}`.
struct BenchReport: Codable {
    var results: [BenchResult]
}
