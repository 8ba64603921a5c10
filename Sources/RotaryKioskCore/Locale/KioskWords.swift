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

    /// What `{n}` stands for in ``minutes``.
    public static let placeholder = "{n}"

    /// Every word with its `[strings]` key, in the order a config lists them.
    public static var keys: [(key: String, word: WritableKeyPath<KioskWords, String>)] {
        [("start", \.start), ("running", \.running), ("paused", \.paused), ("done", \.done), ("hold_to_cancel", \.holdToCancel),
         ("minutes", \.minutes)]
    }

    /// `n` minutes as the big state shows them, `n` written in `numbers`.
    public func minutes(_ n: Int, numbers: NumberStyle) -> String {
        minutes.replacing(Self.placeholder, with: numbers.text(n))
    }
}
