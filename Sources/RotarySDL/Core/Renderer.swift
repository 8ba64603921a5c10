import CSDL2

/// An SDL renderer for one window or surface, destroyed with this object (and, by SDL, every
/// texture made from it: textures hold a strong reference to their renderer for that
/// reason, except the few it keeps for itself, which it destroys first) unless it was
/// adopted from the program (``init(adopting:)``).
public final class Renderer {
    let pointer: OpaquePointer
    /// The window or surface drawn on, kept alive as long as the renderer (nil: adopted).
    private let target: AnyObject?
    /// Whether `deinit` destroys the SDL renderer (false for one the program owns).
    private let owned: Bool
    /// Whether SDL draws with the CPU (its software renderer), which snaps the corners of
    /// triangles to whole pixels: soft edges are then worked out per pixel instead.
    let isSoftware: Bool
    /// The pixel format of the window or surface a software renderer draws into (nil:
    /// accelerated, or adopted from a program).
    let targetFormat: UInt32?
    /// Soft shapes recently cut for the software renderer.
    var shapeRasters = ShapeRasterCache()
    /// Rows of one colour in the target's format, copied to fill it (see ``fill(_:rect:)``):
    /// textures that do not hold the renderer, destroyed before it.
    var solidTiles = BoundedCache<SolidTileKey, Texture>(limit: 4)

    /// Which rasteriser to ask SDL for.
    public enum Kind: String, Sendable, CaseIterable {
        /// SDL's software renderer: always there, the one kiosks without a GPU use.
        case software
        /// The best accelerated renderer SDL has (OpenGL/GLES), with vsync.
        case accelerated
    }

    /// Creates a renderer of `kind` for `window`; `vsync` paces presents to the display.
    public init(window: Window, kind: Kind, vsync: Bool) throws {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0).lowercased() } ?? ""
        if kind == .software, Self.driversWithFramebuffer.contains(driver) {
            // Draw straight into the window's own framebuffer where the driver has one,
            // rather than through a hidden OpenGL texture: on the offscreen driver that would
            // load Mesa and LLVM (+130 MB) only to copy pixels. KMSDRM and Wayland have no
            // framebuffer of their own: there SDL must keep its texture path, or no software
            // renderer exists.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        if kind == .accelerated, driver == "kmsdrm", SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil {
            // On KMSDRM the context comes from EGL on GBM: SDL's desktop OpenGL renderer there
            // presented black frames (Mesa kms_swrast on virtio-gpu, seen in the VM test);
            // OpenGL ES 2 is the API that stack is made for.
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengles2")
        }
        var flags = kind == .software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window.pointer, -1, flags) else {
            throw SDLError("SDL_CreateRenderer(\(kind.rawValue))")
        }
        pointer = renderer
        target = window
        owned = true
        isSoftware = Self.isSoftware(renderer)
        // A software renderer draws into the window's surface, made when it was created.
        targetFormat = isSoftware ? SDL_GetWindowSurface(window.pointer).map { $0.pointee.format.pointee.format } : nil
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// A software renderer drawing into `surface`, with no window and no video driver:
    /// what golden-image tests and headless tools draw with.
    public init(surface: Surface) throws {
        guard let renderer = SDL_CreateSoftwareRenderer(surface.pointer) else {
            throw SDLError("SDL_CreateSoftwareRenderer")
        }
        pointer = renderer
        target = surface
        owned = true
        isSoftware = true
        targetFormat = surface.pointer.pointee.format.pointee.format
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Wraps a program's own `SDL_Renderer` to draw with it (embedding Rotary's controls in a
    /// game or app): no hints are set, no state is changed, and it is never destroyed here.
    /// The program initialises SDL video and must keep its renderer alive for as long as
    /// this object and every texture or ``DrawListExecutor`` made with it.
    public init(adopting renderer: OpaquePointer) {
        pointer = renderer
        target = nil
        owned = false
        isSoftware = Self.isSoftware(renderer)
        targetFormat = nil
    }

    /// SDL 2.26's video drivers that hand a software renderer a framebuffer of their own
    /// (X11 through MIT-SHM), which keeps its pixels between frames.
    private static let driversWithFramebuffer: Set<String> = ["x11", "offscreen", "dummy"]

    private static func isSoftware(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    deinit {
        // Its own textures go first: after SDL_DestroyRenderer they point at freed memory.
        solidTiles.removeAll()
        if owned { SDL_DestroyRenderer(pointer) }
    }

    /// SDL's name for the renderer, e.g. "software", "opengl".
    public var name: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(pointer, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    /// The size of the drawing area in pixels.
    public func outputSize() throws -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        try check(SDL_GetRendererOutputSize(pointer, &w, &h), "SDL_GetRendererOutputSize")
        return (Int(w), Int(h))
    }

    /// Fills the whole target with a colour.
    public func clear(_ color: RGBA) throws {
        try check(SDL_SetRenderDrawColor(pointer, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(pointer), "SDL_RenderClear")
    }

    /// Waits until every drawing command so far has really been carried out (reads one
    /// pixel back), so a timing includes the GPU's work and not just its queueing.
    public func synchronise() throws {
        var pixel: UInt32 = 0
        var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        try check(SDL_RenderReadPixels(pointer, &rect, Surface.format, &pixel, 4), "SDL_RenderReadPixels")
    }

    /// Shows what was drawn.
    public func present() { SDL_RenderPresent(pointer) }

    /// Whether a present waits for the display's refresh (an accelerated renderer that SDL
    /// granted vsync): when false, a program drawing frame after frame paces itself. SDL's
    /// software renderer never waits, whatever its flags say (on X11 SDL 2.26 reports vsync
    /// for it, and presents hundreds of frames a second).
    public var presentsAtDisplayPace: Bool {
        var info = SDL_RendererInfo()
        return !isSoftware && SDL_GetRendererInfo(pointer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    }

    /// Whether what was drawn stays in the target from one frame to the next, so that a frame
    /// may redraw only what changed (``DrawListExecutor/drawChanges(_:)``): true for the
    /// software renderer on a surface or a window, whose pixels SDL keeps (in the window's
    /// own framebuffer on X11, or in the surface behind its framebuffer texture on KMSDRM and
    /// Wayland). A GPU's back buffer promises nothing after a present, and an adopted
    /// renderer is the program's business.
    public var keepsFrame: Bool { isSoftware && owned }

    /// Shows `regions` (target pixels) of what was drawn, or everything when nil. Where the
    /// target keeps its frame (``keepsFrame``) only those rectangles go to the display
    /// (`SDL_UpdateWindowSurfaceRects`: on X11 a shared-memory copy per rectangle; on
    /// KMSDRM one texture upload of the rows they span), without waiting for vsync: the
    /// caller paces. Elsewhere, or with nil, this is ``present()``.
    public func present(regions: [Rect]?) {
        guard let regions, keepsFrame, let window = target as? Window else {
            SDL_RenderPresent(pointer)
            return
        }
        SDL_RenderFlush(pointer)  // SDL may still hold drawing commands in its batch
        guard !regions.isEmpty else { return }
        var rects = regions.map(SDL_Rect.init(wholePixels:))
        SDL_UpdateWindowSurfaceRects(window.pointer, &rects, Int32(rects.count))
    }

    /// Hands `body` the pixels the renderer draws into (``FramePixels``), once SDL has carried
    /// out every command queued so far; returns false without calling it unless this renderer
    /// draws with the CPU (``keepsFrame``) straight into a window's framebuffer or a surface of
    /// 32-bit 0x··RRGGBB pixels. Writing there spares the copy through a texture, and the
    /// texture itself. What `body` writes is final: SDL's clip does not apply.
    func withFramePixels(_ body: (FramePixels) throws -> Void) throws -> Bool {
        guard keepsFrame, SDL_GetRenderTarget(pointer) == nil else { return false }
        let surface: UnsafeMutablePointer<SDL_Surface>?
        switch target {
        case let window as Window: surface = SDL_GetWindowSurface(window.pointer)
        case let owned as Surface: surface = owned.pointer
        default: surface = nil
        }
        guard let surface, let format = surface.pointee.format?.pointee.format,
              Self.wordFormats.contains(format), surface.pointee.pitch % 4 == 0 else { return false }
        SDL_RenderFlush(pointer)
        try check(SDL_LockSurface(surface), "SDL_LockSurface")
        defer { SDL_UnlockSurface(surface) }
        guard let pixels = surface.pointee.pixels else { return false }
        let target = RasterTarget(pixels: pixels.assumingMemoryBound(to: UInt32.self), stride: Int(surface.pointee.pitch) / 4)
        try body(FramePixels(target: target, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
                             keepsAlpha: format == SDL_PIXELFORMAT_ARGB8888.rawValue))
        return true
    }

    /// Pixel formats whose pixels are one native-endian 0xAARRGGBB word (alpha unused in
    /// the second): what the raster code writes.
    private static let wordFormats: Set<UInt32> = [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue]

    /// The OpenGL driver's name for the rasteriser behind an OpenGL or OpenGL ES renderer
    /// (`GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" or "V3D 4.2"), nil for any
    /// other renderer.
    public var glRenderer: String? {
        guard ["opengl", "opengles2"].contains(name), let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRendererName: UInt32 = 0x1F01  // GL_RENDERER
        return unsafeBitCast(address, to: GetString.self)(glRendererName).map { String(cString: $0) }
    }

    /// Whether `glRenderer` (a ``glRenderer`` string) names a rasteriser that runs on the CPU:
    /// Mesa's llvmpipe, softpipe and (kms_)swrast, or SwiftShader. Such an "accelerated"
    /// renderer is slower than SDL's own software renderer and costs far more memory.
    public static func isSoftwareRasteriser(glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader"].contains { name.contains($0) }
    }

    /// A copy of the current target's pixels.
    public func readPixels() throws -> Surface {
        let (width, height) = try outputSize()
        let surface = try Surface(width: width, height: height)
        try check(SDL_RenderReadPixels(pointer, nil, Surface.format, surface.pointer.pointee.pixels,
                                       surface.pointer.pointee.pitch), "SDL_RenderReadPixels")
        return surface
    }

    /// Writes the current target's pixels to a PNG file at `path`.
    public func savePNG(to path: String) throws {
        try readPixels().savePNG(to: path)
    }
}
