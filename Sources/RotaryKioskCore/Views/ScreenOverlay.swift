import RealModule
import RotaryKit

/// What the view draws over the controls besides their own state: the service badge, the
/// remote-start arming control, the focus, a refused start, "Done", the running view's
/// actions and words, the pulses and dimming. Plain values taken from the
/// session, so a picture of any state can be drawn without one.
package struct ScreenOverlay: Equatable, Sendable {
    /// Something needs an operator (the details are in the log and `error` events).
    var serviceBadge = false
    /// The control keys and the encoder go to, when keys or an encoder were used.
    var focusedControl: KioskControl?
    /// How strongly a refused start flashes the markers, 0…1.
    var rejectFlash = 0.0
    /// Seconds since the countdown finished, while "Done" shows.
    var secondsDone: Double?
    /// Seconds the countdown has been paused, while it is.
    var secondsPaused: Double?
    /// While a countdown runs, the time of day it ends ("14:35").
    var endsAt: String?
    /// While "Done" shows, the time of day it finished.
    var finishedAt: String?
    /// The state of the countdown shown (the shown zone's).
    var timerState = TimerState.idle
    /// The countdown is paused: hint that holding the button cancels it.
    var paused: Bool { timerState == .paused }
    /// The screen is dimmed and there is no backlight to lower: the picture is darkened.
    var dimmed = false
    /// What the centre button says (nil: the screen's word for start).
    var buttonFace: ButtonFace?
    /// What Stop and "+N min" say, while they are on the screen (nil: hidden).
    var stopFace: ButtonFace?, extendFace: ButtonFace?
    /// What the running view says in words for a moment (nil: nothing).
    var notice: String?
    /// The dial's item coordinate while it stands for a countdown (nil: its own position).
    var dialShowing: Double?
    /// The program a countdown runs, is paused or finished for (nil: none).
    var countdownProgram: String?
    /// A countdown is there (running, paused or done): the running view shows.
    var counting: Bool { countdownProgram != nil }
    /// Whether `control` has stepped back for the running view: hidden by the countdown, not drawn.
    func steppedBack(_ control: KioskControl) -> Bool { counting && control.stepsBackForCountdown }
    /// The countdown's whole length, seconds (0: none).
    var countdownSeconds = 0.0
    /// The countdown's time left, in the whole seconds its time shows (0: none, or done).
    var countdownSecondsLeft = 0.0
    /// The remote-start arming control, when the kiosk shows one.
    var arming: ArmingFace?
    /// What each zone's tile shows, in order (empty: the kiosk has no zones).
    var zones: [ZoneTile] = []
    /// The zone the rings edit, an index into ``zones``.
    var selectedZone = 0

    /// What the arming control shows.
    struct ArmingFace: Equatable, Sendable {
        /// Whole seconds it stays armed, rounded up (nil: not armed).
        var secondsLeft: Double?
        /// How long a tap arms it for, seconds.
        var armSeconds: Double
    }

    /// Nothing over the controls.
    init() {}

    /// The overlay for `session`: the badge from its first problem on
    /// (``KioskSession/needsOperator``).
    package init(_ session: KioskSession) {
        serviceBadge = session.needsOperator
        focusedControl = session.showsFocus ? session.screen.panel.focused.flatMap(session.screen.control) : nil
        rejectFlash = session.rejectFlash
        secondsDone = session.secondsDone
        secondsPaused = session.secondsPaused
        endsAt = session.endsAt
        finishedAt = session.finishedAt
        timerState = session.timer.state
        dimmed = session.isDimmed && session.levels.brightness == nil  // else the backlight dims
        buttonFace = session.buttonFace
        let hidden = session.screen.panel.hidden
        stopFace = hidden.contains(KioskControl.stop.id) ? nil : session.face(of: .stop)
        extendFace = hidden.contains(KioskControl.extend.id) ? nil : session.face(of: .extend)
        notice = session.notice
        dialShowing = session.dialShowing
        countdownProgram = session.dialShowing == nil ? nil : session.timer.program
        countdownSeconds = session.dialShowing == nil ? 0 : session.timer.secondsTotal
        countdownSecondsLeft = session.dialShowing == nil ? 0 : Double(TimeText.shownSeconds(session.timer.secondsLeft))
        if session.hasZones {
            zones = session.zones.map(\.tile)
            selectedZone = session.selectedZone
        }
        if session.showsArmingControl {
            // Whole seconds, as its face counts them: the ring moves once a second, not every frame.
            arming = ArmingFace(secondsLeft: session.arming.secondsLeft(at: session.clock)?.rounded(.up),
                                armSeconds: session.settings.armSeconds)
        }
    }

    /// How far the "Done" halo has swelled, 0…1, pulsing about once a second.
    var donePulse: Double? {
        secondsDone.map { 0.5 - 0.5 * Double.cos(2 * Double.pi * $0 / 0.9) }
    }

    /// How strongly paused digits show, 0.6…1: a slow pulse, one every 2 s (well under three
    /// flashes a second), 1 while not paused.
    var pausedFade: Double {
        secondsPaused.map { 0.8 + 0.2 * Double.cos(2 * Double.pi * $0 / 2) } ?? 1
    }

    /// How far the markers are nudged sideways by a refused start, −1…1: a few quick shakes
    /// that die away with the flash.
    var rejectNudge: Double {
        guard rejectFlash > 0 else { return 0 }
        let elapsed = (1 - rejectFlash) * KioskSession.rejectFlashSeconds
        return Double.sin(2 * Double.pi * 6 * elapsed) * rejectFlash
    }
}
