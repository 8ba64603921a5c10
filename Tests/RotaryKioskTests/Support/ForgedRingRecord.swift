import CRotaryRaster
@testable import RotarySDL

/// A ring art record the kiosk wrote, taken apart into its sections and put together again
/// with a checksum that matches: what anyone who can write the cache folder can do, since the
/// checksum is no seal. (The layout is ``RingArtRecord``'s: a 64-byte header, then the key,
/// the list of files, the art, the map's steps, block rows, runs and rim pixels.)
struct ForgedRingRecord {
    private var header: [UInt8]
    var key: [UInt8], files: [UInt8], art: [UInt8]
    var steps: [UInt8], blockRows: [UInt8], runs: [UInt8], edges: [UInt8]

    private static let runBytes = MemoryLayout<RingPixelMap.Run>.stride
    private static let edgeBytes = MemoryLayout<RingPixelMap.Edge>.stride

    init(_ bytes: [UInt8]) {
        let header = Array(bytes.prefix(64))
        self.header = header
        func field(_ index: Int) -> Int {
            Int(header[8 + 4 * index..<12 + 4 * index].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        var at = 64
        func take(_ count: Int) -> [UInt8] {
            defer { at += count }
            return Array(bytes[at..<at + count])
        }
        key = take(field(1))
        files = take(field(2))
        art = take(4 * field(3) * field(4))
        steps = take(2 * field(5))
        blockRows = take(2 * field(6))
        runs = take(Self.runBytes * field(7))
        edges = take(Self.edgeBytes * field(8))
    }

    /// The list of files' entry for `path` with an identity of zeros (a file that is not
    /// there, or changed).
    static func fileEntry(_ path: String) -> [UInt8] {
        withUnsafeBytes(of: UInt32(path.utf8.count).littleEndian) { Array($0) } + Array(path.utf8) + [UInt8](repeating: 0, count: 40)
    }

    /// The record's bytes, its header's counts and checksum made to match its sections.
    var bytes: [UInt8] {
        var header = self.header
        func set(_ index: Int, _ value: Int) {
            withUnsafeBytes(of: UInt32(value).littleEndian) { header.replaceSubrange(8 + 4 * index..<12 + 4 * index, with: $0) }
        }
        set(1, key.count)
        set(2, files.count)
        set(5, steps.count / 2)
        set(6, blockRows.count / 2)
        set(7, runs.count / Self.runBytes)
        set(8, edges.count / Self.edgeBytes)
        let sections = [key, files, art, steps, blockRows, runs, edges]
        var sum = header.withUnsafeBytes { rotary_checksum64($0.baseAddress, 52, 0) }
        for section in sections { sum = section.withUnsafeBytes { rotary_checksum64($0.baseAddress, $0.count, sum) } }
        withUnsafeBytes(of: sum.littleEndian) { header.replaceSubrange(52..<60, with: $0) }
        return header + sections.joined()
    }
}
