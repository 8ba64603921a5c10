import CLinuxPanel
import Glibc
import RotaryKit
import RotarySDL

/// Touchscreens, mice and keyboards through libinput (every device udev gives seat0), for
/// the framebuffer path where no SDL video driver reads input. Touches come normalised to
/// the panel through each device's calibration (udev's `LIBINPUT_CALIBRATION_MATRIX`,
/// which SDL's own evdev code ignores), the mouse's left button is one more finger, wheel
/// clicks are notches and keys have SDL's names: the same facts SDL's events become.
final class LibinputReader {
    private let context: OpaquePointer
    /// The panel's size, pixels: touches and absolute pointers are scaled to it.
    private let width: Double, height: Double
    /// Where each finger down was last seen, by libinput's seat-wide slot.
    private var fingers: [Int32: Point] = [:]
    /// Where the mouse points, panel pixels (relative motion moves it).
    private var cursor: Point
    private var mouseDown = false
    /// Wheel movement not yet a whole notch (high-resolution wheels send parts), 1/120 notches.
    private var wheelPart = 0.0
    /// The touch devices present now, by libinput's device, with their names.
    private var touchscreens: [OpaquePointer: String] = [:]
    /// The devices there at the start, for the log: "ELAN touchscreen (touch)".
    private(set) var startingDevices: [String] = []
    private var starting = true

    /// Reads seat0's devices for a panel of `width`×`height` pixels.
    init(width: Int, height: Int) throws {
        guard let context = rotary_libinput_create("seat0") else {
            throw KioskError.framebuffer("libinput cannot read seat0's input devices (is udev running?)")
        }
        self.context = context
        self.width = Double(width)
        self.height = Double(height)
        cursor = Point(x: Double(width) / 2, y: Double(height) / 2)
        _ = read()  // the devices already there
        starting = false
    }

    deinit { libinput_unref(context) }

    /// The names of the touch devices present now, sorted.
    var touchDeviceNames: [String] { touchscreens.values.sorted() }

    /// The descriptor that becomes readable when libinput has something.
    var descriptor: Int32 { libinput_get_fd(context) }

    /// What came since the last call (without waiting), in panel pixels and seconds.
    func read() -> [InputFact] {
        guard libinput_dispatch(context) == 0 else { return [] }
        var facts: [InputFact] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            if let fact = translate(event) { facts.append(fact) }
        }
        return facts
    }

    private func translate(_ event: OpaquePointer) -> InputFact? {
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED, LIBINPUT_EVENT_DEVICE_REMOVED:
            let device = libinput_event_get_device(event)
            guard let device else { return nil }
            let touch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
            let name = libinput_device_get_name(device).map { String(cString: $0) } ?? "?"
            if type == LIBINPUT_EVENT_DEVICE_ADDED, starting { startingDevices.append(touch ? "\(name) (touch)" : name) }
            if touch { touchscreens[device] = type == LIBINPUT_EVENT_DEVICE_ADDED ? name : nil }
            return nil
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            return touch(type, libinput_event_get_touch_event(event))
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
             LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            return pointer(type, libinput_event_get_pointer_event(event))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let key = libinput_event_get_keyboard_event(event)
            guard libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                  let name = EvdevKeys.name(libinput_event_keyboard_get_key(key)) else { return nil }
            return .input(.key(name))
        default:
            return nil
        }
    }

    private func touch(_ type: libinput_event_type, _ touch: OpaquePointer?) -> InputFact? {
        let slot = libinput_event_touch_get_seat_slot(touch)
        let time = Double(libinput_event_touch_get_time_usec(touch)) / 1e6
        let phase: PointerEvent.Phase
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            phase = type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .moved
            fingers[slot] = Point(x: libinput_event_touch_get_x_transformed(touch, UInt32(width)),
                                  y: libinput_event_touch_get_y_transformed(touch, UInt32(height)))
        case LIBINPUT_EVENT_TOUCH_UP:
            phase = .up
        default:
            phase = .cancelled
        }
        guard let point = fingers[slot] else { return nil }  // lifted before it was seen down
        if phase == .up || phase == .cancelled { fingers[slot] = nil }
        return .input(.pointer(PointerEvent(phase, finger: Int(slot), at: point, time: time)))
    }

    private func pointer(_ type: libinput_event_type, _ pointer: OpaquePointer?) -> InputFact? {
        let time = Double(libinput_event_pointer_get_time_usec(pointer)) / 1e6
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let x = type == LIBINPUT_EVENT_POINTER_MOTION ? cursor.x + libinput_event_pointer_get_dx(pointer)
                : libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(width))
            let y = type == LIBINPUT_EVENT_POINTER_MOTION ? cursor.y + libinput_event_pointer_get_dy(pointer)
                : libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(height))
            cursor = Point(x: min(max(x, 0), width - 1), y: min(max(y, 0), height - 1))
            guard mouseDown else { return nil }
            return .input(.pointer(PointerEvent(.moved, finger: InputMapper.mouseFinger, at: cursor, time: time)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard libinput_event_pointer_get_button(pointer) == UInt32(BTN_LEFT) else { return nil }
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            guard pressed != mouseDown else { return nil }
            mouseDown = pressed
            return .input(.pointer(PointerEvent(pressed ? .down : .up, finger: InputMapper.mouseFinger, at: cursor, time: time)))
        default:  // the wheel: 120 per notch, positive towards the person (SDL's negative y)
            let axis = LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL
            guard libinput_event_pointer_has_axis(pointer, axis) != 0 else { return nil }
            wheelPart += libinput_event_pointer_get_scroll_value_v120(pointer, axis)
            let notches = Int((wheelPart / 120).rounded(.towardZero))
            wheelPart -= Double(notches) * 120
            return notches == 0 ? nil : .input(.wheel(notches: notches, at: cursor))
        }
    }
}
