import Foundation
import Testing

/// The ring-art cache against what anyone who can write its folder, or an unlucky disk, can
/// put there: records with a matching checksum but hostile contents, forged paths in the log,
/// sparse files of exabytes, a folder under a record's name, a disk nearly full.
@Suite("The ring-art cache holds against hostile records and full disks, through the executable")
struct RingArtCacheFaultTests {
    /// A new folder, its cache folder, and the two records (the wheel's and the dial's, by
    /// path, sorted) a first run at 480×800 wrote there.
    static func firstRecords() throws -> (dir: URL, cache: String, records: [String]) {
        let dir = try KioskProcess.temporaryDirectory()
        let cache = dir.appendingPathComponent("cache").path
        _ = try RingArtCacheRunTests.run(cache: cache, in: dir)
        let folder = cache + "/ring-art"
        let records = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ring") }.sorted()
        try #require(records.count == 2, "\(records)")
        return (dir, cache, records.map { folder + "/" + $0 })
    }

    /// The record at `path` changed by `change` and sealed with a matching checksum.
    static func forge(_ path: String, _ change: (inout ForgedRingRecord) -> Void) throws {
        var record = ForgedRingRecord(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        change(&record)
        try Data(record.bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("a record whose map was emptied, or whose list names a million files, is refused, checksum or not")
    func hostileContents() throws {
        let (dir, cache, records) = try Self.firstRecords()
        let first = try RingArtCacheRunTests.run(cache: cache, in: dir)
        try Self.forge(records[0]) { $0.steps = []; $0.blockRows = []; $0.runs = []; $0.edges = [] }
        try Self.forge(records[1]) { record in
            record.files = Array(repeating: ForgedRingRecord.fileEntry("/nonexistent"), count: 20_000).flatMap { $0 }
        }
        let started = Date()
        let hostile = try RingArtCacheRunTests.run(cache: cache, in: dir)
        #expect(hostile.read == 0 && hostile.picture == first.picture, "the segments vanished or a record was taken: \(hostile.stderr)")
        #expect(hostile.stderr.contains("ring art cache: ignored \(records[0]): it is damaged (its map covers 0 pixels"), "\(hostile.stderr)")
        #expect(hostile.stderr.contains("ring art cache: ignored \(records[1]): it is damaged (its list of files has"), "\(hostile.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("a path in a record that forges a log line, or holds a megabyte, is written escaped and cut")
    func forgedLogLine() throws {
        let (dir, cache, records) = try Self.firstRecords()
        let forged = "/nowhere\n2026-12-07T00:00:00+0000 critical rotary-kiosk: [RotaryKiosk] forged\u{1B}[2J"
        try Self.forge(records[0]) { $0.files = ForgedRingRecord.fileEntry(forged) }
        try Self.forge(records[1]) { $0.files = ForgedRingRecord.fileEntry("/" + String(repeating: "x", count: 60_000)) }
        let run = try RingArtCacheRunTests.run(cache: cache, in: dir)
        let lines = run.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("2026-12-07T00:00:00+0000 critical") }, "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.stderr.contains("/nowhere\\u{a}2026-12-07T00:00:00+0000 critical"), "\(run.stderr)")
        #expect(lines.allSatisfy { $0.utf8.count < 4300 }, "\(lines.map(\.utf8.count).max() ?? 0) bytes")
        #expect(run.stderr.contains("bytes more)"))
    }

    @Test("sparse records of exabytes are deleted by the cleaning, which never overflows; a folder under a record's name costs that record only")
    func sparseAndFolders() throws {
        let (dir, cache, records) = try Self.firstRecords()
        let prefix = String((records[0] as NSString).lastPathComponent.prefix(13))
        let huge = ["0000000000000001", "0000000000000002"].map { "\(prefix)\($0).ring" }
        // A tmpfs (which takes a file of 2⁶³ − 1 bytes) holding two sparse giants under record
        // names and a folder under the dial's record's name; the wheel's record is written anew
        // and the cleaning after it meets the giants.
        let folder = cache + "/ring-art"
        let dial = (records[1] as NSString).lastPathComponent
        let setup = """
            mount -t tmpfs -o size=1g rotary-cache '\(folder)'
            truncate -s 9223372036854775807 '\(folder)/\(huge[0])' '\(folder)/\(huge[1])'
            mkdir '\(folder)/\(dial)'
            touch '\(folder)/\(dial)/inside'
            """
        let listing = dir.appendingPathComponent("after.txt").path
        let wrapper = PrivateMounts.wrapper(setup)
        let shot = dir.appendingPathComponent("shot.png").path
        let run = try KioskProcess.runHeadless(
            Array(wrapper.dropFirst()) + ["/bin/sh", "-c", "\"$@\"; status=$?; ls -A '\(folder)' > '\(listing)'; exit $status", "sh",
                                         KioskProcess.executable.path, "--size", "480x800", "--screenshot", shot, "--cache-dir", cache],
            program: URL(fileURLWithPath: wrapper[0]))
        #expect(run.status == 0, "\(run.stderr)")
        let after = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!after.contains(huge[0]) && !after.contains(huge[1]), "\(after)")
        #expect(after.contains((records[0] as NSString).lastPathComponent))
        #expect(run.stderr.contains("something else has its name"), "\(run.stderr)")
        #expect(!run.stderr.contains("rings are painted at every start"), "one name taken stopped all caching: \(run.stderr)")
    }

    @Test("no record is written that would leave less than the reserve free for the state and updates")
    func reserveKept() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let cache = dir.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let wrapper = PrivateMounts.small(cache.path, kilobytes: (128 << 10) + 64)
        let shot = dir.appendingPathComponent("shot.png").path
        let listing = dir.appendingPathComponent("after.txt").path
        let run = try KioskProcess.runHeadless(
            Array(wrapper.dropFirst()) + ["/bin/sh", "-c", "\"$@\"; status=$?; ls -AR '\(cache.path)' > '\(listing)'; exit $status", "sh",
                                         KioskProcess.executable.path, "--size", "480x800", "--screenshot", shot, "--cache-dir", cache.path],
            program: URL(fileURLWithPath: wrapper[0]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the cache leaves at least 128 MiB to the kiosk's state and updates"), "\(run.stderr)")
        #expect(!(try String(contentsOfFile: listing, encoding: .utf8)).contains(".ring"))
    }
}
