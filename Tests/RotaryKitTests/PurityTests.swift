import Foundation
import Testing

/// RotaryKit and RotaryKioskCore are the pure cores: no SDL, no files, no clocks, threads,
/// processes or unseeded randomness. This reads their sources and keeps them so.
@Suite("The cores stay pure")
struct PurityTests {
    /// The Swift sources of `Sources/<target>`, by name.
    static func sources(of target: String) -> [(name: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }.map { ($0.lastPathComponent, (try? String(contentsOf: $0, encoding: .utf8)) ?? "") }
    }

    /// What each core may import: RotaryKit only swift-numerics; the kiosk's core also
    /// RotaryKit, the built-in art's bytes, and Foundation where it parses or writes JSON.
    static let allowedImports = [
        "RotaryKit": ["import RealModule"],
        "RotaryKioskCore": ["import RealModule", "import RotaryKit", "import RotaryAssets", "import Foundation"],
    ]

    /// Words that reach a clock, the file system, a thread, a process, the environment or
    /// randomness.
    static let worldly = ["Date(", "DispatchTime", "DispatchQueue", "ContinuousClock", "SuspendingClock", ".random(",
                          "SystemRandomNumberGenerator", "FileManager", "FileHandle", "String(contentsOf", "Data(contentsOf", "ProcessInfo", "Thread",
                          "Process(", "usleep", "nanosleep", "getenv", "gethostname", "URLSession", "fopen"]

    @Test("the sources are there to check", arguments: ["RotaryKit", "RotaryKioskCore"])
    func found(target: String) {
        #expect(Self.sources(of: target).count >= 10)
    }

    @Test("imports nothing but what each core may use", arguments: ["RotaryKit", "RotaryKioskCore"])
    func imports(target: String) throws {
        let allowed = try #require(Self.allowedImports[target])
        for (name, text) in Self.sources(of: target) {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
            #expect(imports.allSatisfy { allowed.contains(String($0)) }, "\(target)/\(name): \(imports)")
            // Foundation only for JSON: every file that imports it parses or writes JSON.
            if imports.contains("import Foundation") {
                #expect(text.contains("JSONSerialization") || text.contains("String(format:"), "\(target)/\(name) imports Foundation for no JSON")
            }
        }
    }

    @Test("reaches no clock, file, thread, process or randomness", arguments: ["RotaryKit", "RotaryKioskCore"])
    func nothingWorldly(target: String) {
        for (name, text) in Self.sources(of: target) {
            for word in Self.worldly {
                #expect(!text.contains(word), "\(target)/\(name) uses \(word)")
            }
        }
    }
}
