import CSDL2
import Testing
@testable import RotarySDL

/// SDL events built in Swift, as SDL would deliver them, translated by ``InputMapper``.
@Suite("InputMapper: touch, mouse, wheel, keys and window events")
struct InputMapperTests {
    var mapper = InputMapper(windowWidth: 800, windowHeight: 480)

    static func finger(_ type: SDL_EventType, id: Int64 = 3, x: Float, y: Float, touchId: Int64 = 7,
                       windowID: UInt32 = 1, milliseconds: UInt32 = 1500) -> SDL_Event {
        var finger = SDL_TouchFingerEvent()
        finger.type = type.rawValue
        finger.timestamp = milliseconds
        finger.touchId = touchId
        finger.fingerId = id
        finger.x = x
        finger.y = y
        finger.windowID = windowID
        var event = SDL_Event()
        event.tfinger = finger
        return event
    }

    static func button(_ type: SDL_EventType, x: Int32, y: Int32, button: Int32 = SDL_BUTTON_LEFT,
                       which: UInt32 = 0) -> SDL_Event {
        var b = SDL_MouseButtonEvent()
        b.type = type.rawValue
        b.timestamp = 2000
        b.which = which
        b.button = UInt8(button)
        b.x = x
        b.y = y
        var event = SDL_Event()
        event.button = b
        return event
    }

    static func motion(x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var m = SDL_MouseMotionEvent()
        m.type = SDL_MOUSEMOTION.rawValue
        m.timestamp = 2016
        m.which = which
        m.x = x
        m.y = y
        var event = SDL_Event()
        event.motion = m
        return event
    }

    static func wheel(y: Int32, flipped: Bool = false, which: UInt32 = 0) -> SDL_Event {
        var w = SDL_MouseWheelEvent()
        w.type = SDL_MOUSEWHEEL.rawValue
        w.which = which
        w.y = y
        w.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        var event = SDL_Event()
        event.wheel = w
        return event
    }

    static func key(_ sym: SDL_KeyCode) -> SDL_Event {
        var k = SDL_KeyboardEvent()
        k.type = SDL_KEYDOWN.rawValue
        k.keysym.sym = SDL_Keycode(sym.rawValue)
        var event = SDL_Event()
        event.key = k
        return event
    }

    static func window(_ id: SDL_WindowEventID) -> SDL_Event {
        var w = SDL_WindowEvent()
        w.type = SDL_WINDOWEVENT.rawValue
        w.event = UInt8(id.rawValue)
        var event = SDL_Event()
        event.window = w
        return event
    }

    static func pointer(_ fact: InputFact?) -> PointerEvent? {
        if case .input(.pointer(let event)) = fact { return event }
        return nil
    }

    @Test("finger down, motion and up are scaled from 0…1 to window pixels, in seconds")
    mutating func fingers() throws {
        let down = try #require(Self.pointer(mapper.translate(Self.finger(SDL_FINGERDOWN, x: 0.25, y: 0.5))))
        #expect(down == PointerEvent(.down, finger: 3, at: Point(x: 200, y: 240), time: 1.5))
        let moved = try #require(Self.pointer(mapper.translate(Self.finger(SDL_FINGERMOTION, x: 0.5, y: 1))))
        #expect(moved.phase == .moved && moved.position == Point(x: 400, y: 480))
        let up = try #require(Self.pointer(mapper.translate(Self.finger(SDL_FINGERUP, x: 1, y: 0))))
        #expect(up.phase == .up && up.position == Point(x: 800, y: 0))
    }

    @Test("finger events with window id 0, as KMSDRM sends them, are taken")
    mutating func kmsdrmFingers() {
        #expect(Self.pointer(mapper.translate(Self.finger(SDL_FINGERDOWN, x: 0.5, y: 0.5, windowID: 0))) != nil)
    }

    @Test("touch that SDL made up from the mouse is dropped")
    mutating func touchFromMouse() {
        let synthetic = Int64(rotary_mouse_touch_id())
        #expect(mapper.translate(Self.finger(SDL_FINGERDOWN, x: 0.5, y: 0.5, touchId: synthetic)) == nil)
    }

    @Test("the left mouse button is one more finger; motion counts only while it is down")
    mutating func mouse() throws {
        #expect(mapper.translate(Self.motion(x: 5, y: 6)) == nil)
        let down = try #require(Self.pointer(mapper.translate(Self.button(SDL_MOUSEBUTTONDOWN, x: 10, y: 20))))
        #expect(down == PointerEvent(.down, finger: InputMapper.mouseFinger, at: Point(x: 10, y: 20), time: 2))
        let moved = try #require(Self.pointer(mapper.translate(Self.motion(x: 30, y: 40))))
        #expect(moved.phase == .moved && moved.finger == InputMapper.mouseFinger && moved.position == Point(x: 30, y: 40))
        let up = try #require(Self.pointer(mapper.translate(Self.button(SDL_MOUSEBUTTONUP, x: 31, y: 41))))
        #expect(up.phase == .up && up.finger == InputMapper.mouseFinger)
        #expect(mapper.translate(Self.motion(x: 50, y: 60)) == nil)
    }

    @Test("other mouse buttons are ignored")
    mutating func otherButtons() {
        #expect(mapper.translate(Self.button(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, button: SDL_BUTTON_RIGHT)) == nil)
    }

    @Test("mouse events that SDL made up from touch are dropped: a touch is not counted twice")
    mutating func mouseFromTouch() {
        let synthetic = rotary_touch_mouse_id()
        #expect(mapper.translate(Self.button(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, which: synthetic)) == nil)
        #expect(mapper.translate(Self.motion(x: 2, y: 2, which: synthetic)) == nil)
        #expect(mapper.translate(Self.wheel(y: 1, which: synthetic)) == nil)
    }

    @Test("wheel notches: up is −1 normally and +1 when the system flips the direction; sideways only is ignored")
    mutating func wheel() {
        func notches(_ fact: InputFact?) -> Int? {
            if case .input(.wheel(let notches, _)) = fact { return notches }
            return nil
        }
        #expect(notches(mapper.translate(Self.wheel(y: 1))) == -1)
        #expect(notches(mapper.translate(Self.wheel(y: -2))) == 2)
        #expect(notches(mapper.translate(Self.wheel(y: 1, flipped: true))) == 1)
        #expect(mapper.translate(Self.wheel(y: 0)) == nil)
    }

    @Test("keys come by SDL's name", arguments: [(SDLK_RIGHT, "Right"), (SDLK_RETURN, "Return"), (SDLK_a, "A")])
    mutating func keys(sym: SDL_KeyCode, name: String) {
        #expect(mapper.translate(Self.key(sym)) == .input(.key(name)))
    }

    @Test("a window size change asks for a new layout, a lost picture for the whole frame again; other window events for nothing")
    mutating func windowEvents() {
        #expect(mapper.translate(Self.window(SDL_WINDOWEVENT_SIZE_CHANGED)) == .layoutChanged)
        for lost in [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED] {
            #expect(mapper.translate(Self.window(lost)) == .exposed)
        }
        #expect(mapper.translate(Self.window(SDL_WINDOWEVENT_FOCUS_GAINED)) == nil)
        #expect(mapper.translate(Self.window(SDL_WINDOWEVENT_MOVED)) == nil)
        var reset = SDL_Event()
        reset.type = SDL_RENDER_TARGETS_RESET.rawValue
        #expect(mapper.translate(reset) == .layoutChanged)
    }

    @Test("quit")
    mutating func quit() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        #expect(mapper.translate(event) == .quit)
    }
}
