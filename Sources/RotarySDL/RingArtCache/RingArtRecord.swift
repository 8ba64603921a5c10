import CRotaryRaster
import RotaryKit

/// The bytes a ring raster is kept in between runs (``RingArtStore``): a header, the raster's
/// key (``RingArtKey``), the files it was drawn from with their identities, the polar art with
/// every item bright, and the pixel map's tables. Reading one back checks everything before a
/// loop may read it: the file's length against what its header says, the key byte for byte,
/// that the files it names are unchanged, a checksum over all of it, and every index of the
/// map against the ring's art and bounds; a file that fails is refused with a reason.
enum RingArtRecord {
    /// Why a record was refused, for a person.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Shorter than its header says, or longer.
        case truncated(String)
        /// A header, checksum or table that is not what this code writes.
        case damaged(String)
        /// A record of another ring (or another build) under this name.
        case otherRing
        /// A font or picture file it was drawn from was changed since.
        case filesChanged(String)
        /// Larger than the cache lets a record be.
        case tooLarge(bytes: Int, limit: Int)
        /// The system refused to read it.
        case unreadable(String)

        var description: String {
            switch self {
            case .truncated(let why): "it is cut short or padded (\(why))"
            case .damaged(let why): "it is damaged (\(why))"
            case .otherRing: "it holds another ring's art"
            case .filesChanged(let path): "\(path) changed since it was made"
            case .tooLarge(let bytes, let limit): "it has \(bytes) bytes, more than the \(limit) a ring's art may have"
            case .unreadable(let why): "it cannot be read (\(why))"
            }
        }
    }

    /// Where a record's bytes come from: a file or, for tests, bytes in memory.
    protocol Source {
        /// The record's length in bytes.
        var size: Int { get }
        /// Fills `buffer` with the next bytes; throws ``Failure/truncated(_:)`` at the end.
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure)
    }

    /// A record held in memory.
    struct Bytes: Source {
        let bytes: [UInt8]
        private var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var size: Int { bytes.count }
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) {
            guard buffer.count <= bytes.count - offset else { throw .truncated("it ends at byte \(bytes.count)") }
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + buffer.count])) }
            offset += buffer.count
        }
    }

    private static let magic = Array("ROTARING".utf8)
    private static let version: UInt32 = 1
    /// Bytes of the header: magic, eleven 32-bit fields, the checksum, padding.
    private static let headerSize = 64
    private static let checksumOffset = 52

    /// The header's fields after magic and version.
    private struct Header {
        var keyLength, dependencyLength, columns, rows, steps, blockRows, runs, edges: Int
        var rowRange: Range<Int>

        /// The length of the whole record this header describes.
        var recordLength: Int {
            RingArtRecord.headerSize + keyLength + dependencyLength + 4 * rows * columns + 2 * steps + 2 * blockRows
                + MemoryLayout<RingPixelMap.Run>.stride * runs + MemoryLayout<RingPixelMap.Edge>.stride * edges
        }
    }

    /// The record of a ring's polar `art` (its size and texels with every item bright) and
    /// pixel map (`parts`), made for `key` from the files `files`, written as pieces to
    /// `write` (each in order; nothing is copied into one buffer).
    static func write(key: RingArtKey, files: [(path: String, identity: FileIdentity)],
                      art polar: (columns: Int, rows: Int, full: [UInt32]), map parts: RingPixelMap.Parts,
                      to write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var dependencies: [UInt8] = []
        for (path, identity) in files {
            append(UInt32(path.utf8.count), to: &dependencies)
            dependencies += path.utf8
            for word in identity.words { append(word, to: &dependencies) }
        }
        var header = magic
        for field in [version, UInt32(key.bytes.count), UInt32(dependencies.count), UInt32(polar.columns), UInt32(polar.rows),
                      UInt32(parts.steps.count), UInt32(parts.blockRows.count), UInt32(parts.runs.count), UInt32(parts.edges.count),
                      UInt32(bitPattern: Int32(parts.rowRange.lowerBound)), UInt32(bitPattern: Int32(parts.rowRange.upperBound))] {
            append(field, to: &header)
        }
        var sum = header.withUnsafeBytes { rotary_checksum64($0.baseAddress, $0.count, 0) }
        func each(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            try key.bytes.withUnsafeBytes(body)
            try dependencies.withUnsafeBytes(body)
            try polar.full.withUnsafeBytes(body)
            try parts.steps.withUnsafeBytes(body)
            try parts.blockRows.withUnsafeBytes(body)
            try parts.runs.withUnsafeBytes(body)
            try parts.edges.withUnsafeBytes(body)
        }
        each { sum = rotary_checksum64($0.baseAddress, $0.count, sum) }
        append(sum, to: &header)
        header += [UInt8](repeating: 0, count: headerSize - header.count)
        try header.withUnsafeBytes(write)
        try each(write)
    }

    /// The most bytes a record's list of files may take (a ring is drawn from a few fonts and
    /// pictures; a hostile list of a million would cost seconds of `stat` before a frame).
    static let dependencyLimit = 64 << 10
    /// The most files that list may name.
    static let dependencyCountLimit = 64

    /// The polar art and pixel map of the record in `source`, made for `key` from `recipe`
    /// (its art, its columns, its place and size on the window). Throws why it cannot be used.
    static func read<S: Source>(_ source: inout S, key: RingArtKey, recipe: RingRaster.Recipe) throws(Failure)
        -> (polar: PolarRing, map: RingPixelMap) {
        guard let box = recipe.bounds else { throw .otherRing }
        let bounds = (x: Int(box.x)..<Int(box.maxX), y: Int(box.y)..<Int(box.maxY))
        let art = RingArtist.art(recipe.look, innerRadius: recipe.innerRadius, outerRadius: recipe.outerRadius,
                                 background: recipe.backdrop)
        let requested = RingArtist.columns(outerRadius: recipe.outerRadius)
        guard source.size >= headerSize else { throw .truncated("\(source.size) bytes, shorter than a header") }
        func fill<Element>(_ count: Int, of: Element.Type) throws(Failure) -> [Element] {
            var failure: Failure?
            let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                do throws(Failure) { try source.read(into: UnsafeMutableRawBufferPointer(buffer)) } catch { failure = error; return }
                initialized = count
            }
            if let failure { throw failure }
            return elements
        }
        let raw = try fill(headerSize, of: UInt8.self)
        guard Array(raw.prefix(8)) == magic, field(raw, 0) == version else { throw .damaged("not a ring art record of this version") }
        let header = Header(keyLength: Int(field(raw, 1)), dependencyLength: Int(field(raw, 2)), columns: Int(field(raw, 3)),
                            rows: Int(field(raw, 4)), steps: Int(field(raw, 5)), blockRows: Int(field(raw, 6)),
                            runs: Int(field(raw, 7)), edges: Int(field(raw, 8)),
                            rowRange: try rowRange(Int32(bitPattern: field(raw, 9)), Int32(bitPattern: field(raw, 10))))
        let size = PolarRing.size(art: art, columns: requested)
        guard header.columns == size.columns, header.rows == size.rows else {
            throw .damaged("its art is \(header.rows)×\(header.columns) texels; the ring's is \(size.rows)×\(size.columns)")
        }
        guard header.dependencyLength <= dependencyLimit else {
            throw .damaged("its list of files has \(header.dependencyLength) bytes, more than \(dependencyLimit)")
        }
        guard header.recordLength == source.size else {
            throw .truncated("\(source.size) bytes where its header says \(header.recordLength)")
        }
        let stored = raw.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: checksumOffset, as: UInt64.self)) }
        var sum = raw.withUnsafeBytes { rotary_checksum64($0.baseAddress, checksumOffset, 0) }
        func section<Element>(_ count: Int, of type: Element.Type) throws(Failure) -> [Element] {
            let elements = try fill(count, of: type)
            sum = elements.withUnsafeBytes { rotary_checksum64($0.baseAddress, $0.count, sum) }
            return elements
        }
        guard try section(header.keyLength, of: UInt8.self) == key.bytes else { throw .otherRing }
        let files = try section(header.dependencyLength, of: UInt8.self)
        let full = try section(header.rows * header.columns, of: UInt32.self)
        let parts = RingPixelMap.Parts(columns: header.columns, rowRange: header.rowRange,
                                       steps: try section(header.steps, of: UInt16.self),
                                       blockRows: try section(header.blockRows, of: UInt16.self),
                                       runs: try section(header.runs, of: RingPixelMap.Run.self),
                                       edges: try section(header.edges, of: RingPixelMap.Edge.self))
        guard sum == stored else { throw .damaged("its checksum does not match its contents") }
        // The checksum is no seal (anyone can make one): everything is still checked, the
        // files only now, as each costs a `stat`.
        try checkFiles(files)
        let map = try RingPixelMap(parts, rows: header.rows, bounds: bounds)
        try checkCover(parts, recipe: recipe, bounds: bounds)
        return (PolarRing(art: art, columns: requested, full: full), map)
    }

    /// Throws unless the map covers about as many pixels as the ring of `recipe` does within
    /// `bounds` (no fewer than nine in ten of those surely inside it: a map with its runs left
    /// out would leave segments blank at every start; and no more than it may touch), and all
    /// of them within the ring (runs moved into the square's corners would draw there).
    private static func checkCover(_ parts: RingPixelMap.Parts, recipe: RingRaster.Recipe,
                                   bounds: (x: Range<Int>, y: Range<Int>)) throws(Failure) {
        var surely = 0, atMost = 0
        let (cx, cy, inner, outer) = (recipe.center.x, recipe.center.y, recipe.innerRadius, recipe.outerRadius)
        if outer - inner > 2 {
            AnnulusSpans.forEach(cx: cx, cy: cy, inner: inner + 1, outer: outer - 1, rows: bounds.y, columns: bounds.x) { surely += $2.count }
        }
        AnnulusSpans.forEach(cx: cx, cy: cy, inner: max(0, inner - 1), outer: outer + 1, rows: bounds.y, columns: bounds.x) {
            atMost += $2.count
        }
        let covered = parts.runs.reduce(0) { $0 + Int($1.count) } + parts.edges.count
        guard covered * 10 >= surely * 9, covered <= atMost else {
            throw .damaged("its map covers \(covered) pixels where the ring covers \(surely) to \(atMost)")
        }
        // And where: every run's ends and every rim pixel within the ring, give or take its rim.
        let reach = max(0, inner - 1.5)...(outer + 1.5)
        func within(_ x: Int32, _ y: Int32) -> Bool {
            let (dx, dy) = (Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
            return reach.contains((dx * dx + dy * dy).squareRoot())
        }
        for run in parts.runs where !within(run.x, run.y) || !within(run.x + run.count - 1, run.y) {
            throw .damaged("a run of its map (x \(run.x), y \(run.y), \(run.count) pixels) lies outside the ring")
        }
        for edge in parts.edges where !within(edge.x, edge.y) {
            throw .damaged("a rim pixel of its map (x \(edge.x), y \(edge.y)) lies outside the ring")
        }
    }

    /// Throws unless every file the record names (`bytes`: path length, path, identity, …)
    /// still has the identity it had when the record was made.
    private static func checkFiles(_ bytes: [UInt8]) throws(Failure) {
        var at = 0
        func word<T: FixedWidthInteger>(_: T.Type) throws(Failure) -> T {
            guard bytes.count - at >= MemoryLayout<T>.size else { throw .damaged("its list of files is cut short") }
            defer { at += MemoryLayout<T>.size }
            return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
        }
        var count = 0
        while at < bytes.count {
            count += 1
            guard count <= dependencyCountLimit else { throw .damaged("it names more than \(dependencyCountLimit) files") }
            let length = Int(try word(UInt32.self))
            guard bytes.count - at >= length else { throw .damaged("its list of files is cut short") }
            let path = String(decoding: bytes[at..<at + length], as: UTF8.self)
            at += length
            let stored = FileIdentity(device: try word(UInt64.self), inode: try word(UInt64.self), size: try word(UInt64.self),
                                      modified: try word(UInt64.self), changed: try word(UInt64.self))
            guard FileIdentity(path: path) == stored else { throw .filesChanged(path) }
        }
    }

    /// Field `index` (after the magic) of a header.
    private static func field(_ header: [UInt8], _ index: Int) -> UInt32 {
        header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self)) }
    }

    /// The rows `lower ..< upper`; throws when they are out of order.
    private static func rowRange(_ lower: Int32, _ upper: Int32) throws(Failure) -> Range<Int> {
        guard lower <= upper else { throw .damaged("its rows run from \(lower) back to \(upper)") }
        return Int(lower)..<Int(upper)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
