import Foundation
import Testing
@testable import RotarySDL

/// The library as an embedder meets it: docs/embedding.md's `Package.swift` and program, built as a
/// package of their own that depends on this checkout by path, and every other Swift snippet
/// of the docs found in code that is compiled.
@Suite("The library from outside: docs/embedding.md's package and program, the docs' snippets")
struct EmbedderPackageTests {
    /// This checkout.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The fenced block after `<!-- snippet: NAME -->` in `text`.
    static func snippet(_ name: String, in text: String) throws -> String {
        let marker = try #require(text.range(of: "<!-- snippet: \(name) -->"), "no snippet \(name)")
        let rest = text[marker.upperBound...]
        let open = try #require(rest.range(of: "```swift\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    /// The Swift blocks of a Markdown `text` that no `<!-- snippet -->` marker names.
    static func plainSwiftBlocks(in text: String) -> [String] {
        let parts = text.components(separatedBy: "```swift\n")
        return parts.dropFirst().enumerated().compactMap { index, part in
            parts[index].hasSuffix("-->\n") ? nil : part.components(separatedBy: "\n```").first
        }
    }

    @Test("docs/embedding.md's Package.swift and main.swift build beside a folder named Rotary, run headless and draw a wheel",
          .timeLimit(.minutes(15)))
    func readmePackage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
        // A fixed place under .build: a second run builds only what changed.
        let place = Self.root.appendingPathComponent(".build/embedder-test")
        let demo = place.appendingPathComponent("WheelDemo")
        let sources = demo.appendingPathComponent("Sources/WheelDemo")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let link = place.appendingPathComponent("Rotary")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != Self.root.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Self.root)
        }
        try Self.snippet("Package.swift", in: readme).write(to: demo.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.snippet("main.swift", in: readme).write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try KioskProcess.runHeadless(["swift", "build", "--package-path", demo.path], timeout: 840,
                                                 program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(build.status == 0, "\(build.stdout.suffix(3000))\(build.stderr.suffix(3000))")
        let picture = place.appendingPathComponent("wheel.png").path
        try? FileManager.default.removeItem(atPath: picture)
        let run = try KioskProcess.runHeadless(["30", picture], environment: ["SDL_VIDEODRIVER": "offscreen"],
                                               program: demo.appendingPathComponent(".build/debug/WheelDemo"))
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try Surface(contentsOf: picture)
        #expect(frame.width == 400 && frame.height == 400)
        #expect(frame.pixel(x: 5, y: 5) == RGBA(20, 24, 36), "the program's own background")
        #expect(frame.pixel(x: 200, y: 90) != RGBA(20, 24, 36), "the wheel's band over it")
        #expect(frame.pixel(x: 200, y: 200) == RGBA(20, 24, 36), "the hub is the program's")
    }

    @Test("the DocC article's Package.swift is docs/embedding.md's; every other Swift snippet of the README, docs/ and the DocC articles is code an example or a test compiles")
    func snippetsCompile() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
        let docs = try ["README.md"] + FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let articles = ["RotaryKit/RotaryKit.docc", "RotarySDL/RotarySDL.docc"].flatMap { folder -> [URL] in
            let url = Self.root.appendingPathComponent("Sources/\(folder)")
            return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".md") }
                .map { url.appendingPathComponent($0) }
        }
        var compiled = ""
        for folder in ["Examples", "Tests", "Sources"] {
            let files = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                if file.pathExtension == "swift" { compiled += (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
            }
        }
        let lines = Set(compiled.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let package = try Self.snippet("Package.swift", in: readme)
        var checked = 0
        for url in articles {
            let article = url.lastPathComponent
            let text = try String(contentsOf: url, encoding: .utf8)
            for block in Self.plainSwiftBlocks(in: text) {
                checked += 1
                if block.hasPrefix("// swift-tools-version") {
                    #expect(block + "\n" == package, "\(article): the package snippet differs from docs/embedding.md's")
                    continue
                }
                for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
                where !line.isEmpty && !line.hasPrefix("//") && !lines.contains(line) {
                    Issue.record("\(article): \"\(line)\" is in no compiled source")
                }
            }
        }
        for doc in docs {
            let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
            for block in Self.plainSwiftBlocks(in: text) {
                checked += 1
                for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
                where !line.isEmpty && !line.hasPrefix("//") && !lines.contains(line) {
                    Issue.record("\(doc): \"\(line)\" is in no compiled source")
                }
            }
        }
        #expect(checked > 5)
    }
}
