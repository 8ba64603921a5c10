/// Values made on first use and kept for the next, within a number of entries and of bytes:
/// when a new value would pass either, the least recently used go until the rest fill at most
/// three quarters of both. A value larger than the whole budget is still kept, alone with the
/// newest few, so the frame that needs it draws it.
struct BoundedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        var used: UInt64
    }

    private var entries: [Key: Entry] = [:]
    /// The uses so far: each entry remembers its last.
    private var uses: UInt64 = 0
    /// The bytes the entries hold together, as `cost` counts them.
    private(set) var bytes = 0
    /// The most entries kept.
    let limit: Int
    /// The most bytes kept together (`Int.max`: no budget but `limit`).
    var byteLimit: Int
    private let cost: (Value) -> Int

    /// A cache of at most `limit` entries and `byteLimit` bytes, each value counted by `cost`.
    init(limit: Int, byteLimit: Int = .max, cost: @escaping (Value) -> Int = { _ in 0 }) {
        self.limit = limit
        self.byteLimit = byteLimit
        self.cost = cost
    }

    /// How many entries it holds.
    var count: Int { entries.count }

    /// Whether it holds a value for `key`.
    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Forgets every entry.
    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// The value for `key`, made by `make` when missing.
    mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        uses &+= 1
        if let found = entries.index(forKey: key) {  // one look-up on a hit: texts are drawn every frame
            entries.values[found].used = uses
            return entries.values[found].value
        }
        let value = try make()
        let size = cost(value)
        if entries.count >= limit || bytes > byteLimit - min(size, byteLimit) { evict(making: size) }
        entries[key] = Entry(value: value, bytes: size, used: uses)
        bytes += size
        return value
    }

    /// Lets the least recently used entries go until the rest, with `size` more, fill at most
    /// three quarters of the entries and the bytes.
    private mutating func evict(making size: Int) {
        let entryGoal = limit * 3 / 4, byteGoal = byteLimit / 4 * 3
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard entries.count > entryGoal || bytes + size > byteGoal, !entries.isEmpty else { return }
            entries[key] = nil
            bytes -= entry.bytes
        }
    }
}
