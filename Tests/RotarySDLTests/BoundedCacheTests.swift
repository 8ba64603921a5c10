import Testing
@testable import RotarySDL

@Suite("Bounded caches keep within their entries and bytes, the least recently used going first")
struct BoundedCacheTests {
    @Test("a countdown's new picture every second stays within the byte budget; what is drawn every frame stays")
    func countdownChurn() {
        var cache = BoundedCache<String, Int>(limit: 256, byteLimit: 1000) { $0 }
        _ = cache.value(for: "label") { 100 }
        for second in 0..<600 {
            _ = cache.value(for: "label") { Issue.record("the label, used every frame, was made again at \(second)"); return 100 }
            _ = cache.value(for: "time \(second)") { 90 }
            #expect(cache.bytes <= 1000, "\(cache.bytes) bytes after \(second) s")
        }
        #expect(cache.contains("label") && cache.contains("time 599") && !cache.contains("time 0"))
    }

    @Test("past its count the oldest go, down to three quarters; one value larger than the budget is still kept")
    func countAndGiant() {
        var cache = BoundedCache<Int, Int>(limit: 8) { _ in 0 }
        for key in 0..<9 { _ = cache.value(for: key) { key } }
        #expect(cache.count == 7 && !cache.contains(0) && !cache.contains(1) && cache.contains(8))
        var small = BoundedCache<Int, Int>(limit: 8, byteLimit: 100) { $0 }
        _ = small.value(for: 1) { 40 }
        #expect(small.value(for: 2) { 500 } == 500)
        #expect(small.contains(2) && !small.contains(1) && small.bytes == 500)
    }
}
