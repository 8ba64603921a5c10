import RotaryKit
import RotarySDL

/// The kiosk on a framebuffer: SDL's software renderer draws into a picture in memory, and
/// each frame only the regions that changed are converted into the device's memory. With two
/// pages, the page not on show is brought up to date (this frame's regions and the last
/// one's, which it missed) and then shown; with one, the regions go straight to the panel,
/// after the vertical blank where the driver has one.
final class FramebufferPanel {
    let device: FramebufferDevice
    /// The picture the kiosk draws, the panel's size.
    let picture: Surface
    /// The software renderer drawing into ``picture``.
    let renderer: Renderer
    private let copier: FramebufferCopy
    /// The regions the last frame changed (nil: all of it), which the back page lacks.
    private var lastRegions: [Rect]?

    /// A panel on `device`, its picture cleared to black.
    init(device: FramebufferDevice) throws {
        self.device = device
        picture = try Surface(width: device.format.width, height: device.format.height)
        renderer = try Renderer(surface: picture)
        copier = FramebufferCopy(format: device.format)
    }

    /// Whether presenting waits for the panel (its vertical blank): then the loop needs no pacer.
    var presentsAtDisplayPace: Bool { device.hasVsync }

    /// Puts `regions` (pixels; nil: the whole picture) of what the renderer presented on the
    /// panel, first waiting for its vertical blank where it has one, unless `pacing` is false.
    func show(_ regions: [Rect]?, pacing: Bool = true) {
        let whole = [Rect(x: 0, y: 0, width: Double(device.format.width), height: Double(device.format.height))]
        let now = regions ?? whole
        picture.withPixels { pixels, stride in
            if device.pages == 2 {
                let back = 1 - device.front
                for rect in now + (lastRegions ?? whole) {
                    copier.copy(rect, from: pixels, sourceStride: stride, to: device.start(ofPage: back))
                }
                if pacing { device.waitForVsync() }
                if !device.show(page: back) {  // the driver stopped panning: one page from now, the one on show
                    copier.copy(whole[0], from: pixels, sourceStride: stride, to: device.start(ofPage: device.front))
                }
            } else {
                if pacing { device.waitForVsync() }
                for rect in now { copier.copy(rect, from: pixels, sourceStride: stride, to: device.start(ofPage: 0)) }
            }
        }
        lastRegions = regions
    }
}
