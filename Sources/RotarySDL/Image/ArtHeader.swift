/// What an art file's first bytes say it is, checked before any decoder sees it: a PNG
/// whose header claims more pixels than a panel could ever show is refused here, before a
/// decoder allocates memory for it. Pure Swift on bytes, no SDL, no I/O.
public enum ArtHeader: Equatable, Sendable {
    /// A PNG of `width`×`height` pixels, as its IHDR chunk says.
    case png(width: Int, height: Int)
    /// SVG text (an `<svg` element within the first kilobytes).
    case svg

    /// The largest side a bitmap may have, in pixels.
    public static let maxSide = 8192
    /// The most bytes an art file may have (16 MiB).
    public static let maxBytes = 16 << 20

    /// Why an art file is refused, for a person.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, in a few words, e.g. "the file is empty".
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Inspects `bytes` (the whole file). `isSVG` says whether the file is named `.svg`.
    public static func inspect(_ bytes: [UInt8], isSVG: Bool) throws(Refusal) -> ArtHeader {
        guard !bytes.isEmpty else { throw Refusal("the file is empty") }
        guard bytes.count <= maxBytes else { throw Refusal("the file has \(bytes.count) bytes; art files may have at most \(maxBytes)") }
        if isSVG {
            guard containsSVGElement(bytes.prefix(4096)) else { throw Refusal("not SVG text (no <svg element at its start)") }
            return .svg
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw Refusal("not a PNG file (art files are PNG or SVG)") }
        // The IHDR chunk comes first: length (4), "IHDR" (4), width (4), height (4), big-endian.
        guard bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw Refusal("a PNG file without its IHDR header (truncated?)")
        }
        let width = bigEndian(bytes[16..<20]), height = bigEndian(bytes[20..<24])
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw Refusal("a PNG of \(width)×\(height) pixels; art may be at most \(maxSide)×\(maxSide)")
        }
        return .png(width: width, height: height)
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    private static func containsSVGElement(_ bytes: ArraySlice<UInt8>) -> Bool {
        let needle = Array("<svg".utf8)
        guard bytes.count >= needle.count else { return false }
        var i = bytes.startIndex
        while i + needle.count <= bytes.endIndex {
            if bytes[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
