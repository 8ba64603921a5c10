/// What a hook wrote to standard output and error: the start kept for the log, the rest
/// only counted, so a hook that floods its output costs no memory.
struct HookOutput {
    /// More than this many bytes (in total) is a flood, and logged as one.
    static let limit = 64 * 1024
    /// How many bytes from the start are kept for the log line.
    private static let keptBytes = 4096
    private var start: [UInt8] = []
    /// Bytes written so far.
    private(set) var count = 0

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        count += chunk.count
        start.append(contentsOf: chunk.prefix(Self.keptBytes - start.count))
    }

    /// True once the hook wrote more than `limit` bytes.
    var overflowed: Bool { count > Self.limit }

    /// The first line written, for the log.
    var firstLine: String {
        String(decoding: start, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "(no output)"
    }
}
