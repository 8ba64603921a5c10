import Foundation

/// One bench measurement: a size and renderer, its frame times, first frame and memory.
public struct BenchResult: Equatable, Sendable {
    public var size: String
    public var renderer: String
    /// SDL's name for the renderer actually used ("software", "opengl", …).
    public var rendererName: String
    public var videoDriver: String
    public var frames: Int
    public var medianMs: Double
    public var p99Ms: Double
    public var firstFrameMs: Double
    public var peakRSSMB: Double

    /// The result as one JSON object (the `bench --json` fields).
    public var json: JSONValue {
        .object([
            ("size", .string(size)), ("renderer", .string(renderer)), ("renderer_name", .string(rendererName)),
            ("video_driver", .string(videoDriver)), ("frames", .int(frames)),
            ("median_ms", .number(medianMs)), ("p99_ms", .number(p99Ms)),
            ("first_frame_ms", .number(firstFrameMs)), ("peak_rss_mb", .number(peakRSSMB)),
        ])
    }

    /// Reads a result from the JSON a bench child printed.
    init?(json object: [String: Any]) {
        guard let size = object["size"] as? String, let renderer = object["renderer"] as? String,
              let name = object["renderer_name"] as? String, let driver = object["video_driver"] as? String,
              let frames = (object["frames"] as? NSNumber)?.intValue,
              let median = (object["median_ms"] as? NSNumber)?.doubleValue,
              let p99 = (object["p99_ms"] as? NSNumber)?.doubleValue,
              let first = (object["first_frame_ms"] as? NSNumber)?.doubleValue,
              let rss = (object["peak_rss_mb"] as? NSNumber)?.doubleValue else { return nil }
        self.init(size: size, renderer: renderer, rendererName: name, videoDriver: driver, frames: frames,
                  medianMs: median, p99Ms: p99, firstFrameMs: first, peakRSSMB: rss)
    }

    public init(size: String, renderer: String, rendererName: String, videoDriver: String, frames: Int,
                medianMs: Double, p99Ms: Double, firstFrameMs: Double, peakRSSMB: Double) {
        self.size = size
        self.renderer = renderer
        self.rendererName = rendererName
        self.videoDriver = videoDriver
        self.frames = frames
        self.medianMs = medianMs
        self.p99Ms = p99Ms
        self.firstFrameMs = firstFrameMs
        self.peakRSSMB = peakRSSMB
    }

    /// The median and 99th percentile of `samples` (nearest rank).
    public static func percentiles(_ samples: [Double]) -> (median: Double, p99: Double) {
        guard !samples.isEmpty else { return (0, 0) }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
        return (rank(0.5), rank(0.99))
    }
}
