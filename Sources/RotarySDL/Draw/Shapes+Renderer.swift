import CSDL2
import RotaryKit

extension Renderer {
    /// Fills `rect` (x, y, width, height; the whole target when nil) with `color`, blended.
    public func fill(_ color: RGBA, rect: (x: Double, y: Double, w: Double, h: Double)? = nil) throws {
        try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
        if let rect {
            var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.w), h: Float(rect.h))
            try check(SDL_RenderFillRectF(pointer, &r), "SDL_RenderFillRectF")
        } else {
            try check(SDL_RenderFillRect(pointer, nil), "SDL_RenderFillRect")
        }
    }

    /// Strokes an arc `width` pixels wide centred on `radius`, from `fromDegrees` clockwise
    /// through `sweepDegrees`, as a strip of triangles (a progress ring: it changes every
    /// frame, so it is not worth a texture).
    public func strokeArc(center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double,
                          color: RGBA) throws {
        guard sweepDegrees > 0 else { return }
        let slices = max(1, Int((sweepDegrees / 3).rounded(.up)))
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        func vertex(_ degrees: Double, _ r: Double) -> SDL_Vertex {
            let p = Degrees.point(at: degrees, radius: r, around: center)
            return SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(slices * 6)
        for i in 0..<slices {
            let a0 = fromDegrees + sweepDegrees * Double(i) / Double(slices)
            let a1 = fromDegrees + sweepDegrees * Double(i + 1) / Double(slices)
            let (i0, o0) = (vertex(a0, radius - width / 2), vertex(a0, radius + width / 2))
            let (i1, o1) = (vertex(a1, radius - width / 2), vertex(a1, radius + width / 2))
            vertices += [i0, o0, o1, i0, o1, i1]
        }
        try check(SDL_RenderGeometry(pointer, nil, vertices, Int32(vertices.count), nil, 0), "SDL_RenderGeometry")
    }
}
