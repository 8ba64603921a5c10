import ArgumentParser
import CBuildInfo
import Foundation
import Logging

/// `rotary-kiosk`: the kiosk timer selector. With no subcommand it runs the kiosk.
public struct RotaryKioskCommand: ParsableCommand {
    /// The version in the source: the app's own, before a build adds the commit.
    static let sourceVersion = "0.13.0"
    /// The app's version, as `--version`, the service screen's diagnostics, the MQTT state
    /// record and Home Assistant show it: the one the build was given (kiosk/package: the
    /// package's version, with the commit), else ``sourceVersion``.
    public static let version: String = {
        let built = String(cString: rotary_build_version())
        return built.isEmpty ? sourceVersion : built
    }()

    public static let configuration = CommandConfiguration(
        commandName: "rotary-kiosk",
        abstract: "A touchscreen kiosk timer selector: spin the program wheel, spin the dial, tap start.",
        usage: "rotary-kiosk [<run options>]\n  rotary-kiosk <subcommand>",
        discussion: asksForHelp(CommandLine.arguments) ? runOptionsHelp : "",
        version: version,
        subcommands: [RunCommand.self, CheckConfigCommand.self, BenchCommand.self, UsageCommand.self, HashPinCommand.self,
                      FleetCommand.self, MqttForgetCommand.self],
        defaultSubcommand: RunCommand.self
    )

    public init() {}

    /// Whether `arguments` ask for help (`--help`, `-h`, `help`, or ArgumentParser's help
    /// dump): only then is the top-level help's long discussion worth setting (measured: about
    /// 1.5 ms of every start).
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.dropFirst().contains { ["--help", "-h", "help", "--experimental-dump-help"].contains($0) }
    }

    /// The default command's options, for the top-level help: a person who types `--help`
    /// sees how to run the kiosk, not only the subcommands.
    static var runOptionsHelp: String {
        // Wrapped narrower than any terminal, so the top-level help's own wrapping keeps its lines.
        let help = RunCommand.helpMessage(columns: 78)
        guard let start = help.range(of: "OPTIONS:") else { return "" }
        let options = help[start.upperBound...].split(separator: "\n").filter { !$0.contains("-h, --help") }
        return "With no subcommand it runs the kiosk (rotary-kiosk run), which takes these options:\n\n"
            + options.joined(separator: "\n")
    }
}

/// `rotary-kiosk run` (the default): the kiosk itself.
public struct RunCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the kiosk (the default).")

    @OptionGroup public var options: KioskOptions

    public init() {}

    public func run() throws {
        SignalWatch.unblockStopSignals()
        SignalWatch.installAtStart()
        let outputs = RunOutputs(replay: options.replay != nil)
        defer { outputs.flush() }
        let level = options.logLevel
        LoggingSystem.bootstrap { label in
            var handler = LaneLogHandler(label: label, lane: outputs.errors)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "rotary-kiosk")
        LibraryLogs.routeSDL(to: logger)
        do {
            try KioskRunner(options: options, logger: logger, outputs: outputs).run()
        } catch let error as ReplayError {
            logger.error("\(error)")
            throw ExitCode(error.exitStatus)
        } catch {
            logger.error("\(error)")
            throw ExitCode.failure
        }
    }
}

extension ExitCode {
    /// Says on standard error why subcommand `command` failed, and the failure status to
    /// throw (ArgumentParser then ends the run as usual).
    static func failing(_ command: String, _ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("rotary-kiosk \(command): \(message)\n".utf8))
        return .failure
    }
}
