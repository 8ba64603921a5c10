import ArgumentParser
import Foundation

/// `rotary-kiosk fleet --broker URL`: every kiosk on a broker in one table (id, online,
/// state, program, time left), redrawn in place as their retained messages change and each
/// second while one counts down; `--json` prints one snapshot for scripts; `--screenshot ID
/// FILE` fetches one kiosk's panel as a PNG.
public struct FleetCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Show every kiosk on an MQTT broker: online, state, program and time left, live (or --json once)."
    )

    @Option(help: "The broker: mqtt://HOST[:PORT] or mqtts://HOST[:PORT].")
    var broker: String
    @Option(help: "The topic prefix the kiosks' base topics share (rotary for rotary/<id>).")
    var prefix = "rotary"
    @Option(help: "The user name on the broker.")
    var username: String?
    @Option(name: .customLong("password-file"), help: "A file whose first line is the password.")
    var passwordFile: String?
    @Option(name: .customLong("ca-file"), help: "The CA certificate that signs the broker's (mqtts://).")
    var caFile: String?
    @Flag(help: "Print one JSON snapshot and exit.")
    var json = false
    @Option(help: "With --json: how long to gather the retained messages, in seconds.")
    var wait = 1.0
    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Fetch kiosk ID's panel as a PNG into FILE (its [mqtt] control must take commands), then exit.",
                               valueName: "ID FILE"))
    var screenshot: [String] = []

    public init() {}

    public func validate() throws {
        guard MqttSettings(broker: broker, id: "fleet") != nil else { throw ValidationError("--broker must be \(MqttSettings.brokerRule)") }
        guard MqttSettings.isTopic(prefix) else { throw ValidationError("--prefix must be a topic without wildcards (+, #)") }
        guard wait.isFinite, wait > 0, wait <= 60 else { throw ValidationError("--wait must be more than 0 and at most 60 seconds") }
        guard screenshot.isEmpty || (screenshot.count == 2 && MqttSettings.isTopic(screenshot[0]) && !screenshot[0].contains("/")
                                     && !screenshot[1].isEmpty) else {
            throw ValidationError("--screenshot takes a kiosk's id and a file: --screenshot cabin-1 cabin-1.png")
        }
    }

    public func run() throws {
        guard var settings = MqttSettings(broker: broker, id: "fleet") else { return }
        settings.username = username
        settings.passwordFile = passwordFile
        settings.caFile = caFile
        if screenshot.count == 2 {
            do { print(try FleetScreenshot.fetch(settings, base: "\(prefix)/\(screenshot[0])", into: screenshot[1])) } catch {
                throw ExitCode.failing("fleet", "\(error)")
            }
            return
        }
        let inbox = Mailbox<(String, [UInt8])>()
        var table = FleetTable(prefix: prefix)
        let connection: MqttToolConnection
        do {
            connection = try MqttToolConnection(settings, subscribing: table.topics) { topic, payload, _ in inbox.post((topic, payload)) }
        } catch {
            throw ExitCode.failing("fleet", "\(error)")
        }
        if json {
            let end = Date().addingTimeInterval(wait)
            while Date() < end, inbox.wait(upTo: end.timeIntervalSinceNow) {
                for (topic, payload) in inbox.drain() { table.record(topic: topic, payload: payload) }
            }
            print(table.json(now: Date().timeIntervalSince1970))
            return
        }
        SignalWatch.install()
        var shown = ""
        while SignalWatch.received == nil {
            for (topic, payload) in inbox.drain() { table.record(topic: topic, payload: payload) }
            let text = table.text(now: Date().timeIntervalSince1970)
                + (connection.isConnected ? "" : "\n(connection to the broker lost: reconnecting; the table may be out of date)")
            if text != shown {
                shown = text
                // Home, clear, and the table: one write, so the terminal never shows half of it.
                FileHandle.standardOutput.write(Data(("\u{1B}[H\u{1B}[2JRotary fleet on \(broker) (\(prefix)/+), Ctrl-C to quit\n\n"
                                                      + text + "\n").utf8))
            }
            _ = inbox.wait(upTo: 0.25)
        }
        withExtendedLifetime(connection) {}
    }
}
