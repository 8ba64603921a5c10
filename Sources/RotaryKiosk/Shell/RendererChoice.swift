import ArgumentParser
import Foundation
import RotarySDL

/// Which renderer the kiosk is asked for (`--renderer`).
public enum RendererRequest: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// SDL's software renderer wherever the only OpenGL is a CPU rasteriser (no GPU at all,
    /// or Mesa's llvmpipe), an accelerated one on a real GPU. The default.
    case auto
    /// SDL's software renderer.
    case software
    /// An accelerated (OpenGL/GLES) renderer where SDL has one, whatever draws behind it.
    case accelerated
}

/// The renderer the kiosk draws with, and why, in words for the log.
struct RendererChoice {
    let renderer: Renderer
    let reason: String

    /// What `auto` decides, and why.
    enum Verdict: Equatable {
        case software(why: String)
        case accelerated(why: String)
    }

    /// `auto`'s rule: a machine without a device in /dev/dri has no GPU, so every OpenGL there
    /// is Mesa's CPU rasteriser (slower than SDL's software renderer and three times the
    /// memory): software, without loading OpenGL at all. With a device, the accelerated
    /// renderer is kept unless its driver names a CPU rasteriser. `glRenderer` makes the
    /// accelerated renderer and tells what its OpenGL driver is called (nil: not OpenGL, or
    /// no accelerated renderer at all); it is asked only where there is a device.
    static func auto(hasGPUDevice: Bool, glRenderer: () -> String?) -> Verdict {
        guard hasGPUDevice else { return .software(why: "no GPU device in /dev/dri") }
        guard let name = glRenderer() else { return .accelerated(why: "a GPU device, and SDL's accelerated renderer") }
        if Renderer.isSoftwareRasteriser(glRenderer: name) {
            return .software(why: "OpenGL here is \(name), a rasteriser on the CPU")
        }
        return .accelerated(why: "OpenGL on a GPU: \(name)")
    }

    /// Makes the renderer `request` asks for on `window`. `forcedSoftware` (why) overrides
    /// it: replays and headless pictures are drawn by the software renderer, so the same
    /// trace gives the same pixels everywhere.
    static func make(window: Window, request: RendererRequest, forcedSoftware: String?) throws -> RendererChoice {
        if let forcedSoftware { return try software(window, why: forcedSoftware) }
        switch request {
        case .software:
            return try software(window, why: "asked for (--renderer software)")
        case .accelerated:
            do {
                let renderer = try accelerated(window)
                let gl = renderer.glRenderer.map { ", OpenGL: \($0)" } ?? ""
                return RendererChoice(renderer: renderer, reason: "asked for (--renderer accelerated)\(gl)")
            } catch {
                return try software(window, why: "no accelerated renderer (\(error))")
            }
        case .auto:
            var probed: Renderer?
            let verdict = auto(hasGPUDevice: hasGPUDevice()) {
                probed = try? accelerated(window)
                return probed?.glRenderer
            }
            if case .accelerated(let why) = verdict, let probed { return RendererChoice(renderer: probed, reason: "auto: \(why)") }
            probed = nil  // an SDL window has one renderer: the probe goes before the next is made
            switch verdict {
            case .software(let why): return try software(window, why: "auto: \(why)")
            case .accelerated: return try software(window, why: "auto: no accelerated renderer could be made")
            }
        }
    }

    private static func software(_ window: Window, why: String) throws -> RendererChoice {
        RendererChoice(renderer: try Renderer(window: window, kind: .software, vsync: false), reason: why)
    }

    private static func accelerated(_ window: Window) throws -> Renderer {
        try Renderer(window: window, kind: .accelerated, vsync: true)
    }

    /// Whether /dev/dri holds a GPU device (a render node or a card).
    private static func hasGPUDevice() -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return entries.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
    }
}
