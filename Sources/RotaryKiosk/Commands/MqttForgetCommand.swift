import ArgumentParser
import Foundation

/// `rotary-kiosk mqtt-forget CONFIG`: takes a kiosk off the broker for good: its Home
/// Assistant device, its retained state and its availability are cleared (an empty retained
/// message each), so neither Home Assistant nor the fleet view shows it any more.
public struct MqttForgetCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mqtt-forget",
        abstract: "Remove a kiosk from the MQTT broker: its Home Assistant device, retained state and availability.",
        discussion: "Uses the [mqtt] section of the kiosk's config. Stop the kiosk first, or it announces itself again."
    )

    @Argument(help: "The kiosk's TOML config file (its [mqtt] section names the broker and the kiosk).")
    var config: String

    public init() {}

    public func run() throws {
        let outcome = ConfigLoader.load(path: config)
        guard let loaded = outcome.config else {
            for problem in outcome.problems { print(problem) }
            throw ValidationError("\(config) has errors: fix them first (rotary-kiosk check-config \(config))")
        }
        guard let settings = loaded.mqtt else { throw ValidationError("\(config) has no [mqtt] section: there is nothing to forget") }
        do {
            let connection = try MqttToolConnection(settings) { _, _, _ in }
            let zones = loaded.zoneSlugs.map(settings.zoneStateTopic)
            for topic in [HomeAssistantDiscovery.topic(settings), settings.stateTopic] + zones + [settings.availabilityTopic] {
                try connection.publish(topic, "", retain: true)
                print("cleared \(topic)")
            }
        } catch {
            throw ExitCode.failing("mqtt-forget", "\(error)")
        }
    }
}
