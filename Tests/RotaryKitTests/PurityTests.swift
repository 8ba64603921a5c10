import Foundation
import Testing

/// RotaryKit is the pure core: no SDL, no Foundation, no clocks or unseeded randomness.
/// This reads its sources and keeps it so.
@Suite("RotaryKit stays pure")
struct PurityTests {
    static let sources: [(name: String, text: String)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/RotaryKit")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }.map { ($0.lastPathComponent, (try? String(contentsOf: $0, encoding: .utf8)) ?? "") }
    }()

    @Test("the sources are there to check")
    func found() {
        #expect(Self.sources.count >= 10)
    }

    @Test("imports nothing but swift-numerics' RealModule")
    func imports() {
        for (name, text) in Self.sources {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports.allSatisfy { $0 == "import RealModule" }, "\(name): \(imports)")
        }
    }

    @Test("reads no clock and draws no random numbers", arguments: ["Date(", "DispatchTime", "ContinuousClock", ".random(", "SystemRandomNumberGenerator"])
    func noClocks(word: String) {
        for (name, text) in Self.sources {
            #expect(!text.contains(word), "\(name) uses \(word)")
        }
    }
}
