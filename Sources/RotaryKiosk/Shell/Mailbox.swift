import Foundation

/// Items posted from any thread, taken in order by the main loop, which can also sleep until
/// one comes. At most ``limit`` wait; later ones are dropped and counted.
final class Mailbox<Item: Sendable>: @unchecked Sendable {
    /// The most items that wait at once.
    let limit: Int
    private let condition = NSCondition()
    private var items: [Item] = []
    private var dropped = 0

    init(limit: Int = .max) { self.limit = limit }

    /// Adds `item` (any thread), or counts it dropped when ``limit`` items wait.
    func post(_ item: Item) { _ = postFirst(item) }

    /// ``post(_:)``, and whether nothing was waiting before: whoever takes the items needs
    /// waking only then.
    func postFirst(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let first = items.isEmpty && dropped == 0
        if items.count < limit { items.append(item) } else { dropped += 1 }
        condition.broadcast()
        return first
    }

    /// Everything posted since the last take.
    func take() -> [Item] { takeCounted().items }

    /// Everything posted since the last take, and how many were dropped meanwhile.
    func takeCounted() -> (items: [Item], dropped: Int) {
        condition.lock()
        defer {
            (items, dropped) = ([], 0)
            condition.unlock()
        }
        return (items, dropped)
    }

    /// Sleeps until an item waits or `seconds` pass; whether one waits.
    func wait(upTo seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, dropped == 0, condition.wait(until: deadline) {}
        return !items.isEmpty || dropped > 0
    }
}
