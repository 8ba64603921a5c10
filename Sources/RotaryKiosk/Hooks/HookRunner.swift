import Foundation
import Logging
import RotaryKit

/// Runs the config's hook commands for kiosk events, and the feedback command, never on the
/// render thread. Each runs as an argv array (no shell), with the event's values in
/// environment variables, never in its command line, in a process group of its own with a
/// clean signal state and no descriptor of the app (`HookProcess`). Each hook has its own
/// lane (`HookLane`): its runs go one at a time, in order, behind a bounded queue, so a
/// hanging hook delays only itself. A run and whatever it started are killed at the timeout,
/// counted from its spawn (`HookGroups`). Failures, drops and floods of output are logged.
/// A zone's own hooks (`[zone.hooks]`) take its events instead of `[hooks]`' and have lanes of
/// their own; every hook of a zone's event gets `ROTARY_ZONE`.
public final class HookRunner: @unchecked Sendable {
    /// At most this many runs of one hook wait behind the one running; more are dropped.
    static let queueCapacity = 16
    private let hooks: KioskConfig.Hooks
    /// Each zone's own commands by event kind.
    private let zoneHooks: [ZoneID: [HookKind: [String]]]
    private let feedbackCommand: [String]?
    private let logger: Logger
    private let lanes: [String: HookLane]
    private let groups: HookGroups

    /// A runner for `hooks`, the `zones`' own hooks and an optional feedback command.
    public init(hooks: KioskConfig.Hooks, zones: [ZoneSettings] = [], feedbackCommand: [String]?, logger: Logger) {
        self.hooks = hooks
        zoneHooks = Dictionary(uniqueKeysWithValues: zip(ZoneID.all(zones), zones).map { ($0, $1.hooks) })
        self.feedbackCommand = feedbackCommand
        self.logger = logger
        let names = hooks.commands.keys.map(\.key) + (feedbackCommand == nil ? [] : ["feedback_command"])
            + zones.flatMap { zone in zone.hooks.keys.map { Self.laneName($0, zone: zone.name) } }
        lanes = Dictionary(uniqueKeysWithValues: names.map {
            ($0, HookLane(name: $0, capacity: Self.queueCapacity, logger: logger))
        })
        groups = HookGroups(logger: logger)
    }

    /// Queues the hook for `event`, if one is configured (`line` is its JSON line).
    public func handle(_ event: KioskEvent, line: String) {
        guard let (follower, environment) = Self.hook(for: event) else { return }
        let (name, argv): (String, [String]?) = switch follower {
        case .feedback:
            ("feedback_command", feedbackCommand)
        case .hook(let kind):
            if let own = zoneHooks[event.zone]?[kind] {
                (Self.laneName(kind, zone: event.zone.name), own)
            } else {
                (kind.key, hooks.commands[kind])
            }
        }
        guard let argv, let lane = lanes[name] else { return }
        let values = environment.merging(["ROTARY_JSON": line]) { $1 }
        lane.submit { [self] in run(name, argv, values) }
    }

    /// At exit: waits up to `seconds` for every hook run, queued or running, and what runs
    /// left behind, to end (or until `stopWaiting` says so, e.g. on SIGTERM); then starts no
    /// more and kills the process groups still there (SIGTERM, then SIGKILL after
    /// `HookGroups.graceSeconds`).
    public func finish(waitingUpTo seconds: Double, stopWaiting: () -> Bool = { false }) {
        let deadline = DispatchTime.now() + seconds
        while lanes.values.contains(where: { !$0.isIdle }) || !groups.isEmpty, DispatchTime.now() < deadline, !stopWaiting() {
            usleep(10_000)
        }
        for lane in lanes.values { lane.close() }
        groups.endAll()
    }

    /// What a kiosk event starts: the hook of its kind (the config's, or its zone's own) or
    /// the feedback command.
    enum Follower: Equatable {
        case hook(HookKind)
        case feedback
    }

    /// The lane of zone `zone`'s own hook for `kind`.
    private static func laneName(_ kind: HookKind, zone: String) -> String { "zone \(zone): \(kind.key)" }

    /// What follows an event and the environment it runs with, or nil when nothing does.
    static func hook(for event: KioskEvent) -> (Follower, [String: String])? {
        guard let (follower, environment) = unzonedHook(for: event) else { return nil }
        guard !event.zone.isWhole else { return (follower, environment) }
        return (follower, environment.merging(["ROTARY_ZONE": event.zone.name]) { $1 })
    }

    private static func unzonedHook(for event: KioskEvent) -> (Follower, [String: String])? {
        switch event {
        case .control(.selected(let control, let index, let label, _), _):
            return (.hook(.selected), ["ROTARY_EVENT": HookKind.selected.rawValue, "ROTARY_ID": control.id, "ROTARY_INDEX": String(index),
                                       "ROTARY_LABEL": label])
        case .control(.pressed(let control), _):
            return (.hook(.pressed), ["ROTARY_EVENT": HookKind.pressed.rawValue, "ROTARY_ID": control.id])
        case .timer(let r, let setting, _, _):
            let kind: HookKind? = switch r.state {
            case _ where r.isExtension: .timerExtended
            case .running: r.previous == .paused ? .timerResumed : .timerStarted
            case .paused: .timerPaused
            case .finished: .timerFinished
            case .cancelled: .timerCancelled
            case .idle: nil
            }
            guard let kind else { return nil }
            return (.hook(kind), ["ROTARY_EVENT": kind.rawValue, "ROTARY_STATE": r.state.rawValue, "ROTARY_PROGRAM": r.program,
                           "ROTARY_INDEX": String(r.programIndex), "ROTARY_SECONDS": String(Int(saturating: r.secondsTotal.rounded())),
                           "ROTARY_SECONDS_LEFT": String(Int(saturating: r.secondsLeft.rounded(.up)))]
                .merging(setting.map {
                    ["ROTARY_SETTING": JSONValue.plain($0.value), "ROTARY_SETTING_NAME": $0.name, "ROTARY_SETTING_UNIT": $0.unit]
                } ?? [:]) { $1 })
        case .feedback(let kind):
            return (.feedback, ["ROTARY_EVENT": "feedback", "ROTARY_FEEDBACK": kind.rawValue])
        default:
            return nil
        }
    }

    /// One run of hook `name`: starts it, waits for it (its deadline is `groups`' job), and
    /// logs what went wrong.
    private func run(_ name: String, _ argv: [String], _ environment: [String: String]) {
        let appEnvironment = ProcessInfo.processInfo.environment
        let executable: String
        switch CommandLookup.find(argv[0]) {
        case .runnable(let path):
            executable = path
        case .notFound:
            logger.error("\(name): \(argv[0]) not found (not a file, not on PATH)")
            return
        case .notRunnable(let path, folder: true):
            logger.error("\(name): \(path) is a folder, not a program")
            return
        case .notRunnable(let path, folder: false):
            logger.error("\(name): \(path) is not executable (chmod +x?)")
            return
        }
        let process: HookProcess
        do {
            process = try HookProcess(executable: executable, arguments: argv,
                                      environment: appEnvironment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" })
        } catch {
            logger.error("\(name): cannot start \(executable): \(error)")
            return
        }
        groups.watch(process, name: name, timeoutSeconds: hooks.timeoutSeconds)
        let exit = process.waitForExit()
        let killedByUs = groups.leaderExited(process.pid)
        if !killedByUs, let problem = exit.problem {
            logger.warning("\(name): \(problem): \(process.output.firstLine)")
        }
        if process.output.overflowed {
            logger.warning("\(name): wrote more than \(HookOutput.limit) bytes of output (drained)")
        }
    }
}
