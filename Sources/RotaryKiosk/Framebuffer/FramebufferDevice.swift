import CLinuxPanel
import Glibc

/// A Linux framebuffer device (`/dev/fbN`) opened for drawing: its format from
/// `FBIOGET_VSCREENINFO`/`FBIOGET_FSCREENINFO`, its memory mapped, one page shown while the
/// other is drawn where the driver pans (`FBIOPAN_DISPLAY`) over room for two, and its
/// vertical blank where `FBIO_WAITFORVSYNC` works. Closed with this object.
final class FramebufferDevice {
    /// The device's path, e.g. "/dev/fb0".
    let path: String
    /// The visible picture's layout.
    let format: FramebufferFormat
    /// How many pages are drawn in turn: 2 where the driver pans between two, else 1 (also
    /// from the first time panning fails).
    private(set) var pages: Int
    /// Whether `FBIO_WAITFORVSYNC` waits for the panel's vertical blank here (see ``vsyncWaits(_:)``).
    let hasVsync: Bool
    /// The panel's refresh rate, hertz: from the mode's timings, or 60 where they are not set.
    let refreshRate: Double
    /// The driver's name for itself (`fb_fix_screeninfo.id`), e.g. "virtio_gpudrmfb", "fb_ili9341".
    let driver: String
    private let fd: Int32
    /// The mapping, and where the framebuffer starts in it (`smem_start` need not be
    /// page-aligned, and the mapping starts at its page).
    private let mapping: UnsafeMutableRawPointer
    private let memory: UnsafeMutableRawPointer
    private let length: Int
    private var screen: fb_var_screeninfo
    /// The page on show.
    private(set) var front = 0

    /// Opens and maps `path`. Throws with a message for a person when it cannot be drawn into.
    init(path: String) throws {
        self.path = path
        fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let why = String(cString: strerror(errno))
            let hint = errno == EACCES ? " (is this user in the 'video' group? see ls -l \(path))" : ""
            throw KioskError.framebuffer("cannot open \(path): \(why)\(hint)")
        }
        var variable = fb_var_screeninfo(), fixed = fb_fix_screeninfo()
        guard rotary_fb_get_var(fd, &variable) == 0, rotary_fb_get_fix(fd, &fixed) == 0 else {
            close(fd)
            throw KioskError.framebuffer("\(path) is not a framebuffer device")
        }
        driver = withUnsafeBytes(of: fixed.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let format = Self.format(variable, fixed)
        let size = Int(fixed.smem_len)
        // The visible picture where the driver shows it now (a console may have panned).
        let shown = Int(variable.yoffset) * format.lineLength + Int(variable.xoffset) * format.bytesPerPixel
        var problem = format.problem
        if fixed.type != UInt32(FB_TYPE_PACKED_PIXELS) || ![FB_VISUAL_TRUECOLOR, FB_VISUAL_DIRECTCOLOR].contains(Int32(fixed.visual)) {
            problem = "not packed true-colour pixels (type \(fixed.type), visual \(fixed.visual))"
        } else if variable.grayscale > 1 || variable.nonstd != 0 {
            problem = "a non-standard pixel format (FOURCC or nonstd \(variable.nonstd))"
        } else if problem == nil, size < shown + format.pageBytes {
            problem = "\(size) bytes of memory, too few for the picture shown (\(format.pageBytes) bytes from byte \(shown))"
        }
        if let problem {
            close(fd)
            throw KioskError.framebuffer("\(path) (\(format.description)) cannot be drawn into: \(problem)")
        }
        let inPage = Int(fixed.smem_start % UInt(sysconf(Int32(_SC_PAGESIZE))))
        let length = size + inPage
        guard let mapping = rotary_map_shared(fd, length) else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw KioskError.framebuffer("cannot map \(path)'s memory: \(why)")
        }
        self.format = format
        self.mapping = mapping
        memory = mapping + inPage
        self.length = length
        // Two pages only where the memory holds them and the driver really pans to both.
        var second = variable, first = variable
        second.xoffset = 0
        second.yoffset = variable.yres
        first.xoffset = 0
        first.yoffset = 0
        let roomForTwo = Int(variable.yres_virtual) >= 2 * Int(variable.yres) && size >= 2 * format.pageBytes
        if roomForTwo, rotary_fb_pan(fd, &second) == 0, rotary_fb_pan(fd, &first) == 0 {
            pages = 2
            screen = first
        } else {
            pages = 1
            screen = variable
        }
        hasVsync = Self.vsyncWaits(fd)
        refreshRate = Self.refreshRate(variable)
    }

    deinit {
        if pages == 2, front != 0 { show(page: 0) }  // the console's picture is on the first
        munmap(mapping, length)
        close(fd)
    }

    /// The first byte of the visible picture of `page` (0 or 1; the one on show when the
    /// device has one page).
    func start(ofPage page: Int) -> UnsafeMutableRawPointer {
        let top = pages == 2 ? page * format.height : Int(screen.yoffset)
        return memory + top * format.lineLength + Int(screen.xoffset) * format.bytesPerPixel
    }

    /// Shows page `page` (devices with two pages); false when the driver refused, and from
    /// then on the device draws on one page, the one on show.
    @discardableResult
    func show(page: Int) -> Bool {
        guard pages == 2 else { return true }
        var next = screen
        next.yoffset = UInt32(page * format.height)
        guard rotary_fb_pan(fd, &next) == 0 else {
            pages = 1
            screen.yoffset = UInt32(front * format.height)
            return false
        }
        screen = next
        front = page
        return true
    }

    /// Waits for the panel's next vertical blank, where the driver can.
    func waitForVsync() {
        if hasVsync { _ = rotary_fb_wait_for_vsync(fd) }
    }

    /// Whether `FBIO_WAITFORVSYNC` on `fd` really waits for the panel: two in a row must take
    /// at least 4 ms (a refresh at up to 250 Hz). Some drivers answer at once without waiting
    /// (virtio-gpu's fbdev emulation does): trusted, they would let frames run as fast as
    /// input comes.
    static func vsyncWaits(_ fd: Int32) -> Bool {
        guard rotary_fb_wait_for_vsync(fd) == 0 else { return false }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        guard rotary_fb_wait_for_vsync(fd) == 0 else { return false }
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9 >= 0.004
    }

    /// The layout `FBIOGET_VSCREENINFO` and `FBIOGET_FSCREENINFO` describe.
    static func format(_ variable: fb_var_screeninfo, _ fixed: fb_fix_screeninfo) -> FramebufferFormat {
        FramebufferFormat(width: Int(variable.xres), height: Int(variable.yres), bitsPerPixel: Int(variable.bits_per_pixel),
                          red: .init(offset: Int(variable.red.offset), length: Int(variable.red.length)),
                          green: .init(offset: Int(variable.green.offset), length: Int(variable.green.length)),
                          blue: .init(offset: Int(variable.blue.offset), length: Int(variable.blue.length)),
                          alpha: variable.transp.length > 0
                              ? .init(offset: Int(variable.transp.offset), length: Int(variable.transp.length)) : nil,
                          lineLength: Int(fixed.line_length))
    }

    /// Refreshes per second from the mode's pixel clock (picoseconds) and its margins and
    /// syncs; 60 where the driver leaves them unset (most do outside CRT-like timings).
    static func refreshRate(_ v: fb_var_screeninfo) -> Double {
        let columns = Double(v.xres) + Double(v.left_margin) + Double(v.right_margin) + Double(v.hsync_len)
        let rows = Double(v.yres) + Double(v.upper_margin) + Double(v.lower_margin) + Double(v.vsync_len)
        guard v.pixclock > 0, columns > 0, rows > 0 else { return 60 }
        let hertz = 1e12 / (Double(v.pixclock) * columns * rows)
        return (20...240).contains(hertz) ? hertz : 60
    }
}
