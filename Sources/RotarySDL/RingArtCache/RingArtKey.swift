import CBuildInfo
import CHarfBuzz
import CRotaryRaster
import CSDL2
import RotaryKit

/// Everything a ring raster is made from, as bytes: its recipe (geometry, target size, every
/// item's label, pictures and colours), the font file it is set in and the build of the code
/// that made it. Two rasters with equal keys are equal pixel for pixel, provided the files
/// they name are unchanged (kept beside the key in the record, ``FileIdentity``). A record
/// keeps its key whole and is only used when it matches byte for byte; the file name is a
/// hash of it.
struct RingArtKey: Equatable, Sendable {
    /// The key's bytes.
    let bytes: [UInt8]
    /// The files the art is drawn from (pictures given as files); the fonts are added once
    /// the art is made.
    let artFiles: [String]

    /// The first bytes of the build the key was made for, in hex (the start of its file name).
    let buildPrefix: String

    /// The key of `recipe` set in the font at `fontPath`, for the code of `build` (a build ID).
    init(_ recipe: RingRaster.Recipe, fontPath: String, build: [UInt8]) {
        var writer = Writer()
        writer.bytes(build)
        writer.string(Self.libraries)
        writer.string(fontPath)
        writer.ints([recipe.targetWidth, recipe.targetHeight])
        writer.doubles([recipe.center.x, recipe.center.y, recipe.innerRadius, recipe.outerRadius, recipe.markerDegrees])
        writer.color(recipe.backdrop)
        let look = recipe.look
        writer.ints([look.items.count])
        var files: [String] = []
        for item in look.items {
            writer.string(item.label)
            for source in [item.texture, item.icon] {
                writer.art(source)
                if case .file(let path) = source { files.append(path) }
            }
        }
        writer.color(look.fill)
        writer.doubles([look.iconSize, look.iconRadius, look.labelRadius])
        writer.word(look.dimmedLabelOpacity == nil ? 0 : 1)
        writer.doubles([look.dimmedLabelOpacity ?? 0])
        writer.ints([look.labelSize])
        writer.color(look.labelColor)
        writer.string(look.labelOrientation.rawValue)
        let style = look.style
        writer.doubles([style.gapPixels, style.dimmedOpacity, style.tickFromRadius, style.majorTickFromRadius, style.tickWidth])
        writer.ints([style.ticksPerItem])
        writer.color(style.tickColor)
        bytes = writer.out
        artFiles = files
        buildPrefix = Self.hex(build.prefix(6)) + "-"
    }

    /// The record's file name: the build's first bytes (so records of other builds are told
    /// apart without opening them) and a hash of the whole key, in hex, with `.ring`.
    var fileName: String {
        let hash = bytes.withUnsafeBytes { rotary_checksum64($0.baseAddress, $0.count, 0) }
        return buildPrefix + Self.hex(withUnsafeBytes(of: hash.bigEndian) { Array($0) }) + ".ring"
    }

    /// The build ID of the code running (the linker's hash of it), or empty when it has none:
    /// then nothing is cached, since art made by other code could not be told apart.
    static let build: [UInt8] = {
        var id = [UInt8](repeating: 0, count: 64)
        let length = id.withUnsafeMutableBufferPointer { rotary_build_id($0.baseAddress, $0.count) }
        return Array(id.prefix(length))
    }()

    /// The start of every record file name of this build.
    static var buildPrefix: String { hex(build.prefix(6)) + "-" }

    /// The versions of the libraries that paint the art as this process loaded them (SDL,
    /// SDL_image, SDL_ttf, HarfBuzz): an upgrade of one is a new key though the build is the same.
    static let libraries: String = {
        var sdl = SDL_version()
        SDL_GetVersion(&sdl)
        let versions = [sdl, IMG_Linked_Version().pointee, TTF_Linked_Version().pointee].map { "\($0.major).\($0.minor).\($0.patch)" }
        return (versions + [String(cString: hb_version_string())]).joined(separator: " ")
    }()

    static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Appends values with their lengths, so no two different recipes give the same bytes.
    private struct Writer {
        var out: [UInt8] = []

        mutating func word(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        mutating func ints(_ values: [Int]) { for v in values { word(UInt64(bitPattern: Int64(v))) } }
        mutating func doubles(_ values: [Double]) { for v in values { word(v.bitPattern) } }
        mutating func bytes(_ values: [UInt8]) {
            word(UInt64(values.count))
            out.append(contentsOf: values)
        }
        mutating func string(_ text: String) { bytes(Array(text.utf8)) }
        mutating func color(_ color: RGBA?) { word(color.map { 1 << 32 | UInt64($0.argb) } ?? 0) }
        mutating func art(_ source: ArtSource?) {
            switch source {
            case nil: word(0)
            case .builtIn(let name): word(1); string(name)  // built into the code: the build ID covers it
            case .svg(let text): word(2); bytes(text)
            case .file(let path): word(3); string(path)  // its identity is checked apart (``FileIdentity``)
            }
        }
    }
}
