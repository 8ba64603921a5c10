import Foundation
import RotaryKit
import Testing
@testable import RotarySDL

@Suite("Ring art kept between runs")
struct RingArtStoreTests {
    @Test("a ring read back draws the very pixels of the ring painted, at any turn and bright item, opaque or not",
          arguments: [RGBA(20, 24, 32), nil])
    func roundTrip(backdrop: RGBA?) throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        let recipe = fixture.recipe(backdrop: backdrop)
        var (painted, paintedIndex) = try fixture.paint(recipe)
        #expect(fixture.records().count == 1)
        #expect(painted.making.read == 0)
        var read = RingRasterCache(threads: .callerOnly, store: fixture.store())
        let readIndex = try #require(read.index(for: recipe, selected: 1, fonts: fixture.fonts) { Issue.record("\($0)") })
        #expect(read.making.read == 1 && read.making.pictures == .zero)
        for (rotation, highlighted) in [(0.0, 1), (33.3, 2), (-170.25, 0), (359.9, 1)] {
            let a = RingArtFixture.pixels(&painted, at: paintedIndex, recipe: recipe, rotation: rotation, highlighted: highlighted)
            let b = RingArtFixture.pixels(&read, at: readIndex, recipe: recipe, rotation: rotation, highlighted: highlighted)
            #expect(a == b, "turned \(rotation)°, item \(highlighted) bright")
            #expect(Set(a).count > 50, "the ring drew its art")
        }
        #expect(fixture.lines.all.isEmpty)
    }

    @Test("another recipe (size, place, look, font) has another record; a moved ring is not written again")
    func keys() throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        let base = fixture.recipe()
        var bigger = base
        bigger.outerRadius += 1
        var relabelled = base
        relabelled.look.items[2].label = "日本語"
        let names = Set([base, fixture.recipe(x: 101), fixture.recipe(width: 201), bigger, relabelled].map {
            RingArtKey($0, fontPath: fixture.fonts.path, build: RingArtKey.build).fileName
        })
        #expect(names.count == 5)
        #expect(RingArtKey(base, fontPath: "/other.ttf", build: RingArtKey.build).fileName
            != RingArtKey(base, fontPath: fixture.fonts.path, build: RingArtKey.build).fileName)
        #expect(!RingArtKey.build.isEmpty, "the test binary has a GNU build ID")

        let store = fixture.store()
        var rasters = RingRasterCache(threads: .callerOnly, store: store)
        _ = rasters.index(for: base, selected: 0, fonts: fixture.fonts) { Issue.record("\($0)") }
        _ = rasters.index(for: fixture.recipe(x: 101), selected: 0, fonts: fixture.fonts) { Issue.record("\($0)") }
        store.waitForWrites()
        #expect(fixture.records().count == 1, "the ring moved against burn-in keeps only its first place's record")
    }

    /// What is done to a kept record, and the words its log line must have.
    enum Damage: String, CaseIterable, Sendable {
        case cut, flippedByte, oversized, otherRingsName, textureChanged, fontGone

        var words: String {
            switch self {
            case .cut: "cut short"
            case .flippedByte: "checksum"
            case .oversized: "more than the"
            case .otherRingsName: "another ring"
            case .textureChanged: "segment.svg changed since"
            case .fontGone: "changed since"
            }
        }
    }

    @Test("a damaged, cut, oversized or stale record is ignored with a log line, deleted, and the ring painted and kept anew",
          arguments: Damage.allCases)
    func refused(_ damage: Damage) throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        var recipe = fixture.recipe()
        let fonts: FontBook
        if damage == .fontGone {  // the record names a copy of the font, then the copy is replaced
            let copy = fixture.folder + "/font.ttf"
            try FileManager.default.copyItem(atPath: fixture.fonts.path, toPath: copy)
            fonts = FontBook(path: copy)
        } else {
            fonts = fixture.fonts
        }
        let store = fixture.store()
        var painted = RingRasterCache(threads: .callerOnly, store: store)
        _ = try #require(painted.index(for: recipe, selected: 0, fonts: fonts) { Issue.record("\($0)") })
        store.waitForWrites()
        let name = try #require(fixture.records().first)
        var path = fixture.cache + "/" + name
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        switch damage {
        case .cut: try handle.truncate(atOffset: size / 2)
        case .flippedByte:
            try handle.seek(toOffset: size / 2)
            let byte = try #require(try handle.read(upToCount: 1)?.first)
            try handle.seek(toOffset: size / 2)
            try handle.write(contentsOf: [byte ^ 0x5A])
        case .oversized: try handle.truncate(atOffset: UInt64(RingArtStore.recordLimit + 1))  // sparse: no disk used
        case .otherRingsName:
            recipe = fixture.recipe(x: 102)
            let other = fixture.cache + "/" + RingArtKey(recipe, fontPath: fonts.path, build: RingArtKey.build).fileName
            try FileManager.default.moveItem(atPath: path, toPath: other)
            path = other
        case .textureChanged:
            try FileManager.default.removeItem(atPath: fixture.texture)
            try RingArtFixture.svg.write(toFile: fixture.texture, atomically: false, encoding: .utf8)
        case .fontGone:
            try FileManager.default.removeItem(atPath: fonts.path)
            try FileManager.default.copyItem(atPath: fixture.fonts.path, toPath: fonts.path)
        }
        try handle.close()

        let again = fixture.store()
        var rasters = RingRasterCache(threads: .callerOnly, store: again)
        _ = try #require(rasters.index(for: recipe, selected: 0, fonts: fonts) { Issue.record("\($0)") })
        #expect(rasters.making.read == 0, "the damaged record was not used")
        let lines = fixture.lines.all
        #expect(lines.count == 1 && lines[0].contains(path) && lines[0].contains(damage.words), "\(lines)")
        again.waitForWrites()
        var fresh = RingRasterCache(threads: .callerOnly, store: fixture.store())
        _ = fresh.index(for: recipe, selected: 0, fonts: fonts) { Issue.record("\($0)") }
        #expect(fresh.making.read == 1, "the ring's record was written anew")
    }

    @Test("cleaning keeps the folder within its size on the disk: other builds' records and old temporary files go, then the least used")
    func cleaning() throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.cache, withIntermediateDirectories: true)
        let mine = RingArtKey.buildPrefix
        func file(_ name: String, bytes: Int, secondsAgo: Double) throws {
            let path = fixture.cache + "/" + name
            // Bytes that no file system stores in fewer blocks than they take.
            let contents = Data((0..<bytes).map { _ in UInt8.random(in: 0...255) })
            try #require(FileManager.default.createFile(atPath: path, contents: contents))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: path)
        }
        try file("000000000000-1111111111111111.ring", bytes: 10, secondsAgo: 0)  // another build's
        try file(".\(mine)2222222222222222.ring.99.tmp", bytes: 10, secondsAgo: 120)  // a writer stopped
        try file(".\(mine)3333333333333333.ring.98.tmp", bytes: 10, secondsAgo: 1)  // being written
        try file("\(mine)4444444444444444.ring", bytes: 400 << 10, secondsAgo: 300)  // least recently used
        try file("\(mine)5555555555555555.ring", bytes: 400 << 10, secondsAgo: 200)
        try file("\(mine)6666666666666666.ring", bytes: 400 << 10, secondsAgo: 400)  // just written
        try file("notes.txt", bytes: 10, secondsAgo: 1000)
        try file("000000000000-old.ring", bytes: 10, secondsAgo: 1000)  // not a name the store makes
        try file(".session.tmp", bytes: 10, secondsAgo: 1000)
        RingArtFolder(directory: fixture.cache, log: { Issue.record("\($0)") })
            .clean(keeping: "\(mine)6666666666666666.ring", limitBytes: 1000 << 10, buildPrefix: mine)
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.cache).sorted()
        #expect(left == [".\(mine)3333333333333333.ring.98.tmp", ".session.tmp", "000000000000-old.ring",
                         "\(mine)5555555555555555.ring", "\(mine)6666666666666666.ring", "notes.txt"])
    }

    @Test("the cleaning's sums cannot overflow: a file's blocks and a total saturate at Int.max")
    func saturatingSums() {
        var giant = stat()
        giant.st_blocks = .max
        #expect(RingArtFolder.diskBytes(giant) == .max)
        giant.st_blocks = 8
        #expect(RingArtFolder.diskBytes(giant) == 4096)
        #expect(RingArtFolder.sum(.max - 1, 4096) == .max && RingArtFolder.sum(1, 2) == 3)
    }

    @Test("a folder that cannot be made is said once; the rings are still drawn")
    func unwritable() throws {
        let fixture = try RingArtFixture()
        defer { fixture.remove() }
        #expect(FileManager.default.createFile(atPath: fixture.cache, contents: Data("a file".utf8)))  // where the folder should be
        let store = fixture.store()
        var rasters = RingRasterCache(threads: .callerOnly, store: store)
        #expect(rasters.index(for: fixture.recipe(), selected: 0, fonts: fixture.fonts) { Issue.record("\($0)") } != nil)
        #expect(rasters.index(for: fixture.recipe(outer: 60), selected: 0, fonts: fixture.fonts) { Issue.record("\($0)") } != nil)
        store.waitForWrites()
        let lines = fixture.lines.all
        #expect(lines.count == 1 && lines[0].contains("cannot write in \(fixture.cache)"), "\(lines)")
    }
}
