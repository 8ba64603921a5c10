/// How an ``ArcSlider`` in knob mode looks: a face picture, a pointer picture turned to the
/// value, an optional thin ring outside the face showing the range and the value, and the
/// value written in the middle.
public struct KnobLook: Equatable, Sendable {
    /// The knob's face, drawn unturned over the knob's whole size (`2 × radius` square).
    public var face: ArtSource = .builtIn("ui/knob-face")
    /// The pointer, the same size as the face, drawn pointing up and turned to the value.
    public var pointer: ArtSource = .builtIn("ui/knob-pointer")
    /// Multiplies the face's colours (white: unchanged).
    public var faceTint = RGBA(255, 255, 255)
    /// Multiplies the pointer's colours (white: unchanged).
    public var pointerTint = RGBA(255, 255, 255)
    /// Whether the thin range ring is drawn.
    public var showsRange = true
    /// Gap between the face's edge and the range ring, pixels.
    public var rangeGap: Double
    /// Width of the range ring, pixels.
    public var rangeWidth: Double
    /// Colour of the whole range ring (dim).
    public var rangeColor = RGBA(148, 163, 184, 70)
    /// Colour of the range ring from the start up to the value (accent).
    public var rangeFillColor = RGBA(74, 222, 128)
    /// The value text and caption in the middle.
    public var value: ValueLook

    /// A look sized for `knob`: the ring just outside the face, the value a fifth of the radius
    /// high with as many decimals as the knob's step needs.
    public init(for knob: ArcSlider, unit: String = "", caption: String = "") {
        rangeGap = max(1, knob.radius * 0.06)
        rangeWidth = max(1, knob.radius * 0.04)
        value = ValueLook(points: max(8, Int(saturating: (knob.radius * 0.2).rounded())),
                          decimals: ValueLook.decimals(forStep: knob.step), unit: unit, caption: caption)
    }
}

/// How an ``ArcSlider`` is drawn as a knob: face, range ring, pointer, value. The parts are
/// separate so a program can put its own layers between them.
///
///     // 240° from 8 o'clock (150°) clockwise to 4 o'clock (30°), 0.5 per pixel dragged.
///     let knob = ArcSlider(id: "volume", center: Point(x: 120, y: 120), radius: 80,
///                          startDegrees: 150, endDegrees: 30, range: 0...100, value: 50,
///                          mode: .knob(axis: .vertical, valuePerPixel: 0.5))
///     list.append(contentsOf: KnobDrawing.commands(knob, look: KnobLook(for: knob, unit: "%")))
///     KnobDrawing.pointerDegrees(knob)  // 0: straight up at the middle value
public enum KnobDrawing {
    /// Everything, in order: face, range ring, pointer, value and caption.
    public static func commands(_ knob: ArcSlider, look: KnobLook) -> [DrawCommand] {
        face(knob, look: look) + range(knob, look: look) + pointer(knob, look: look) + label(knob, look: look)
    }

    /// The face picture, unturned, `2 × radius` pixels square.
    public static func face(_ knob: ArcSlider, look: KnobLook) -> [DrawCommand] {
        [.image(ImageDraw(art: look.face, center: knob.center, width: 2 * knob.radius, height: 2 * knob.radius,
                          tint: look.faceTint))]
    }

    /// The thin ring `rangeGap` pixels outside the face: the whole track dim, the part up to
    /// the value bright. Nothing when the look hides it.
    public static func range(_ knob: ArcSlider, look: KnobLook) -> [DrawCommand] {
        guard look.showsRange else { return [] }
        return ArcTrack.commands(center: knob.center, radius: knob.radius + look.rangeGap + look.rangeWidth / 2,
                                 width: look.rangeWidth, geometry: knob.track, fraction: knob.fraction,
                                 trackColor: look.rangeColor, fillColor: look.rangeFillColor)
    }

    /// The pointer picture, the face's size, turned by ``pointerDegrees(_:)``.
    public static func pointer(_ knob: ArcSlider, look: KnobLook) -> [DrawCommand] {
        [.image(ImageDraw(art: look.pointer, center: knob.center, width: 2 * knob.radius, height: 2 * knob.radius,
                          degrees: pointerDegrees(knob), tint: look.pointerTint))]
    }

    /// How far the pointer picture is turned clockwise from up, degrees in [−180, 180): the
    /// value's screen angle (the track's start + sweep × fraction) + 90. A 240° knob from
    /// 150° to 30° gives −120 at the minimum, 0 in the middle and +120 at the maximum.
    public static func pointerDegrees(_ knob: ArcSlider) -> Double {
        Degrees.normalized(knob.thumbDegrees + 90)
    }

    /// The value (and caption) in the middle, fitted to 70 % of the face's width.
    public static func label(_ knob: ArcSlider, look: KnobLook) -> [DrawCommand] {
        ValueLabel.commands(knob.value, center: knob.center, maxWidth: max(1, 1.4 * knob.radius), look: look.value)
    }
}
