import CSDL2

extension Surface {
    /// A copy at most `maxSide` pixels on its longer side, scaled smoothly with its aspect
    /// kept (this surface itself when it is no larger).
    public func fitted(within maxSide: Int) throws -> Surface {
        let longer = max(width, height)
        guard longer > maxSide, maxSide > 0 else { return self }
        let scale = Double(maxSide) / Double(longer)
        return try scaled(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// The surface as a PNG file's bytes; throws ``PNGTooLarge`` when they would take more
    /// than `limit` bytes.
    public func pngBytes(limit: Int) throws -> [UInt8] {
        let sink = PNGSink(limit: limit)
        guard let stream = SDL_AllocRW() else { throw SDLError("SDL_AllocRW") }
        defer { SDL_FreeRW(stream) }
        stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        // SDL_AllocRW fills in nothing: every entry a reader might call is set.
        stream.pointee.size = { _ in -1 }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.close = { _ in 0 }
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
        stream.pointee.write = { stream, from, size, count in
            guard let stream, let from else { return 0 }
            let sink = Unmanaged<PNGSink>.fromOpaque(stream.pointee.hidden.unknown.data1).takeUnretainedValue()
            return sink.append(UnsafeRawBufferPointer(start: from, count: size * count)) ? count : 0
        }
        stream.pointee.seek = { stream, offset, whence in
            guard let stream, offset == 0, whence == RW_SEEK_CUR else { return -1 }  // only a tell
            return Int64(Unmanaged<PNGSink>.fromOpaque(stream.pointee.hidden.unknown.data1).takeUnretainedValue().bytes.count)
        }
        let status = withExtendedLifetime(sink) { IMG_SavePNG_RW(pointer, stream, 0) }
        if sink.overflowed { throw PNGTooLarge(limit: limit) }
        try check(status, "IMG_SavePNG_RW")
        return sink.bytes
    }
}

/// A PNG that would take more than `limit` bytes.
public struct PNGTooLarge: Error, CustomStringConvertible {
    /// The most bytes it was allowed.
    public let limit: Int
    public var description: String { "the PNG takes more than \(limit) bytes" }
}

/// Where a PNG is encoded to: bytes appended up to a limit; past it, nothing more is taken
/// and the encoding fails.
private final class PNGSink {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// Appends `chunk`: false (and nothing appended from now on) when it would pass the limit.
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard !overflowed, bytes.count + chunk.count <= limit else {
            overflowed = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }
}
