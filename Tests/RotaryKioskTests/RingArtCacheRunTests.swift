import Foundation
import Testing

@Suite("rotary-kiosk keeps its rings' art between runs")
struct RingArtCacheRunTests {
    /// A headless run of the built-in kiosk at 480×800 with `cache` as its cache folder: its
    /// standard error, how many rings it read from the cache, and its picture's bytes.
    static func run(cache: String, in dir: URL) throws -> (stderr: String, read: Int, picture: Data) {
        let shot = dir.appendingPathComponent("shot.png").path
        let run = try KioskProcess.runHeadless(["--size", "480x800", "--screenshot", shot, "--cache-dir", cache, "--log-level", "debug"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("start-up: ") }, "\(run.stderr)")
        let read = try #require(line.firstMatch(of: #/, ([0-9]+) read from the cache in /#).flatMap { Int($0.1) }, "\(line)")
        return (run.stderr, read, try Data(contentsOf: URL(fileURLWithPath: shot)))
    }

    @Test("the second run reads both rings and draws the same picture; a damaged, cut or oversized record is ignored with a log line and written anew")
    func damagedRecords() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let cache = dir.appendingPathComponent("cache").path, folder = cache + "/ring-art"
        let first = try Self.run(cache: cache, in: dir)
        #expect(first.read == 0 && !first.stderr.contains("ring art cache"), "\(first.stderr)")
        let records = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ring") }.sorted()
        #expect(records.count == 2, "the wheel's and the dial's: \(records)")
        let warm = try Self.run(cache: cache, in: dir)
        #expect(warm.read == 2 && warm.picture == first.picture)
        guard records.count == 2 else { return }

        // One record with a byte changed in its middle, the other cut in half.
        let (a, b) = (folder + "/" + records[0], folder + "/" + records[1])
        var bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: a))
        let whole = try Data(contentsOf: URL(fileURLWithPath: b))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: b))
        let damaged = try Self.run(cache: cache, in: dir)
        #expect(damaged.read == 0 && damaged.picture == first.picture)
        #expect(damaged.stderr.contains("warning rotary-kiosk: [RotaryKiosk] ring art cache: ignored \(a): it is damaged (its checksum"),
                "\(damaged.stderr)")
        #expect(damaged.stderr.contains("ring art cache: ignored \(b): it is cut short"), "\(damaged.stderr)")

        // Written anew by that run; then one made larger than any record may be.
        #expect(try Self.run(cache: cache, in: dir).read == 2)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: a))
        try handle.truncate(atOffset: 80 << 20)  // sparse: it takes no room on the disk
        try handle.close()
        let oversized = try Self.run(cache: cache, in: dir)
        #expect(oversized.read == 1 && oversized.picture == first.picture)
        #expect(oversized.stderr.contains("ring art cache: ignored \(a): it has 83886080 bytes, more than the"), "\(oversized.stderr)")
        #expect(try Self.run(cache: cache, in: dir).read == 2)
    }

    @Test("a replay keeps no art unless given a cache folder; none keeps nothing")
    func replaysKeepNone() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let trace = dir.appendingPathComponent("t.jsonl")
        try #"{"t":0,"type":"wait"}"#.write(to: trace, atomically: true, encoding: .utf8)
        let home = dir.appendingPathComponent("home").path
        let replay = try KioskProcess.runHeadless(["--size", "320x240", "--replay", trace.path],
                                                  environment: ["HOME": home, "XDG_CACHE_HOME": "", "CACHE_DIRECTORY": ""])
        #expect(replay.status == 0, "\(replay.stderr)")
        let picture = dir.appendingPathComponent("p.png").path
        let none = try KioskProcess.runHeadless(["--size", "320x240", "--screenshot", picture, "--cache-dir", "none"],
                                                environment: ["HOME": home, "XDG_CACHE_HOME": "", "CACHE_DIRECTORY": ""])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.cache"))
    }
}
