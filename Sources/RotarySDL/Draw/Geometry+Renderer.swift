import CSDL2
import RotaryKit

extension Renderer {
    /// Fills an annular sector between `innerRadius` and `outerRadius` from `startDegrees`
    /// clockwise to `endDegrees`, as a triangle strip with at most 3° per slice.
    public func fillAnnularSector(center: Point, innerRadius: Double, outerRadius: Double,
                                  startDegrees: Double, endDegrees: Double, color: RGBA) throws {
        let sweep = endDegrees - startDegrees
        guard sweep > 0, outerRadius > innerRadius else { return }
        let slices = max(1, Int((sweep / 3).rounded(.up)))
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(slices * 6)
        func vertex(_ degrees: Double, _ radius: Double) -> SDL_Vertex {
            let p = Degrees.point(at: degrees, radius: radius, around: center)
            return SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                              color: SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a),
                              tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        for slice in 0..<slices {
            let a0 = startDegrees + sweep * Double(slice) / Double(slices)
            let a1 = startDegrees + sweep * Double(slice + 1) / Double(slices)
            let (i0, o0, i1, o1) = (vertex(a0, innerRadius), vertex(a0, outerRadius),
                                    vertex(a1, innerRadius), vertex(a1, outerRadius))
            vertices += [i0, o0, o1, i0, o1, i1]
        }
        try check(SDL_RenderGeometry(pointer, nil, vertices, Int32(vertices.count), nil, 0), "SDL_RenderGeometry")
    }

    /// Fills a disc.
    public func fillDisc(center: Point, radius: Double, color: RGBA) throws {
        try fillAnnularSector(center: center, innerRadius: 0, outerRadius: radius,
                              startDegrees: 0, endDegrees: 360, color: color)
    }

    /// Fills a triangle.
    public func fillTriangle(_ a: Point, _ b: Point, _ c: Point, color: RGBA) throws {
        let vertices = [a, b, c].map {
            SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)),
                       color: SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a),
                       tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        try check(SDL_RenderGeometry(pointer, nil, vertices, 3, nil, 0), "SDL_RenderGeometry")
    }
}
