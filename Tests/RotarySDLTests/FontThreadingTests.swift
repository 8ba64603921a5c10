import Testing
@testable import RotarySDL

/// FreeType lets faces be opened and closed from one thread at a time per library, and
/// SDL_ttf's `TTF_Init`/`TTF_Quit` count without a lock. The test process, like a game that
/// loads fonts on a worker thread, opens fonts from many threads at once.
@Suite("Fonts opened from many threads at once")
struct FontThreadingTests {
    @Test("concurrent inspections and opens neither crash nor lose a font")
    func concurrentOpens() async throws {
        let path = try FontLocator.locate("DejaVu Sans:bold")
        let found = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var glyphsFound = 0
                    for round in 0..<1000 {
                        let size = 10 + (task + round) % 24
                        glyphsFound += try Font.inspecting(path: path, size: size) { font in
                            font.missingCharacters(in: "Ab日").isEmpty ? 0 : 1
                        }
                    }
                    return glyphsFound
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(found == 8 * 1000)
    }
}
