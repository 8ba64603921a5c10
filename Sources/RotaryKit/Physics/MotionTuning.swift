/// The constants of the shared fling-and-snap physics, in the units of the axis they drive
/// (degrees for wheel and dial, pixels for the strip).
///
/// After release a control coasts with exponential friction, the way a flung scroll view
/// decelerates, aimed so that it comes to rest exactly on an item; in its last stretch a
/// critically damped spring pulls it onto the item's centre without overshoot.
public struct MotionTuning: Equatable, Sendable {
    /// Rate at which coasting speed decays, per second: speed(t) = v₀·e^(−friction·t), so a
    /// release at v₀ coasts v₀ / friction units in all. 4/s stops a flick in about 1.5 s.
    public var friction: Double
    /// Natural frequency of the critically damped snap spring, in radians per second. 30/s
    /// brings a control released half an item off a centre to rest in about 0.29 s.
    public var springFrequency: Double
    /// Release speeds below this (units/s) count as no fling: the control snaps to the
    /// nearest item.
    public var minFlingSpeed: Double
    /// Release speeds are capped at this (units/s), so a wild flick cannot spin for ever.
    public var maxFlingSpeed: Double
    /// Distance from the target, in items, at which the coast hands over to the spring.
    public var handoffItems: Double
    /// Distance from the target, in items, within which a settling control is at rest and
    /// is placed exactly on the item's centre.
    public var restItems: Double

    /// Creates a tuning; see each property for its unit.
    public init(friction: Double, springFrequency: Double, minFlingSpeed: Double,
                maxFlingSpeed: Double, handoffItems: Double = 0.05, restItems: Double = 0.001) {
        self.friction = friction
        self.springFrequency = springFrequency
        self.minFlingSpeed = minFlingSpeed
        self.maxFlingSpeed = maxFlingSpeed
        self.handoffItems = handoffItems
        self.restItems = restItems
    }

    /// For rotary controls, in degrees: flings between 20°/s and 3000°/s (about 8 turns a second).
    public static let angular = MotionTuning(friction: 4, springFrequency: 30,
                                             minFlingSpeed: 20, maxFlingSpeed: 3000)

    /// For linear controls, in pixels: flings between 50 px/s and 8000 px/s, the limits
    /// Android and Flutter use for scrolling.
    public static let linear = MotionTuning(friction: 4, springFrequency: 30,
                                            minFlingSpeed: 50, maxFlingSpeed: 8000)
}

/// The constants that tell a tap from a drag and measure a finger's speed.
public struct TouchTuning: Equatable, Sendable {
    /// A finger must move farther than this (pixels) from where it went down before it drags;
    /// within it, a short touch is a tap.
    public var slopPixels: Double
    /// A touch held longer than this (seconds) is not a tap.
    public var maxTapSeconds: Double
    /// Velocity is fitted over the samples of the last `velocityWindow` seconds.
    public var velocityWindow: Double
    /// A finger that rested this long (seconds) before lifting, or a gap this long between
    /// samples, means the finger had stopped: it releases with zero velocity.
    public var stopGap: Double

    /// Creates a touch tuning; see each property for its unit.
    public init(slopPixels: Double = 12, maxTapSeconds: Double = 0.5,
                velocityWindow: Double = 0.1, stopGap: Double = 0.04) {
        self.slopPixels = slopPixels
        self.maxTapSeconds = maxTapSeconds
        self.velocityWindow = velocityWindow
        self.stopGap = stopGap
    }

    /// 12 px slop (Android's 8 dp on a typical kiosk panel, plus room for a gloved finger),
    /// taps up to 0.5 s, a 100 ms velocity window and a 40 ms stop gap (Flutter's values).
    public static let standard = TouchTuning()
}
