import RotaryKit

/// The ring looks of the kiosk screen: what the theme and the layout say each ring shows.
enum ScreenLooks {
    /// The wheel: textured segments with icons and names, dimmed away from the marker.
    static func wheel(_ screen: KioskScreen, theme: Theme) -> RingLook {
        let layout = screen.layout
        let items = screen.programs.enumerated().map { index, program in
            RingItemLook(label: program.name,
                         texture: theme.segmentTextures.isEmpty ? nil : theme.segmentTextures[index % theme.segmentTextures.count],
                         icon: theme.iconSource(program.icon))
        }
        var look = RingLook(items: items, fill: theme.dialFill)
        look.iconSize = layout.iconSize
        look.iconRadius = layout.iconRadius
        look.labelSize = layout.labelPoints
        look.labelRadius = layout.labelRadius
        look.labelColor = theme.textColor
        look.labelOrientation = .readable  // never upside down at the bottom
        look.style.gapPixels = max(2, layout.radius * 0.008)
        look.style.dimmedOpacity = theme.dimmedSegmentOpacity
        look.dimmedLabelOpacity = max(theme.dimmedNameOpacity, theme.dimmedSegmentOpacity)
        return look
    }

    /// The dial: a band of numbers facing outwards with a tick every minute-step.
    static func dial(_ screen: KioskScreen, theme: Theme) -> RingLook {
        let layout = screen.layout
        var look = RingLook(items: screen.dial.labels.map { RingItemLook(label: $0) }, fill: theme.dialFill)
        look.labelSize = layout.dialNumberPoints
        look.labelRadius = layout.dialNumberRadius
        look.labelColor = theme.textColor
        look.labelOrientation = .upright  // as a clock's numbers: ٤٥ never reads as 03
        look.style.dimmedOpacity = theme.dimmedNumberOpacity
        look.style.ticksPerItem = 5
        let band = layout.dialOuterRadius - layout.dialInnerRadius
        look.style.tickFromRadius = layout.dialOuterRadius - band * 0.12
        look.style.majorTickFromRadius = layout.dialOuterRadius - band * 0.2
        look.style.tickColor = theme.dialTickColor
        return look
    }

    /// A marker `size` pixels square in the theme's art.
    static func marker(size: Double, theme: Theme) -> MarkerLook {
        var look = MarkerLook(size: size)
        look.art = theme.marker
        return look
    }

    /// The centre button: the theme's face and text colour, the "Done" halo's ring just
    /// outside it, texts upright for the person.
    static func button(_ layout: ScreenLayout, theme: Theme) -> ButtonLook {
        var look = face(radius: layout.buttonRadius, layout, theme: theme)
        look.progressGap = layout.radius * 0.012
        look.progressWidth = layout.radius * 0.018
        return look
    }

    /// The running view's Stop and "+N min": the button's face at ``ScreenLayout/actionRadius``,
    /// their words as large as the centre button's.
    static func action(_ layout: ScreenLayout, theme: Theme) -> ButtonLook {
        face(radius: layout.actionRadius, layout, theme: theme)
    }

    /// A button of `radius` with the theme's face and text colour, its words at the centre
    /// button's size (squeezed before they are cut), upright for the person.
    private static func face(radius: Double, _ layout: ScreenLayout, theme: Theme) -> ButtonLook {
        var look = ButtonLook(radius: radius)
        look.face = theme.button
        look.textColor = theme.textColor
        look.labelPoints = layout.buttonLabelPoints
        look.narrowestFit = KioskView.narrowestText
        look.upDegrees = layout.markerDegrees
        return look
    }

    /// The category strip: names in the theme's text colour on the dial's fill, the marker in
    /// the accent colour along the bottom.
    static func strip(_ strip: StripControl, theme: Theme) -> StripLook {
        var look = StripLook(for: strip)
        // Only a name the end cuts fades (the sign that more lie beyond): one wholly in view
        // keeps its contrast.
        look.fadeWidth = strip.height * 0.5
        look.background = theme.dialFill
        look.textColor = theme.textColor
        return look
    }

    /// How the set point is drawn: an arc slider or a knob.
    enum SettingLook: Sendable {
        case arc(ArcSliderLook)
        case knob(KnobLook)

        /// `slider` drawn in this look.
        func commands(_ slider: ArcSlider) -> [DrawCommand] {
            switch self {
            case .arc(let look): ArcSliderDrawing.commands(slider, look: look)
            case .knob(let look): KnobDrawing.commands(slider, look: look)
            }
        }

        /// How the value and its caption are written.
        var value: ValueLook {
            switch self {
            case .arc(let look): look.value
            case .knob(let look): look.value
            }
        }
    }

    /// The set point `slider` made for `setting`, its value written at least 28 pixels high
    /// in the theme's text colour and in `numbers`, with the setting's name under it.
    static func setting(_ slider: ArcSlider, for setting: ProgramSetting, theme: Theme, numbers: NumberStyle) -> SettingLook {
        var value = ValueLook(points: max(28, Int((slider.radius * 0.3).rounded())), decimals: ValueLook.decimals(forStep: slider.step),
                              unit: setting.unit, caption: setting.name)
        value.captionPoints = max(16, value.points * 55 / 100)
        value.color = theme.textColor
        value.numbers = numbers
        switch setting.style {
        case .arc:
            var look = ArcSliderLook(for: slider)
            look.value = value
            return .arc(look)
        case .knob:
            var look = KnobLook(for: slider)
            look.value = value
            return .knob(look)
        }
    }
}
