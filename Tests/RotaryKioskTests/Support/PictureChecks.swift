import Foundation
import Testing
import RotarySDL

/// Small checks on saved pictures.
enum RotarySDLSurface {
    static func load(_ path: String) throws -> Surface { try Surface(contentsOf: path) }
}

extension Surface {
    /// How many pixels in the square of side `side` at (`x`, `y`) have the service badge's amber.
    func badgeAmberPixels(x x0: Int, y y0: Int, side: Int) -> Int {
        var amber = 0
        for y in max(0, y0)..<min(height, y0 + side) {
            for x in max(0, x0)..<min(width, x0 + side) {
                let p = pixel(x: x, y: y)
                if p.r > 200, p.g > 120, p.g < 190, p.b < 60 { amber += 1 }
            }
        }
        return amber
    }
}

extension String {
    /// The file's text; when it cannot be read, `context` is recorded with the failure.
    init(contentsOfFile path: String, encoding: String.Encoding, orRecord context: String) throws {
        do { try self.init(contentsOfFile: path, encoding: encoding) } catch {
            Issue.record("cannot read \(path): \(error)\n\(context)")
            throw error
        }
    }
}
