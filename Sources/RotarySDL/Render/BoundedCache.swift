/// A dictionary that forgets everything once it holds more than `limit` entries: what a
/// frame uses is made again on the next use, and something that changes every frame (an
/// animated text or size) cannot grow it without bound.
struct BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// How many entries it holds.
    var count: Int { entries.count }

    /// Forgets every entry.
    mutating func removeAll() { entries.removeAll() }

    /// The value for `key`, made by `make` when missing.
    mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let value = entries[key] { return value }
        let value = try make()
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
        return value
    }
}
