import RotaryKit

/// The words the kiosk itself shows (not the config's names), in one language.
public struct KioskWords: Equatable, Sendable {
    /// The centre button while nothing runs.
    public var start: String
    /// The state line while a countdown runs.
    public var running: String
    /// Over the time left while a countdown is paused.
    public var paused: String
    /// The centre button when the time is up.
    public var done: String
    /// Under the paused button: a long press cancels.
    public var holdToCancel: String
    /// The dial's minutes as the big state shows them, with `{n}` where the number goes:
    /// "{n} min", "{n}分".
    public var minutes: String
    /// The centre button while a countdown runs: what a tap does.
    public var pause: String
    /// The centre button while a countdown is paused: what a tap does.
    public var resume: String
    /// The running view's control that cancels the countdown when held.
    public var stop: String
    /// Under ``stop``: it is held, not tapped.
    public var hold: String
    /// Said when "+N min" would pass the on-time cap, with `{n}` where the cap's minutes go:
    /// "limit reached: {n} min".
    public var limit: String
    /// Said where the time is written when a start is refused with the dial on 0.
    public var setTime: String
    /// Under the running countdown, with `{n}` where the time of day it ends goes: "until {n}".
    public var until: String
    /// On "Done", with `{n}` where the time of day it finished goes: "Finished at {n}".
    public var finishedAt: String
    /// On "Done": what a tap does.
    public var tapForNext: String
    /// In a pause's last minute, with `{n}` where the time before it is cancelled goes:
    /// "cancels in {n}".
    public var cancelsIn: String

    /// The words of a language: the five words of a countdown's states, the hint, the
    /// minutes, the running view's actions, and what it says in words.
    public init(start: String, running: String, paused: String, done: String, holdToCancel: String, minutes: String,
                pause: String, resume: String, stop: String, hold: String, limit: String,
                setTime: String, until: String, finishedAt: String, tapForNext: String, cancelsIn: String) {
        (self.start, self.running, self.paused, self.done, self.holdToCancel, self.minutes) = (start, running, paused, done, holdToCancel, minutes)
        (self.pause, self.resume, self.stop, self.hold, self.limit) = (pause, resume, stop, hold, limit)
        (self.setTime, self.until, self.finishedAt, self.tapForNext, self.cancelsIn) = (setTime, until, finishedAt, tapForNext, cancelsIn)
    }

    /// What `{n}` stands for in ``minutes``.
    public static let placeholder = "{n}"

    /// Every word with its `[strings]` key, in the order a config lists them.
    public static var keys: [(key: String, word: WritableKeyPath<KioskWords, String>)] {
        [("start", \.start), ("running", \.running), ("paused", \.paused), ("done", \.done), ("hold_to_cancel", \.holdToCancel),
         ("minutes", \.minutes), ("pause", \.pause), ("resume", \.resume), ("stop", \.stop), ("hold", \.hold), ("limit", \.limit),
         ("set_time", \.setTime), ("until", \.until), ("finished_at", \.finishedAt), ("tap_for_next", \.tapForNext),
         ("cancels_in", \.cancelsIn)]
    }

    /// The words that hold ``placeholder`` once, where a number goes.
    public static var counting: [WritableKeyPath<KioskWords, String>] { [\.minutes, \.limit, \.until, \.finishedAt, \.cancelsIn] }

    /// `n` minutes as the big state shows them, `n` written in `numbers`.
    public func minutes(_ n: Int, numbers: NumberStyle) -> String { filling(\.minutes, with: numbers.text(n)) }

    /// `word` (one of ``counting``) with `text` where its `{n}` stands.
    public func filling(_ word: KeyPath<KioskWords, String>, with text: String) -> String {
        self[keyPath: word].replacing(Self.placeholder, with: text)
    }
}
