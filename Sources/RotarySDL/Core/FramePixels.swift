/// The pixels a software renderer draws into, as ``Renderer/withFramePixels(_:)`` hands them
/// over: the whole target, `width`×`height` pixels.
struct FramePixels {
    /// The pixels, window pixel (0, 0) first.
    let target: RasterTarget
    /// Size of the target, pixels: nothing may be written outside it.
    let width: Int, height: Int
    /// Whether the target keeps alpha (ARGB8888); an RGB888 target's top byte is padding.
    let keepsAlpha: Bool
}
