import Foundation
import RotaryKit
import RotarySDL
@testable import RotaryKiosk
@testable import RotaryKioskCore

/// Renders kiosk screens with SDL's software renderer into memory, as the app does headless.
/// SDL is initialised once for the test process, with the offscreen video driver.
enum OffscreenRendering {
    nonisolated(unsafe) static let system = try! SDLSystem(videoDriver: "offscreen")
    /// One book for the test process: a FontBook (and FreeType's faces in it) serves one
    /// thread at a time, so every use goes through ``withFonts(_:)``.
    nonisolated(unsafe) private static let fonts = FontBook(path: try! FontLocator.locate(Theme().fontPattern))
    private static let fontLock = NSLock()

    /// `body` with the shared font book, while no other test uses it.
    static func withFonts<T>(_ body: (FontBook) throws -> T) rethrows -> T {
        fontLock.lock()
        defer { fontLock.unlock() }
        return try body(fonts)
    }

    /// `session` drawn once as the kiosk draws it, overlay and all, as a picture.
    static func render(_ session: KioskSession) throws -> Surface {
        try render(session.screen, overlay: ScreenOverlay(session))
    }

    /// `screen` drawn once, as a picture.
    static func render(_ screen: KioskScreen, theme: Theme = Theme(), overlay: ScreenOverlay = ScreenOverlay()) throws -> Surface {
        _ = system
        let surface = try Surface(width: Int(screen.layout.width), height: Int(screen.layout.height))
        let renderer = try Renderer(surface: surface)
        try withFonts { fonts in
            let executor = DrawListExecutor(renderer: renderer, fonts: fonts)
            try executor.draw(KioskView(screen: screen, theme: theme).drawList(screen, overlay: overlay))
            if let failure = executor.failures.first { throw SDLError("drawing the kiosk", message: failure) }
        }
        renderer.present()
        return try renderer.readPixels()
    }

    /// The kiosk screen with every control: the demo programs in two categories, set points
    /// on the first of each, in a `width`×`height` window.
    static func fullScreen(width: Double, height: Double, rotation: Int = 0) throws -> KioskScreen {
        let layout = try withFonts { try ScreenLayout(width: width, height: height, rotation: rotation, hasStrip: true, hasSetting: true)
            .measuringStrip(Program.demoCategories, with: $0) }
        return KioskScreen(layout: layout, programs: Program.demoInCategories, dialMinutes: Program.defaultDialMinutes,
                           categories: Program.demoCategories)
    }
}
