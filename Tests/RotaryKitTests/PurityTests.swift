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
    /// RotaryKit, the built-in art's bytes, and Foundation where it parses JSON.
    static let allowedImports = [
        "RotaryKit": ["RealModule"],
        "RotaryKioskCore": ["RealModule", "RotaryKit", "RotaryAssets", "Foundation"],
    ]

    /// What each core's target may depend on in Package.swift: the same modules, Foundation
    /// aside (it is the toolchain's, not a dependency).
    static let allowedDependencies = [
        "RotaryKit": ["RealModule"],
        "RotaryKioskCore": ["RotaryKit", "RotaryAssets", "RealModule"],
    ]

    /// Words that reach a clock, the file system, a thread, a process, the environment or
    /// randomness.
    static let worldly = ["Date(", "Date.now", ".now()", "DispatchTime", "DispatchQueue", "ContinuousClock", "SuspendingClock",
                          ".random(", "SystemRandomNumberGenerator", "arc4random", "FileManager", "FileHandle", "String(contentsOf",
                          "Data(contentsOf", "ProcessInfo", "Thread", "Process(", "usleep", "nanosleep", "sleep(", "getenv",
                          "gethostname", "URLSession", "fopen", "clock_gettime", "gettimeofday", "time(nil)", "CFAbsoluteTime"]

    /// Every module a source file imports, however the import is written (`import X`,
    /// `@_exported import X`, `internal import X`, `@preconcurrency public import X`,
    /// `import struct X.Y`).
    static func importedModules(_ text: String) -> [String] {
        let declaration = /^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/
        return text.split(separator: "\n").compactMap { line in (try? declaration.firstMatch(in: String(line)))?.output.1 }.map(String.init)
    }

    /// `text` without its comment lines, so a word in a doc comment proves nothing.
    static func code(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    @Test("the sources are there to check", arguments: ["RotaryKit", "RotaryKioskCore"])
    func found(target: String) {
        #expect(Self.sources(of: target).count >= 10)
    }

    @Test("imports nothing but what each core may use", arguments: ["RotaryKit", "RotaryKioskCore"])
    func imports(target: String) throws {
        let allowed = try #require(Self.allowedImports[target])
        for (name, text) in Self.sources(of: target) {
            let imports = Self.importedModules(text)
            #expect(imports.allSatisfy(allowed.contains), "\(target)/\(name): \(imports)")
            // Foundation only for JSON: every file that imports it parses JSON or reads what
            // JSONSerialization hands over, in its code (not in a comment).
            if imports.contains("Foundation") {
                let code = Self.code(text)
                #expect(code.contains("JSONSerialization") || code.contains("NSNumber"), "\(target)/\(name) imports Foundation for no JSON")
            }
        }
    }

    @Test("the import check sees every way of writing an import")
    func importForms() {
        let text = "import A\n@_exported import B\ninternal import C\n  @preconcurrency public import D\nimport struct E.F\n// import G\nlet x = 1"
        #expect(Self.importedModules(text) == ["A", "B", "C", "D", "E"])
    }

    @Test("each core's target depends on nothing in Package.swift but what it may import", arguments: ["RotaryKit", "RotaryKioskCore"])
    func dependencies(target: String) throws {
        let manifest = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        // Each `.target(` of the manifest's list runs to the next entry of the list.
        let entries = manifest.components(separatedBy: ".target(").dropFirst().map { $0.components(separatedBy: "\n        .")[0] }
        let declaration = try #require(entries.first { $0.firstMatch(of: /name: "(\w+)"/).map { String($0.output.1) } == target },
                                       "no target \(target) in Package.swift")
        let names = declaration.matches(of: /"([A-Za-z0-9_-]+)"/).map { String($0.output.1) }
            .filter { ![target, "swift-numerics"].contains($0) }
        let allowed = try #require(Self.allowedDependencies[target])
        #expect(!names.isEmpty && names.allSatisfy(allowed.contains), "\(target) depends on \(names)")
    }

    @Test("reaches no clock, file, thread, process or randomness", arguments: ["RotaryKit", "RotaryKioskCore"])
    func nothingWorldly(target: String) {
        for (name, text) in Self.sources(of: target) {
            let code = Self.code(text)
            for word in Self.worldly {
                #expect(!code.contains(word), "\(target)/\(name) uses \(word)")
            }
        }
    }
}
