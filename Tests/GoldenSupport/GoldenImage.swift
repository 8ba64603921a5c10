import Foundation
import RotarySDL
import Testing

/// Compares a rendered picture with a committed reference PNG in a test target's `Golden`
/// folder, within a tolerance: at most `maxPixels` pixels may differ by more than `maxDelta` in any
/// channel. On failure the actual picture and a diff (differing pixels red over a grey copy)
/// are written to a temporary folder, named in the failure.
///
/// `RECORD_GOLDEN=1` writes the reference instead, and records an issue saying so: a
/// recording run never passes silently, so a reference cannot be replaced unnoticed.
public struct GoldenImage: Sendable {
    /// The reference folder.
    public let folder: URL
    /// How far a channel may differ before a pixel counts as different, 0…255.
    public var maxDelta: Int
    /// How many pixels may differ.
    public var maxPixels: Int

    /// Checks against the `Golden` folder of the test target whose source file is `testFile`
    /// (pass `#filePath` from a file directly in the target's folder or one level below).
    public init(besides testFile: String, maxDelta: Int = 24, maxPixels: Int = 12) {
        var target = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while !target.deletingLastPathComponent().path.hasSuffix("/Tests"), target.path != "/" {
            target.deleteLastPathComponent()
        }
        folder = target.appendingPathComponent("Golden")
        self.maxDelta = maxDelta
        self.maxPixels = maxPixels
    }

    /// Compares `actual` with the reference `name`.png, or records it under `RECORD_GOLDEN=1`
    /// unless `recording` is false (a picture checked against another test's reference).
    public func check(_ actual: Surface, named name: String, recording: Bool = true,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = folder.appendingPathComponent(name + ".png").path
        if recording, ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try actual.savePNG(to: reference)
            Issue.record(Comment(rawValue: "recorded \(reference) (RECORD_GOLDEN=1); look at it, then run without RECORD_GOLDEN"),
                         sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: reference) else {
            Issue.record(Comment(rawValue: "no reference image \(reference); record it with RECORD_GOLDEN=1"),
                         sourceLocation: sourceLocation)
            return
        }
        let expected = try Surface(contentsOf: reference)
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record(Comment(rawValue: "\(name): size \(actual.width)x\(actual.height), reference \(expected.width)x\(expected.height)"),
                         sourceLocation: sourceLocation)
            return
        }
        let a = actual.pixelBuffer(), e = expected.pixelBuffer()
        var diff = PixelBuffer(width: a.width, height: a.height)
        var differing = 0, worst = 0
        for i in a.pixels.indices {
            let delta = Self.maxChannelDelta(a.pixels[i], e.pixels[i])
            worst = max(worst, delta)
            if delta > maxDelta {
                differing += 1
                diff.pixels[i] = 0xFFFF_0000
            } else {
                let grey = (a.pixels[i] >> 16 & 0xFF) / 3 + 40
                diff.pixels[i] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
        guard differing > maxPixels else { return }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("rotary-golden-failures")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let label = recording ? name : name + ".\(sourceLocation.fileName.split(separator: ".")[0])"
        let actualPath = out.appendingPathComponent(label + ".actual.png").path
        let diffPath = out.appendingPathComponent(label + ".diff.png").path
        try actual.savePNG(to: actualPath)
        try Surface(diff).savePNG(to: diffPath)
        let message = "\(name): \(differing) pixels differ by more than \(maxDelta) (worst \(worst)); actual \(actualPath), diff \(diffPath)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The largest difference of any channel (alpha included) between two 0xAARRGGBB pixels.
    public static func maxChannelDelta(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            worst = max(worst, abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)))
        }
        return worst
    }
}
