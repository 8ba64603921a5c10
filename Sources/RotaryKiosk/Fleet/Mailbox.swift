import Foundation

/// Items posted from any thread, taken in order by one reader, which can also sleep until
/// one comes (the fleet tools' replies from the broker).
final class Mailbox<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []

    /// Adds `item` (any thread).
    func post(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        items.append(item)
        condition.broadcast()
    }

    /// Everything posted since the last drain.
    func drain() -> [Item] {
        condition.lock()
        defer {
            items = []
            condition.unlock()
        }
        return items
    }

    /// Sleeps until an item waits or `seconds` pass; whether one waits.
    func wait(upTo seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, condition.wait(until: deadline) {}
        return !items.isEmpty
    }
}
