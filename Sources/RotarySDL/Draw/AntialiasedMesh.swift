import CSDL2
import FoundationEssentials
import RotaryKit

/// Triangles in one colour whose vertices carry their own alpha, for shapes with soft edges
/// on any SDL renderer: every edge gets a strip one pixel wide from full alpha half a pixel
/// inside to alpha 0 half a pixel outside, and SDL interpolates the vertex colours across
/// it, so an edge pixel is as opaque as the shape covers it.
struct AntialiasedMesh {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []
    private let color: RGBA
    /// Alpha scale for shapes thinner than a pixel: they fade instead of thinning further.
    private let strength: Double

    private init(color: RGBA, strength: Double) {
        self.color = color
        self.strength = min(max(strength, 0), 1)
    }

    /// A stroke `width` pixels wide centred on `radius` around `center`, from `fromDegrees`
    /// clockwise through `sweepDegrees` (≥ 360: a closed ring), with round or square ends.
    static func arc(center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double,
                    color: RGBA, roundCaps: Bool) -> AntialiasedMesh {
        let closed = sweepDegrees >= 360
        let sweep = min(sweepDegrees, 360) * .pi / 180
        let length = sweep * radius  // along the middle line, pixels
        let squareFade = closed || roundCaps ? 1 : min(length, 1)  // a sliver shorter than a pixel fades
        var mesh = AntialiasedMesh(color: color, strength: min(width, 1) * squareFade)
        guard [center.x, center.y, radius, width, fromDegrees, sweepDegrees].allSatisfy(\.isFinite),
              width > 0, radius > 0, sweepDegrees > 0, mesh.strength > 0 else { return mesh }
        let half = max(width / 2, 0.5)
        let profile = [(radius - half - 0.5, 0.0), (radius - half + 0.5, 1), (radius + half - 0.5, 1), (radius + half + 0.5, 0)]
            .map { (max($0.0, 0), $0.1) }
        let steps = Self.steps(for: sweep, radius: radius + half + 0.5)
        let from = fromDegrees * .pi / 180
        var columns: [[Int32]] = []
        for k in 0...steps {
            if closed && k == steps { columns.append(columns[0]); break }
            let angle = from + sweep * Double(k) / Double(steps)
            // Square ends are pulled in half a pixel (at most to the middle) so their strip sits across the cut.
            let inward = closed || roundCaps ? 0 : min(0.5, length / 2) * (k == 0 ? 1 : k == steps ? -1 : 0)
            columns.append(profile.map { r, alpha in
                mesh.vertex(Self.point(center, angle, r, along: inward), alpha: alpha)
            })
        }
        for k in 0..<steps { mesh.band(columns[k], columns[k + 1]) }
        guard !closed else { return mesh }
        let ends = [(columns[0], from, -1.0), (columns[steps], from + sweep, 1.0)]
        for (column, angle, outward) in ends {
            if roundCaps {
                mesh.roundCap(column, center: Self.point(center, angle, radius, along: 0), angle: angle,
                              outward: outward, half: half)
            } else {
                let cut = profile.map { r, _ in mesh.vertex(Self.point(center, angle, r, along: outward * 0.5), alpha: 0) }
                outward < 0 ? mesh.band(cut, column) : mesh.band(column, cut)
            }
        }
        return mesh
    }

    /// A filled circle of `radius` pixels.
    static func disc(center: Point, radius: Double, color: RGBA) -> AntialiasedMesh {
        var mesh = AntialiasedMesh(color: color, strength: min(2 * radius, 1))
        guard [center.x, center.y, radius].allSatisfy(\.isFinite), radius > 0 else { return mesh }
        let steps = Self.steps(for: 2 * .pi, radius: radius + 0.5)
        let middle = mesh.vertex(center, alpha: 1)
        let ring = (0..<steps).map { k -> [Int32] in
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            return [mesh.vertex(Self.point(center, angle, max(radius - 0.5, 0), along: 0), alpha: 1),
                    mesh.vertex(Self.point(center, angle, radius + 0.5, along: 0), alpha: 0)]
        }
        for k in 0..<steps {
            let (a, b) = (ring[k], ring[(k + 1) % steps])
            mesh.triangle(middle, a[0], b[0])
            mesh.quad(a[0], a[1], b[1], b[0])
        }
        return mesh
    }

    /// Slices for `sweep` radians at `radius` so that no chord strays more than a tenth of a
    /// pixel from the circle.
    private static func steps(for sweep: Double, radius: Double) -> Int {
        let step = radius > 0.1 ? 2 * acos(1 - 0.1 / radius) : .pi / 2
        return min(max(Int((sweep / step).rounded(.up)), 1), 2048)
    }

    /// The point at `angle` radians and `radius` from `center`, moved `along` pixels along
    /// the clockwise tangent there.
    private static func point(_ center: Point, _ angle: Double, _ radius: Double, along: Double) -> Point {
        let (c, s) = (cos(angle), sin(angle))
        return Point(x: center.x + radius * c - along * s, y: center.y + radius * s + along * c)
    }

    /// Half a disc on the end `column` of a stroke (its radial line through `capCenter`),
    /// bulging `outward` (−1: backwards, against the stroke; 1: forwards), reusing the
    /// column's vertices so the cap and the stroke share their edge.
    private mutating func roundCap(_ column: [Int32], center capCenter: Point, angle: Double, outward: Double,
                                   half: Double) {
        let middle = vertex(capCenter, alpha: 1)
        let steps = max(2, Self.steps(for: .pi, radius: half + 0.5))
        var previous = (core: column[2], rim: column[3])  // the spoke pointing away from the ring's centre
        for k in 1...steps {
            let last = k == steps
            // Turn from the outer spoke through the cap's tip to the inner spoke.
            let turn = angle + outward * Double.pi * Double(k) / Double(steps)
            let direction = (x: cos(turn), y: sin(turn))
            let spoke = last ? (core: column[1], rim: column[0])
                : (core: vertex(Point(x: capCenter.x + (half - 0.5) * direction.x, y: capCenter.y + (half - 0.5) * direction.y), alpha: 1),
                   rim: vertex(Point(x: capCenter.x + (half + 0.5) * direction.x, y: capCenter.y + (half + 0.5) * direction.y), alpha: 0))
            triangle(middle, previous.core, spoke.core)
            quad(previous.core, previous.rim, spoke.rim, spoke.core)
            previous = spoke
        }
    }

    /// Quads between two columns of the stroke profile (inner rim, inner solid, outer solid,
    /// outer rim).
    private mutating func band(_ a: [Int32], _ b: [Int32]) {
        for i in 0..<a.count - 1 { quad(a[i], a[i + 1], b[i + 1], b[i]) }
    }

    private mutating func vertex(_ p: Point, alpha: Double) -> Int32 {
        let a = UInt8((Double(color.a) * alpha * strength).rounded())
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                                   color: SDL_Color(r: color.r, g: color.g, b: color.b, a: a),
                                   tex_coord: SDL_FPoint(x: 0, y: 0)))
        return Int32(vertices.count - 1)
    }

    private mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) { indices += [a, b, c] }

    private mutating func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) { indices += [a, b, c, a, c, d] }
}
