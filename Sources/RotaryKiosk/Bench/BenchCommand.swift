import ArgumentParser
import Foundation
import Logging
import RotarySDL

/// `rotary-kiosk bench`: renders the reference scene at several sizes with each renderer,
/// each in a fresh process, and reports median and p99 frame time (render + present),
/// time from process start to the first frame, and peak memory.
public struct BenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure frame time, first frame and memory on this machine.",
        discussion: """
            The reference scene is the kiosk screen with the wheel dragged 1.5° every frame, so every frame \
            redraws everything; --scenes arc knob strip time one control alone, moving. Each scene, size and \
            renderer runs in a fresh process without vsync. Where /dev/fb0 is a framebuffer this user may write, \
            each scene also runs on it, at its size (the software renderer, every frame copied to the panel).
            """
    )

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(parsing: .unconditional, help: "Frames to time per run, 1 or more.")
    var frames = 600

    // `--sizes -5x5` must reach WindowSize.parse to be refused with a reason, but ArgumentParser's
    // `.upToNextOption` stops at anything starting with "-" and reports a missing value. So
    // the value right after `--sizes` is taken unconditionally, and the sizes after it
    // (`--sizes 800x480 1080x1080`) arrive as a hidden positional list.
    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Sizes to measure (default: 800x480 1080x1080 1920x1080).", valueName: "WxH"),
            transform: WindowSize.parse)
    var sizes: [WindowSize] = []

    @Argument(help: .hidden, transform: WindowSize.parse)
    var moreSizes: [WindowSize] = []

    @Option(parsing: .upToNextOption, help: "Renderers to measure: software, accelerated (default: both; with --live: auto).")
    var renderers: [Renderer.Kind] = []

    @Flag(help: "Run the kiosk itself on this display (X11, Wayland, KMSDRM, a framebuffer), its wheel spun by a synthetic finger, and report frames/s, frame intervals, CPU and memory.")
    var live = false

    @Option(help: ArgumentHelp("How long --live spins the wheel.", valueName: "seconds"))
    var seconds = 10.0

    @Option(parsing: .upToNextOption, help: "What to draw: kiosk (the default), arc, knob, strip (one control alone).")
    var scenes: [BenchScene] = [.kiosk]

    @Option(name: .customLong("ring-cache"),
            help: ArgumentHelp("Keep the rings' art in this folder's ring-art/ between runs, as the kiosk's cache does: each run reads "
                               + "what the runs before kept (default: none, every run paints its rings).", valueName: "DIR"))
    var ringCache: String?

    @Option(help: .hidden) var childSpawnedAtNs: UInt64?

    /// The framebuffer a child draws into (the fbdev row).
    @Option(help: .hidden) var framebuffer: String?

    /// The framebuffer the fbdev rows use, where this user may write it.
    static let framebufferPath = "/dev/fb0"

    public init() {}

    static let defaultSizes = [WindowSize(width: 800, height: 480), WindowSize(width: 1080, height: 1080),
                               WindowSize(width: 1920, height: 1080)]

    /// The sizes asked for, or the default three.
    var allSizes: [WindowSize] { sizes.isEmpty ? Self.defaultSizes : sizes + moreSizes }

    public func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be 1 or more, not \(frames)") }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be above 0 and at most 3600, not \(seconds)") }
        guard !live || renderers.count <= 1 else { throw ValidationError("--live measures one renderer: give --renderers one of them") }
        guard !live || sizes.count + moreSizes.count <= 1 else { throw ValidationError("--live measures one size: give --sizes one of them") }
        guard sizes.isEmpty, !moreSizes.isEmpty else { return }
        throw ValidationError("sizes go after --sizes, like --sizes 800x480 1080x1080")
    }

    public func run() throws {
        if live { return try runLive() }
        let sizes = allSizes
        let renderers = self.renderers.isEmpty ? Renderer.Kind.allCases : self.renderers
        if let spawned = childSpawnedAtNs {
            let result = try BenchChild(size: sizes[0], renderer: renderers[0], scene: scenes[0], frames: frames,
                                        spawnedAtNs: spawned, framebuffer: framebuffer, ringCache: ringCache).run()
            print(String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
            return
        }
        var results: [BenchResult] = []
        for scene in scenes {
            var runs = sizes.flatMap { size in renderers.map { (size, $0, String?.none) } }
            if renderers.contains(.software), access(Self.framebufferPath, W_OK) == 0 {
                runs.append((sizes[0], .software, Self.framebufferPath))
            }
            for (size, kind, framebuffer) in runs {
                switch runChild(scene: scene, size: size, renderer: kind, framebuffer: framebuffer) {
                case .success(let result): results.append(result)
                case .failure(let reason):
                    let what = framebuffer ?? "\(size.description) \(kind.rawValue)"
                    FileHandle.standardError.write(Data("bench: \(scene.rawValue) \(what): skipped (\(reason))\n".utf8))
                }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try encoder.encode(BenchReport(results: results)), as: UTF8.self))
        } else {
            print(BenchTable.text(results))
        }
    }

    /// `--live`: the kiosk with the built-in config, fullscreen (or a window of the one size
    /// given), state kept in a temporary folder, events dropped.
    private func runLive() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("rotary-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        var arguments = ["--events-out", "/dev/null", "--state-dir", state]
        if let size = sizes.first { arguments += ["--windowed", "--size", size.description] }
        if let kind = renderers.first { arguments += ["--renderer", kind.rawValue] }
        var logger = Logger(label: "rotary-kiosk bench")
        logger.logLevel = .warning
        let runner = try KioskRunner(options: try KioskOptions.parse(arguments), logger: logger)
        let measurement = LiveMeasurement(seconds: seconds)
        runner.measurement = measurement
        try runner.run()
        guard let result = measurement.result else {
            throw KioskError.noDisplay(requested: "x11, wayland, kmsdrm or fbdev", opened: "none")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(result.text)
        }
    }

    private struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs one measurement in a child process of this same executable.
    private func runChild(scene: BenchScene, size: WindowSize, renderer: Renderer.Kind,
                          framebuffer: String?) -> Result<BenchResult, ChildFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        let start = ProcessClock.monotonicNs()
        process.arguments = ["bench", "--scenes", scene.rawValue, "--sizes", size.description, "--renderers", renderer.rawValue,
                             "--frames", String(frames), "--child-spawned-at-ns", String(start)]
            + (framebuffer.map { ["--framebuffer", $0] } ?? []) + (ringCache.map { ["--ring-cache", $0] } ?? [])
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return .failure(ChildFailure(description: "\(error)")) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard process.terminationStatus == 0,
              let result = try? JSONDecoder().decode(BenchResult.self, from: Data(lastLine.utf8)) else {
            let reason = errors.split(separator: "\n").last(where: { $0.contains("error") || $0.contains("failed") })
            return .failure(ChildFailure(description: reason.map(String.init) ?? "exit \(process.terminationStatus)"))
        }
        return .success(result)
    }
}
