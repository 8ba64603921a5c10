import Foundation
import Testing
import RotarySDL

/// Small checks on saved pictures.
enum RotarySDLSurface {
    static func load(_ path: String) throws -> Surface { try Surface(contentsOf: path) }
}

extension Surface {
    /// The share of pixels in row `y` that have the service banner's dark red.
    func bannerRedShare(row y: Int) -> Double {
        let red = (0..<width).filter { x in
            let p = pixel(x: x, y: y)
            return p.r > 120 && p.g < 60 && p.b < 60
        }.count
        return Double(red) / Double(width)
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
