import ArgumentParser
import Logging

/// `rotary-kiosk`: the kiosk timer selector.
public struct RotaryKioskCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rotary-kiosk",
        abstract: "A touchscreen kiosk timer selector: spin the program wheel, tap start."
    )

    @OptionGroup public var options: KioskOptions

    public init() {}

    public func run() throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "rotary-kiosk")
        do {
            try KioskRunner(options: options, logger: logger).run()
        } catch {
            logger.error("\(error)")
            throw ExitCode.failure
        }
    }
}
