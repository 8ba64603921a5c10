import CLinuxPanel
import Glibc

/// The Linux virtual console the kiosk's framebuffer shows through, switched to graphics
/// (`KD_GRAPHICS`: no console text or cursor drawn over the picture) with its keyboard off
/// (`K_OFF`: keys reach the kiosk through libinput, not a shell), and given back as it was
/// when this object goes, or by a crash guard when the process crashes. systemd's
/// `TTYReset=yes` gives it back after a kill -9. An `exit` that skips this object's release
/// gives it back too (the guard's `atexit` handler).
final class VirtualConsole {
    /// The console's device, for the log ("standard input", "/dev/tty").
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let keyboard: Int32
    /// Whether ``takeOver()`` switched it, so there is something to give back.
    private var taken = false

    /// The console the process runs on: standard input where that is a virtual console
    /// (systemd's `TTYPath=`), else its controlling terminal if it is one; nil when neither is.
    static func current() -> VirtualConsole? {
        if textMode(of: STDIN_FILENO) != nil { return VirtualConsole(fd: STDIN_FILENO, owns: false, name: "standard input") }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return nil }
        guard textMode(of: tty) != nil else {
            close(tty)
            return nil
        }
        return VirtualConsole(fd: tty, owns: true, name: "/dev/tty")
    }

    /// Whether the virtual console on `fd` shows text (true) or graphics (false), or nil
    /// when `fd` is no virtual console.
    static func textMode(of fd: Int32) -> Bool? {
        var mode: Int32 = 0
        guard rotary_kd_get_mode(fd, &mode) == 0 else { return nil }
        return mode == KD_TEXT
    }

    private init(fd: Int32, owns: Bool, name: String) {
        self.fd = fd
        ownsDescriptor = owns
        self.name = name
        var keyboard: Int32 = K_UNICODE
        // Off already: left so by a kiosk that did not end cleanly. Given back as Unicode.
        if rotary_kd_get_keyboard(fd, &keyboard) != 0 || keyboard == K_OFF { keyboard = K_UNICODE }
        self.keyboard = keyboard
    }

    /// Whether the console shows text now: false when something else (an X server, a kiosk
    /// killed outside systemd) left it in graphics mode.
    var showsText: Bool { Self.textMode(of: fd) == true }

    /// Switches to graphics with the keyboard off; false when the console refused (not the
    /// process's to change).
    func takeOver() -> Bool {
        guard rotary_kd_set_mode(fd, KD_GRAPHICS) == 0 else { return false }
        _ = rotary_kd_set_keyboard(fd, K_OFF)
        rotary_console_guard(fd, keyboard)
        taken = true
        return true
    }

    deinit {
        if taken {
            rotary_console_guard(-1, keyboard)
            _ = rotary_kd_set_mode(fd, KD_TEXT)
            _ = rotary_kd_set_keyboard(fd, keyboard)
        }
        if ownsDescriptor { close(fd) }
    }
}
