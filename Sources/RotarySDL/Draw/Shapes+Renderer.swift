import CSDL2
import RotaryKit

extension Renderer {
    /// Fills `rect` (window pixels; the whole target when nil) with `color`, blended by the
    /// renderer's draw blend mode (blended unless a program changed it).
    public func fill(_ color: RGBA, rect: Rect? = nil) throws {
        try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
        if let rect {
            var r = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
            try check(SDL_RenderFillRectF(pointer, &r), "SDL_RenderFillRectF")
        } else {
            try check(SDL_RenderFillRect(pointer, nil), "SDL_RenderFillRect")
        }
    }

    /// Strokes an arc `width` pixels wide centred on `radius` pixels around `center`, from
    /// screen angle `fromDegrees` clockwise through `sweepDegrees` (≥ 360: a full ring), with
    /// anti-aliased edges and square or round ends, as triangles (it may change every frame,
    /// so it is not worth a texture).
    public func strokeArc(center: Point, radius: Double, width: Double, fromDegrees: Double, sweepDegrees: Double,
                          color: RGBA, roundCaps: Bool = false) throws {
        try draw(AntialiasedMesh.arc(center: center, radius: radius, width: width, fromDegrees: fromDegrees,
                                     sweepDegrees: sweepDegrees, color: color, roundCaps: roundCaps))
    }

    /// Fills a circle of `radius` pixels around `center` with anti-aliased edges.
    public func fillDisc(center: Point, radius: Double, color: RGBA) throws {
        try draw(AntialiasedMesh.disc(center: center, radius: radius, color: color))
    }

    private func draw(_ mesh: AntialiasedMesh) throws {
        guard !mesh.indices.isEmpty else { return }
        try check(SDL_RenderGeometry(pointer, nil, mesh.vertices, Int32(mesh.vertices.count), mesh.indices,
                                     Int32(mesh.indices.count)), "SDL_RenderGeometry")
    }
}
