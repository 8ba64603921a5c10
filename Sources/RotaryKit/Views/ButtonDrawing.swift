/// What a button says and how bright it is: chosen by the program at draw time (a kiosk
/// derives it from its countdown), never stored in the model.
public struct ButtonFace: Equatable, Sendable {
    /// The main line, e.g. "Start" or "12:30".
    public var label: String
    /// A smaller line above it (empty: none), e.g. "paused".
    public var detail: String
    /// Brightness of the face picture, 0…255 (255: as drawn).
    public var shade: UInt8
    /// The colour the face picture is multiplied by, in place of the look's
    /// ``ButtonLook/faceTint`` (nil: the look's): a face drawn in greys takes the colour of a
    /// state this way.
    public var tint: RGBA?
    /// A picture drawn above the label in the detail line's place (nil: none; the detail
    /// line, if any, is drawn instead), e.g. an icon for the state.
    public var icon: ArtSource?

    /// A face: `label`, an optional `detail` line, `shade` 0…255 (255: the picture as drawn),
    /// the picture's `tint` and an `icon` over the label.
    public init(label: String, detail: String = "", shade: UInt8 = 255, tint: RGBA? = nil, icon: ArtSource? = nil) {
        self.label = label
        self.detail = detail
        self.shade = shade
        self.tint = tint
        self.icon = icon
    }
}

/// How a ``CenterButton`` looks.
public struct ButtonLook: Equatable, Sendable {
    /// The face picture, drawn over the whole button. The built-in one is drawn in greys and
    /// takes its colour from ``faceTint``.
    public var face: ArtSource = .builtIn("ui/button")
    /// The colour the face picture is multiplied by (white: the picture as drawn); green for
    /// the built-in grey face, which keeps a white label at 5:1.
    public var faceTint = RGBA(21, 128, 61)
    /// Text colour.
    public var textColor = RGBA(255, 255, 255)
    /// Label size in points; the detail line is drawn at 60 % of it.
    public var labelPoints: Int
    /// How far a label or detail too wide for the button is squeezed sideways before it is
    /// cut, 0.5…1 (1: never squeezed).
    public var narrowestFit = 1.0
    /// Brightness of the face while a finger is on it (0…255).
    public var pressedShade: UInt8 = 170
    /// Colour of the ring that fills while the button is held towards a long press.
    public var progressColor = RGBA(248, 113, 113)
    /// Gap between the button's edge and the middle of that ring, pixels.
    public var progressGap: Double
    /// Width of that ring, pixels.
    public var progressWidth: Double
    /// The screen angle that is "up" for the person reading (−90°: the top of the window;
    /// a panel mounted turned changes it). Texts are turned to match; the long-press ring
    /// starts there.
    public var upDegrees: Double = -90

    /// A look for a button of `radius` pixels: label a third of the radius high, progress
    /// ring just outside.
    public init(radius: Double) {
        labelPoints = max(8, Int(saturating: (radius * 0.36).rounded()))
        progressGap = max(2, radius * 0.1)
        progressWidth = max(2, radius * 0.15)
    }

    /// A look sized for `button`, as ``init(radius:)`` makes it for its radius.
    public init(for button: CenterButton) { self.init(radius: button.radius) }
}

/// How a ``CenterButton`` is drawn: face, long-press ring, label and detail line. The parts
/// are separate so a program can put its own layers between them.
public enum ButtonDrawing {
    /// Everything, in order: face, long-press ring, texts.
    public static func commands(_ button: CenterButton, face: ButtonFace, look: ButtonLook) -> [DrawCommand] {
        self.face(button, face: face, look: look) + progress(button, look: look) + labels(button, face: face, look: look)
    }

    /// The face picture, darker while pressed.
    public static func face(_ button: CenterButton, face: ButtonFace, look: ButtonLook) -> [DrawCommand] {
        let shade = Int(button.isPressed ? min(look.pressedShade, face.shade) : face.shade)
        func scaled(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * shade + 127) / 255) }
        let colour = face.tint ?? look.faceTint
        let tint = RGBA(scaled(colour.r), scaled(colour.g), scaled(colour.b), colour.a)
        return [.image(ImageDraw(art: look.face, center: button.center, width: 2 * button.radius, height: 2 * button.radius,
                                 tint: tint))]
    }

    /// The ring that fills while the button is held towards a long press (nothing otherwise).
    public static func progress(_ button: CenterButton, look: ButtonLook) -> [DrawCommand] {
        let progress = button.longPressProgress
        guard progress > 0 else { return [] }
        return [.arc(ArcStroke(center: button.center, radius: progressRadius(button, look: look), width: look.progressWidth,
                               fromDegrees: look.upDegrees, sweepDegrees: 360 * progress, color: look.progressColor))]
    }

    /// The radius the long-press ring is drawn at, pixels.
    public static func progressRadius(_ button: CenterButton, look: ButtonLook) -> Double {
        button.radius + look.progressGap
    }

    /// The label, centred, or below the middle with the icon or the detail line above it.
    public static func labels(_ button: CenterButton, face: ButtonFace, look: ButtonLook) -> [DrawCommand] {
        let turn = look.upDegrees + 90
        if let icon = face.icon {
            let up = Degrees.point(at: look.upDegrees, radius: button.radius * 0.36, around: button.center)
            let down = Degrees.point(at: look.upDegrees + 180, radius: button.radius * 0.2, around: button.center)
            let side = button.radius * 0.42
            return [
                .image(ImageDraw(art: icon, center: up, width: side, height: side, degrees: turn, tint: look.textColor)),
                .text(TextDraw(face.label, points: look.labelPoints, center: down, maxWidth: button.radius * 1.8,
                               degrees: turn, color: look.textColor, narrowestFit: look.narrowestFit)),
            ]
        }
        guard !face.detail.isEmpty else {
            return [.text(TextDraw(face.label, points: look.labelPoints, center: button.center,
                                   maxWidth: button.radius * 1.8, degrees: turn, color: look.textColor, narrowestFit: look.narrowestFit))]
        }
        let up = Degrees.point(at: look.upDegrees, radius: button.radius * 0.28, around: button.center)
        let down = Degrees.point(at: look.upDegrees + 180, radius: button.radius * 0.28, around: button.center)
        return [
            .text(TextDraw(face.label, points: look.labelPoints, center: down, maxWidth: button.radius * 1.8,
                           degrees: turn, color: look.textColor, narrowestFit: look.narrowestFit)),
            .text(TextDraw(face.detail, points: look.labelPoints * 6 / 10, center: up, maxWidth: button.radius * 1.4,
                           degrees: turn, color: look.textColor, narrowestFit: look.narrowestFit)),
        ]
    }
}
