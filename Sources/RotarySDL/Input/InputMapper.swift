import CSDL2
import RotaryKit

/// Translates SDL events at the edge, once: touch fingers (normalised coordinates to window
/// pixels), the mouse as one more finger, wheel, keys, window changes, exposure and quit.
///
/// Touch and mouse are never counted twice: mouse events SDL synthesised from touch
/// (`which == SDL_TOUCH_MOUSEID`) and touch events it synthesised from the mouse
/// (`touchId == SDL_MOUSE_TOUCHID`) are dropped. Finger events are taken whatever their
/// window id, because KMSDRM sends them with window id 0.
public struct InputMapper: Sendable {
    /// The finger id the mouse's left button uses (touch fingers keep SDL's ids).
    public static let mouseFinger = PointerEvent.mouseFinger
    /// Window width in pixels: a touch's normalised x (0…1) is multiplied by it. Update it
    /// when the window is resized, or call ``follow(_:)`` instead (after it, these two are not
    /// used).
    public var windowWidth: Double
    /// Window height in pixels: a touch's normalised y (0…1) is multiplied by it.
    public var windowHeight: Double
    private var mouseDown = false
    /// Where touches (normalised 0…1) and the mouse (SDL's coordinates) land in the
    /// program's drawing space, once ``follow(_:)`` was called; nil: touches by
    /// ``windowWidth`` and ``windowHeight``, the mouse as SDL gives it.
    private var spaces: (touch: DrawScale, mouse: DrawScale)?

    /// A mapper for a window of `windowWidth`×`windowHeight` pixels.
    public init(windowWidth: Double, windowHeight: Double) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
    }

    /// Maps touches and the mouse into the space the program draws in on `renderer` (a
    /// window's), as the ``DrawListExecutor`` draws in it: with a logical size
    /// (SDL already gives the mouse in it and touches normalised over it), with a render
    /// scale and viewport, and on a high-DPI window (`SDL_WINDOW_ALLOW_HIGHDPI`, where the
    /// output has more pixels than the window has points). Call it again whenever any of
    /// them changes (a resize: ``InputFact/layoutChanged``).
    public mutating func follow(_ renderer: Renderer) throws {
        let output = try renderer.outputSize()
        var pointsWide = Int32(output.width), pointsHigh = Int32(output.height)  // a surface's renderer: no points
        if let window = SDL_RenderGetWindow(renderer.pointer) { SDL_GetWindowSize(window, &pointsWide, &pointsHigh) }
        let space = ProgramSpace(of: renderer)
        spaces = Self.spaces(logical: space.logicalSize, output: (Double(output.width), Double(output.height)),
                             window: (Double(max(1, pointsWide)), Double(max(1, pointsHigh))), program: space.transform)
    }

    /// Where touches (normalised) and the mouse land in the program's space: over the
    /// `logical` size when there is one (SDL has converted both), else through the output's
    /// pixels (touches over the `output`, the mouse from `window` points to output pixels)
    /// and back through `program`, the space's placing on the output.
    static func spaces(logical: (Double, Double)?, output: (Double, Double), window: (Double, Double),
                       program: DrawScale) -> (touch: DrawScale, mouse: DrawScale) {
        if let (width, height) = logical { return (DrawScale(x: width, y: height), .identity) }
        func through(_ perUnitX: Double, _ perUnitY: Double) -> DrawScale {
            DrawScale(x: perUnitX / program.x, y: perUnitY / program.y,
                      offsetX: -program.offsetX / program.x, offsetY: -program.offsetY / program.y)
        }
        return (through(output.0, output.1), through(output.0 / window.0, output.1 / window.1))
    }

    /// The fact an SDL event stands for, or nil for events the app ignores, timed by SDL's
    /// own millisecond stamp (`event.common.timestamp`).
    public mutating func translate(_ event: SDL_Event) -> InputFact? {
        translate(event, at: Double(event.common.timestamp) / 1000)
    }

    /// The fact an SDL event stands for, at `time` seconds on the caller's clock (the one its
    /// `advance(by:)` steps follow): for scripted, replayed or networked input, and for a
    /// loop that does not run at the display's pace, where SDL's stamps (the wall clock at
    /// the moment the event was queued) would make a fling's speed differ from run to run.
    /// Only differences between the times of one finger are used.
    public mutating func translate(_ event: SDL_Event, at time: Double) -> InputFact? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            guard f.touchId != rotary_mouse_touch_id() else { return nil }
            let phase: PointerEvent.Phase = event.type == SDL_FINGERDOWN.rawValue ? .down
                : event.type == SDL_FINGERUP.rawValue ? .up : .moved
            let touch = spaces?.touch ?? DrawScale(x: windowWidth, y: windowHeight)
            let point = touch.apply(Point(x: Double(f.x), y: Double(f.y)))
            return .input(.pointer(PointerEvent(phase, finger: Int(truncatingIfNeeded: f.fingerId), at: point, time: time)))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != rotary_touch_mouse_id(), b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            mouseDown = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            return .input(.pointer(PointerEvent(mouseDown ? .down : .up, finger: Self.mouseFinger,
                                                at: mouse(b.x, b.y), time: time)))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != rotary_touch_mouse_id(), mouseDown else { return nil }
            return .input(.pointer(PointerEvent(.moved, finger: Self.mouseFinger, at: mouse(m.x, m.y), time: time)))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != rotary_touch_mouse_id(), w.y != 0 else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let flipped = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            return .input(.wheel(notches: Int(flipped ? w.y : -w.y), at: mouse(x, y)))
        case SDL_KEYDOWN:
            return .input(.key(String(cString: SDL_GetKeyName(event.key.keysym.sym))))
        case SDL_WINDOWEVENT:
            let e = SDL_WindowEventID(UInt32(event.window.event))
            switch e {
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .layoutChanged
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: return .exposed
            default: return nil
            }
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .layoutChanged
        default:
            return nil
        }
    }

    /// SDL's mouse position (`x`, `y`) in the program's space.
    private func mouse(_ x: Int32, _ y: Int32) -> Point {
        (spaces?.mouse ?? .identity).apply(Point(x: Double(x), y: Double(y)))
    }
}
