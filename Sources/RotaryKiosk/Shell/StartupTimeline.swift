/// How long each step of the kiosk's start took, up to its first frame, for the log at debug
/// level: the steps one after the other from the moment `main` began.
public struct StartupTimeline {
    /// When `main` began (``markMain()``), or nil when it was not marked.
    nonisolated(unsafe) private static var mainStarted: ContinuousClock.Instant?

    private var last: ContinuousClock.Instant
    private var steps: [(name: String, duration: Duration)] = []

    /// Notes that `main` began: call it first thing.
    public static func markMain() { mainStarted = ContinuousClock.now }

    /// A timeline whose first step starts now, after what ran since `main` (arguments, the
    /// Swift runtime's set-up) as "arguments".
    init() {
        last = ContinuousClock.now
        if let main = Self.mainStarted { steps.append(("arguments", main.duration(to: last))) }
    }

    /// Ends the step called `name`, which ran since the last one ended.
    mutating func mark(_ name: String) {
        let now = ContinuousClock.now
        steps.append((name, last.duration(to: now)))
        last = now
    }

    /// One line: the total and each step in milliseconds, `detail` after the step of that name.
    func summary(detail: [String: String] = [:]) -> String {
        let total = steps.reduce(Duration.zero) { $0 + $1.duration }
        let parts = steps.map { step in
            "\(step.name) \(Self.milliseconds(step.duration))" + (detail[step.name].map { " (\($0))" } ?? "")
        }
        return "start-up: \(Self.milliseconds(total)) ms from main to the first frame: " + parts.joined(separator: ", ")
    }

    /// `duration` in milliseconds, one decimal.
    static func milliseconds(_ duration: Duration) -> String {
        let tenths = (Double(duration.components.seconds) * 1e4 + Double(duration.components.attoseconds) / 1e14).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
