/// How an ``ArcSlider`` in arc mode looks (the circular seeker): a dim track, the part up to
/// the value in an accent colour, a round thumb with a thin contrasting rim, and the value
/// written in the middle.
public struct ArcSliderLook: Equatable, Sendable {
    /// Colour of the whole track (dim).
    public var trackColor = RGBA(148, 163, 184, 70)
    /// Colour of the track from the start up to the value (accent).
    public var fillColor = RGBA(74, 222, 128)
    /// Width of the track and its fill, pixels.
    public var trackWidth: Double
    /// Colour of the thumb.
    public var thumbColor = RGBA(248, 250, 252)
    /// Colour of the thumb's rim, which sets it off from the track under it.
    public var rimColor = RGBA(15, 23, 42)
    /// Width of the rim inside the thumb's radius, pixels.
    public var rimWidth: Double
    /// The value text and caption in the middle.
    public var value: ValueLook

    /// A look sized for `slider`: the track 60 % of the thumb's radius wide, the value a
    /// quarter of the radius high with as many decimals as the slider's step needs.
    public init(for slider: ArcSlider, unit: String = "", caption: String = "") {
        trackWidth = max(1, slider.thumbRadius * 0.6)
        rimWidth = max(1, slider.thumbRadius * 0.15)
        value = ValueLook(points: max(8, Int(saturating: (slider.radius * 0.25).rounded())),
                          decimals: ValueLook.decimals(forStep: slider.step), unit: unit, caption: caption)
    }
}

/// How an ``ArcSlider`` is drawn as a circular seeker: track and fill, thumb, value. The parts
/// are separate so a program can put its own layers between them.
///
///     let slider = ArcSlider(id: "temp", center: Point(x: 240, y: 240), radius: 180,
///                            range: 30...95, step: 5, value: 80)
///     let look = ArcSliderLook(for: slider, unit: "°C", caption: "Wash")
///     list.append(contentsOf: ArcSliderDrawing.commands(slider, look: look))  // …, "80 °C", "Wash"
public enum ArcSliderDrawing {
    /// Everything, in order: track, fill, thumb, value and caption.
    public static func commands(_ slider: ArcSlider, look: ArcSliderLook) -> [DrawCommand] {
        track(slider, look: look) + thumb(slider, look: look) + label(slider, look: look)
    }

    /// The round-capped track from the start to the end angle, then the filled part from the
    /// start clockwise through `sweep × fraction` degrees (present, empty, at the minimum).
    public static func track(_ slider: ArcSlider, look: ArcSliderLook) -> [DrawCommand] {
        ArcTrack.commands(center: slider.center, radius: slider.radius, width: look.trackWidth, geometry: slider.track,
                          fraction: slider.fraction, trackColor: look.trackColor, fillColor: look.fillColor)
    }

    /// The thumb at the model's ``ArcSlider/thumbCenter``, `thumbRadius` pixels: the rim colour
    /// as a disc, the thumb colour inside it.
    public static func thumb(_ slider: ArcSlider, look: ArcSliderLook) -> [DrawCommand] {
        let center = slider.thumbCenter
        return [
            .disc(center: center, radius: slider.thumbRadius, color: look.rimColor),
            .disc(center: center, radius: max(0, slider.thumbRadius - look.rimWidth), color: look.thumbColor),
        ]
    }

    /// The value (and caption) in the middle, fitted to 80 % of the room inside the thumb's path.
    public static func label(_ slider: ArcSlider, look: ArcSliderLook) -> [DrawCommand] {
        ValueLabel.commands(slider.value, center: slider.center,
                            maxWidth: max(1, 1.6 * (slider.radius - slider.thumbRadius)), look: look.value)
    }
}
